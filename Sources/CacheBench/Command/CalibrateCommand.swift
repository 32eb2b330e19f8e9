import CacheBenchCore

/// `cachebench calibrate`, and the calibration every run and sweep makes before its first variant.
struct CalibrateCommand: Subcommand {
  let configuration: CalibrationConfiguration

  init(_ configuration: CalibrationConfiguration) {
    self.configuration = configuration
  }

  /// Measures the floors and prints them as a table on stdout; progress goes to stderr. Never fails.
  func execute() async {
    // Every registered design's hit path, but the writing designs': a user's designs are measured
    // beside the built-in ones, measured by default or not.
    let designs = RegisteredDesigns.registry.designs.filter { !$0.takesWrites }
    var scenario = Scenario(
      variants: Variant.all(designs: designs, placements: [.noDecode], shards: configuration.shards)
    )
    scenario.concurrency = configuration.concurrency
    scenario.shards = configuration.shards
    let calibration = await Self.calibrate(for: scenario)
    print(CalibrationTableWriter.render(calibration), terminator: "")
  }

  /// The floors for `scenario`: the `Mutex` contended at its concurrency, the harness with its key
  /// sequence, and the hit path of each of its designs and shard counts. Tells stderr what it is doing,
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
      hitPaths: Calibration.hitPathDesigns(of: scenario.variants), budget: budget
    ) { probe in
      if !quiet { CacheBenchCommand.printError("calibrating: \(probe)") }
    }
  }
}
