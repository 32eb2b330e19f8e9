import CacheBenchCore

extension VariantResult {
  /// `decodes_elsewhere` as the outputs show it: nil without `--cancel-rate` or with `--decode none`,
  /// and for `--decode detached`, where it cannot be counted.
  ///
  /// A decode is told to be a marked request's by the task-local mark its task carries, which an
  /// unstructured `Task { }` copies but a `Task.detached` does not: a marked request's decode in a
  /// detached task carries no mark and is counted nowhere. The count there reads 0 whatever ran, so the
  /// outputs leave it empty (`n/a`) rather than claim no decode of a marked request ran elsewhere.
  var countedDecodesElsewhere: Int? {
    guard let figures = decodeCancellation, variant.decode != .detached else { return nil }
    return figures.decodesElsewhere
  }
}
