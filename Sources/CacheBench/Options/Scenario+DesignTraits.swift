import CacheBenchCore

extension Scenario {
  /// Refuses what a chosen design cannot honour, by its traits: writes sent to a design that takes none,
  /// and a retention limit (`--capacity`, `--ttl`) for a design that does not support one (the
  /// repository designs keep every admitted entity).
  func checkDesignTraits() throws(OptionsError) {
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
    if capacity != nil {
      throw .conflictingOptions(OptionName.capacity.rawValue, "--variants \(design.name)")
    }
    if timeToLive != nil {
      throw .conflictingOptions(OptionName.ttl.rawValue, "--variants \(design.name)")
    }
  }
}
