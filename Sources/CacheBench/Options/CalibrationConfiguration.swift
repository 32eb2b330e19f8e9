import CacheBenchCore

/// What `cachebench calibrate` measures: the floors at a given concurrency, and the hit path of every design.
struct CalibrationConfiguration: Sendable, Equatable {
  /// Tasks contending for the `Mutex` in the contended measurement, as a run's clients would.
  var concurrency: Int = Scenario(variants: []).concurrency
  /// Shard count of the `sharded` design whose hit path is measured.
  var shards: Int = Scenario(variants: []).shards
  /// Bytes of each payload the hit paths and the harness serve. A run calibrates with its own
  /// `--payload-bytes`; the standalone command keeps the 64 it has always used.
  var payloadBytes: Int = 64
}

/// Collects the options `calibrate` takes (`--concurrency`, `--shards`, `--payload-bytes`) and refuses the others, which
/// describe a workload that calibration does not run. Each of the three is read as `run` reads it, by
/// its declaration (`RunOptionDeclaration`): the same ranges and messages, declared once.
struct CalibrationConfigurationBuilder {
  private var run = RunConfigurationBuilder()
  private var payloadBytesGiven = false

  /// Reads `value` as the value of `option` and records it.
  mutating func apply(_ value: String, for option: OptionName) throws(OptionsError) {
    switch option {
    case .concurrency, .shards:
      try run.apply(value, for: option)
    case .payloadBytes:
      try run.apply(value, for: option)
      payloadBytesGiven = true
    default:
      throw .notApplicable(option: option, subcommand: CommandLineParser.calibrateSubcommand)
    }
  }

  /// The configuration the recorded options describe.
  func build() -> CalibrationConfiguration {
    var configuration = CalibrationConfiguration()
    configuration.concurrency = run.scenario.concurrency
    configuration.shards = run.scenario.shards
    if payloadBytesGiven { configuration.payloadBytes = run.scenario.payloadBytes }
    return configuration
  }
}
