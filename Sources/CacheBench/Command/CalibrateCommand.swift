import CacheBenchCore

/// `cachebench calibrate`, and the calibration every run and sweep makes before its first variant.
struct CalibrateCommand: Subcommand {
  let configuration: CalibrationConfiguration

  init(_ configuration: CalibrationConfiguration) {
    self.configuration = configuration
  }

  /// Measures the floors and prints them as a table on stdout; progress goes to stderr. Never fails.
  func execute() async {
    let scenario = Self.scenario(
      for: configuration, designs: RegisteredDesigns.registry.designs)
    let calibration = await Self.calibrate(for: scenario)
    print(CalibrationTableWriter.render(calibration), terminator: "")
  }

  /// What the standalone command calibrates for: every one of `designs` (the registry's), the ones that
  /// take writes included (a hit is a read), so a user's designs are measured beside the built-in ones,
  /// measured by default or not; at the configuration's concurrency, shard count and payload size.
  static func scenario(
    for configuration: CalibrationConfiguration, designs: [CacheDesign]
  ) -> Scenario {
    var scenario = Scenario(
      variants: Variant.all(designs: designs, placements: [.noDecode], shards: configuration.shards)
    )
    scenario.concurrency = configuration.concurrency
    scenario.shards = configuration.shards
    scenario.payloadBytes = configuration.payloadBytes
    return scenario
  }

  /// The floors for `scenario`: the `Mutex` contended at its concurrency, the harness with its key
  /// sequence, and the hit path of each of its designs and shard counts, both over payloads of its
  /// `payloadBytes`, so a hit serves the values the run serves. Tells stderr what it is doing,
  /// because it takes most of a second, unless `quiet`; a quick budget is said either way, since it
  /// makes the floors rough.
  static func calibrate(for scenario: Scenario, quiet: Bool = false) async -> Calibration {
    let keys = KeySequence(
      distribution: scenario.distribution, keys: scenario.keys, seed: scenario.seed)
    let budget = CalibrationBudget.chosen()
    if budget == .quick {
      CacheBenchCommand.printError(
        "calibration is quick (\(CalibrationBudget.environmentVariable)=quick): \(budget.rounds) rounds"
          + " a probe, so the floors are rough")
    }
    return await Calibration.measure(
      concurrency: scenario.concurrency, keys: keys,
      hitPaths: Calibration.hitPathDesigns(of: scenario.variants),
      payloadBytes: scenario.payloadBytes, budget: budget
    ) { probe in
      if !quiet { CacheBenchCommand.printError("calibrating: \(probe)") }
    }
  }
}
