import CacheBenchCore

/// One item of `--variants`: a design, optionally with the shard count and the decode placement the
/// table prints it with, so every name a run writes (`sharded(8)`, `coalescing/inside`,
/// `sharded(8)/outside`) is one `--variants` takes, as `--reference` already does.
///
/// A shard count (`sharded(8)`) sets the shards of that variant alone; a placement
/// (`coalescing/inside`) runs that design at that placement alone, whatever `--decode` says, while a
/// bare design name runs at every placement of `--decode`, as before. A count that disagrees with a
/// `--shards` given beside it is refused rather than one of them silently winning.
struct VariantName: Sendable, Equatable {
  var design: CacheDesign
  /// The shard count the name gave, `8` for `sharded(8)`; nil for a bare design name.
  var shards: Int?
  /// The placement the name gave, `inside` for `coalescing/inside`; nil for every `--decode` placement.
  var decode: DecodePlacement?

  /// The shard counts a name may give, as `--shards` allows.
  static let shardCounts = 1...4_096

  /// A non-empty comma list of distinct names, in the order given, which is the order the variants run
  /// and are reported in. A design name no design has is refused with the registered ones, and with the
  /// nearest of them when one is close ("did you mean").
  static func list(
    _ value: String, for option: OptionName, in registry: DesignRegistry
  ) throws(OptionsError) -> [VariantName] {
    var names: [VariantName] = []
    for item in value.split(separator: ",", omittingEmptySubsequences: false) {
      let name = try parse(item, value: value, for: option, in: registry)
      guard !names.contains(name) else {
        throw .invalidValue(option: option, value: value, reason: "'\(item)' is listed twice")
      }
      names.append(name)
    }
    return names
  }

  /// One item: `DESIGN`, `DESIGN(SHARDS)`, `DESIGN/PLACEMENT` or `DESIGN(SHARDS)/PLACEMENT`.
  private static func parse(
    _ item: Substring, value: String, for option: OptionName, in registry: DesignRegistry
  ) throws(OptionsError) -> VariantName {
    let designNames = registry.designs.map(\.name)
    func refuse(_ reason: String) -> OptionsError {
      .invalidValue(option: option, value: value, reason: reason)
    }
    guard !item.isEmpty else {
      throw refuse("empty item; give a comma list of \(designNames.joined(separator: ", "))")
    }
    let parts = item.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    var designPart = parts[0]
    var shards: Int?
    if designPart.hasSuffix(")"), let open = designPart.firstIndex(of: "(") {
      let count = designPart[
        designPart.index(after: open)..<designPart.index(before: designPart.endIndex)]
      designPart = designPart[..<open]
      guard count.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
        let number = Int(count), shardCounts.contains(number)
      else {
        throw refuse(
          "'\(item)': the shard count must be \(shardCounts.lowerBound)...\(shardCounts.upperBound),"
            + " digits only")
      }
      shards = number
    }
    guard let design = registry.designs.first(where: { $0.name == designPart }) else {
      let suggestion = SpellingSuggestion.nearest(to: String(designPart), among: designNames)
      throw refuse(
        "unknown design '\(designPart)';" + (suggestion.map { " did you mean '\($0)'?" } ?? "")
          + " registered designs: \(designNames.joined(separator: ", "))")
    }
    if shards != nil && !design.isSharded {
      let sharded = registry.designs.first(where: \.isSharded).map { ", e.g. \($0.name)(8)" } ?? ""
      throw refuse(
        "'\(item)': \(design.name) has no shards; only a sharded design takes a count\(sharded)")
    }
    var decode: DecodePlacement?
    if parts.count == 2 {
      let placementNames = DecodePlacement.allCases.map(\.rawValue)
      guard let placement = DecodePlacement(rawValue: String(parts[1])) else {
        let suggestion = SpellingSuggestion.nearest(to: String(parts[1]), among: placementNames)
        throw refuse(
          "unknown placement '\(parts[1])' in '\(item)';"
            + (suggestion.map { " did you mean '\($0)'?" } ?? "")
            + " use \(placementNames.joined(separator: ", "))")
      }
      decode = placement
    }
    return VariantName(design: design, shards: shards, decode: decode)
  }

  /// The variants `names` run, in order: each name at its own placement, or at each of `placements`;
  /// a sharded design with its own count, or `shards`.
  static func variants(
    _ names: [VariantName], placements: [DecodePlacement], shards: Int
  ) -> [Variant] {
    names.flatMap { name in
      (name.decode.map { [$0] } ?? placements).map { placement in
        Variant(
          design: name.design, decode: placement,
          shards: name.design.isSharded ? name.shards ?? shards : 1)
      }
    }
  }
}
