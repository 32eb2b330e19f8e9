import CacheBenchCore

extension Scenario {
  /// Refuses what a chosen design cannot honour, by its traits: an awaited decode placement for a design
  /// that does not place its decode (`DesignTraits.placesDecode`), writes sent to a design that takes none,
  /// and a retention limit (`--capacity`, `--ttl`) for a design that does not support one (the
  /// repository designs keep every admitted entity).
  func checkDesignTraits() throws(OptionsError) {
    if let variant = variants.first(where: { !$0.designHonoursPlacement }) {
      let placing = RegisteredDesigns.registry.designs.filter { $0.traits.contains(.placesDecode) }
      throw .invalidValue(
        option: .decode, value: variant.decode.rawValue,
        reason:
          "\(variant.design.name) cannot await a decode from inside its isolation; use inside,"
          + " outside or none, or --variants \(placing.map(\.name).joined(separator: ","))")
    }
    if writeRate > 0, let design = variants.first(where: { !$0.design.takesWrites })?.design {
      let writing = RegisteredDesigns.registry.writingDesigns.map(\.name).joined(separator: ",")
      throw .invalidValue(
        option: .writeRate, value: "\(writeRate)",
        reason: "\(design.name) takes no writes; use --variants \(writing)")
    }
    guard
      let design = variants.first(where: { !$0.design.traits.contains(.supportsRetention) })?
        .design
    else { return }
    let given: (OptionName, String)? =
      if let capacity { (.capacity, "\(capacity)") } else {
        timeToLive.map { (.ttl, HumanUnits.latency($0)) }
      }
    guard let (option, value) = given else { return }
    let retaining = RegisteredDesigns.registry.designs.filter {
      $0.traits.contains(.supportsRetention)
    }
    throw .invalidValue(
      option: option, value: value,
      reason:
        "\(design.name) does not take a capacity or expiry: its CacheDesign declares no"
        + " capacity/ttl trait (a design that honours CacheEnvironment.retention declares traits:"
        + " [.supportsRetention]; --help shows [capacity/ttl] beside such designs); use --variants"
        + " \(retaining.map(\.name).joined(separator: ","))")
  }
}
