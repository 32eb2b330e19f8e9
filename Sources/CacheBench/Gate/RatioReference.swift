import CacheBenchCore

/// Which variant each variant's timing ratios (`TimingRatios`) divide by in `compare`, picked as `run`
/// picks the reference of its ratio lines (`ReferenceSelection`).
///
/// When the profile names no `gate.reference`, the reference is a design: the single coalescing actor
/// (`RegisteredDesigns.reference`) when the baseline measured it, else the baseline's first variant's
/// design. Each variant is then divided by that design's variant of the same decode placement (and, in a
/// sweep, the same cell): `sharded(8)/inside` by `coalescing/inside` and `sharded(8)/outside` by
/// `coalescing/outside`, so the ratio isolates the design rather than mixing in the cost of moving the
/// decode. A variant with no such reference gets `null` ratios, as it gets no ratio line under a run's
/// table. A profile's `gate.reference` names one variant (`mutex/outside`) that divides every variant.
enum RatioReference: Sendable, Equatable {
  /// The variant of this design with the same decode placement and cell.
  case design(String)
  /// This variant (its key, `mutex/outside`), for every placement.
  case variant(String)

  /// The profile's reference variant when it names one, else the design `run` would divide by.
  static func selected(profile: String?, in variants: [VariantMetrics]) -> RatioReference {
    if let profile { return .variant(profile) }
    let preferred = RegisteredDesigns.reference.name
    if variants.contains(where: { $0.design == preferred }) { return .design(preferred) }
    return .design(variants.first?.design ?? preferred)
  }

  /// The key of the variant `variant` is divided by among `variants` (those of its own run); nil when
  /// the run has none for its placement.
  func key(for variant: VariantMetrics, in variants: [VariantMetrics]) -> String? {
    switch self {
    case .design(let name):
      variants.first {
        $0.design == name && $0.decode == variant.decode && $0.cell == variant.cell
      }?.key
    case .variant(let key):
      key
    }
  }

  /// The keys of the variants that `variants` are divided by, each once, in the order of `variants`.
  func keys(in variants: [VariantMetrics]) -> [String] {
    var keys: [String] = []
    for variant in variants {
      if let key = key(for: variant, in: variants), !keys.contains(key) { keys.append(key) }
    }
    return keys
  }

  /// What the reports name: the design or variant, `coalescing` or `mutex/outside`.
  var name: String {
    switch self {
    case .design(let name): name
    case .variant(let key): key
    }
  }

  /// What the reports say after `ratios relative to:` for a baseline of `variants`: the one variant
  /// when every ratio divides by the same (`coalescing/none`, `mutex/outside`), else the design and
  /// the variant of each placement, `coalescing of the same decode placement (coalescing/inside,
  /// coalescing/outside)`; each name passed through `code` (Markdown puts it in backticks).
  func summary(in variants: [VariantMetrics], code: (String) -> String = { $0 }) -> String {
    let keys = keys(in: variants)
    guard case .design(let name) = self, keys.count > 1 else {
      return code(keys.first ?? self.name)
    }
    let axes =
      variants.contains { $0.cell != nil } ? "decode placement and cell" : "decode placement"
    return "\(code(name)) of the same \(axes) (\(keys.map(code).joined(separator: ", ")))"
  }
}
