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
/// describe a workload that calibration does not run.
struct CalibrationConfigurationBuilder {
  private var configuration = CalibrationConfiguration()

  /// Reads `value` as the value of `option` and records it.
  mutating func apply(_ value: String, for option: OptionName) throws(OptionsError) {
    switch option {
    case .concurrency:
      configuration.concurrency = try OptionValueParser.integer(
        value, for: option, in: RunConfigurationBuilder.concurrencies)
    case .shards:
      configuration.shards = try OptionValueParser.integer(value, for: option, in: 1...4_096)
    case .payloadBytes:
      configuration.payloadBytes = try OptionValueParser.integer(
        value, for: option, in: 1...67_108_864)
    default:
      throw .notApplicable(option: option, subcommand: CommandLineParser.calibrateSubcommand)
    }
  }

  /// The configuration the recorded options describe.
  func build() -> CalibrationConfiguration {
    configuration
  }
}
