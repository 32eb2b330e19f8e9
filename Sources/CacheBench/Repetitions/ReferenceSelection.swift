import CacheBenchCore

/// Which variant each variant of a run is divided by in the ratio lines (`--reference`).
///
/// A design name (`coalescing`) selects, for each variant, the variant of that design with the same
/// decode placement, so `sharded(8)/inside` is divided by `coalescing/inside` and `sharded(8)/outside`
/// by `coalescing/outside`: the ratio then isolates the design. A variant name (`coalescing/inside`,
/// or `sharded/outside` for the sharded design, as `--profile-variant` takes them) divides every
/// variant by that one variant.
enum ReferenceSelection: Sendable, Equatable {
  /// The variant of the design with this name and the same decode placement.
  case design(String)
  /// This variant, for every placement.
  case variant(Variant)

  /// What `text` selects among `variants`: a variant's name, or a design at least one of them has;
  /// nil when it names neither.
  static func named(_ text: String, in variants: [Variant]) -> ReferenceSelection? {
    if let variant = WindowSelection.variant(named: text, in: variants) {
      return .variant(variant)
    }
    if variants.contains(where: { $0.design.name == text }) { return .design(text) }
    return nil
  }

  /// The selection when `--reference` is not given: the single coalescing actor (the design `sweep`
  /// compares with, `RegisteredDesigns.reference`) when the run measures it, else the first variant's
  /// design; nil for a run of no variant.
  static func defaultSelection(in variants: [Variant]) -> ReferenceSelection? {
    let preferred = RegisteredDesigns.reference.name
    if variants.contains(where: { $0.design.name == preferred }) { return .design(preferred) }
    return variants.first.map { .design($0.design.name) }
  }

  /// The variant `variant` is divided by, among `variants`; nil when the run has none for its
  /// placement. A reference variant's own ratios would all be 1, so it is its own reference.
  func reference(for variant: Variant, in variants: [Variant]) -> Variant? {
    switch self {
    case .design(let name):
      variants.first { $0.design.name == name && $0.decode == variant.decode }
    case .variant(let reference):
      variants.contains(reference) ? reference : nil
    }
  }

  /// How the ratio lines' heading names it: `coalescing` or `coalescing/inside`.
  var name: String {
    switch self {
    case .design(let name): name
    case .variant(let variant): variant.description
    }
  }
}
