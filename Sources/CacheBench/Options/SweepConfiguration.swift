import CacheBenchCore

/// What `cachebench sweep` measures: every design of a run, over the cross product of decode placements,
/// client thread counts (when `--threads` gives them), concurrencies and (for `sharded`) shard counts, with
/// one workload.
struct SweepConfiguration: Sendable, Equatable {
  /// The workload, the designs and placements, and the CSV path; its scenario's `concurrency`, `shards`
  /// and `variants` are replaced per cell.
  var base: RunConfiguration
  /// Shard counts of the `sharded` design, ascending.
  var shardCounts: [Int]
  /// Client task counts, ascending.
  var concurrencies: [Int]
  /// Wall-time budget of the whole sweep; `nil` for none. No cell starts once it is spent.
  var maxTime: Duration?
  /// Client thread counts (`--threads`), ascending; `nil` for no such axis, every cell's clients on
  /// Swift's global executor as in a run without the option.
  var threadCounts: [Int]? = nil
  /// Measurements of each cell (`--repeat`), interleaved as `run --repeat` interleaves its variants; the
  /// matrices and the CSV give medians.
  var repetitions = RepeatOptions.defaultCount

  /// The shard counts of a sweep that does not give `--shards`.
  static let defaultShardCounts = [1, 2, 4, 8, 16]
  /// The concurrencies of a sweep that does not give `--concurrency`.
  static let defaultConcurrencies = [1, 8, 64, 256]
}

/// Collects the options of `sweep`: those of `run`, read by their declarations, except that `--shards`,
/// `--concurrency` and `--threads` take lists and ranges (`OptionValueParser.integerList`) of the values
/// `run` allows, plus `--max-time`.
///
/// The ratios of a sweep are relative to the single coalescing actor, so `--variants` must include
/// `coalescing`, and `--reference` is refused; `--repeat` measures every cell that many times.
struct SweepConfigurationBuilder {
  private var run = RunConfigurationBuilder()
  private var shardCounts = SweepConfiguration.defaultShardCounts
  private var concurrencies = SweepConfiguration.defaultConcurrencies
  private var maxTime: Duration?
  private var threadCounts: [Int]?
  private var repetitions = RepeatOptions.defaultCount
  private var variantsValue: String?

  /// Options of `run` that a sweep refuses rather than ignore: the outputs other than `--csv`, each of
  /// which is one record per variant of one scenario, while a sweep's cells share variant names across
  /// concurrencies and thread counts (a baseline or a JSON result of them would need a cell key that the
  /// result record does not have); `--profile`, whose scenario a sweep does not read; `--deadline`, for
  /// which a sweep has `--max-time`; the profiler hooks, which a sweep does not attach; and
  /// `--findings`, whose limit a sweep's findings block does not take (it holds only the rules that
  /// need client counts, and shows at most the default number).
  static let refusedOptions: Set<OptionName> = [
    .json, .markdown, .histogramCSV, .rawLatencies, .saveBaseline, .profile, .deadline,
    .perfControl, .profileVariant, .pauseBeforeWindow, .findings,
  ]

  /// Reads `value` as the value of `option` and records it.
  mutating func apply(_ value: String, for option: OptionName) throws(OptionsError) {
    switch option {
    case .shards:
      shardCounts = try OptionValueParser.integerList(
        value, for: option, in: VariantName.shardCounts)
    case .concurrency:
      concurrencies = try OptionValueParser.integerList(
        value, for: option, in: RunConfigurationBuilder.concurrencies)
    case .threads:
      threadCounts = try OptionValueParser.integerList(
        value, for: option, in: RunConfigurationBuilder.threadCounts)
    case .repetitions:
      repetitions = try OptionValueParser.integer(value, for: option, in: RepeatOptions.countRange)
    case .reference:
      throw .notApplicable(option: option, subcommand: CommandLineParser.sweepSubcommand)
    case _ where Self.refusedOptions.contains(option):
      throw .notApplicable(option: option, subcommand: CommandLineParser.sweepSubcommand)
    case .maxTime:
      maxTime = try OptionValueParser.duration(
        value, for: option, requirement: "must be greater than 0 and at most 1440m (24 hours)",
        isAllowed: { $0 > .zero && $0 <= .seconds(24 * 60 * 60) })
    default:
      if option == .variants { variantsValue = value }
      try run.apply(value, for: option)
    }
  }

  /// The configuration the recorded options describe, or the first conflict between them.
  func build() throws(OptionsError) -> SweepConfiguration {
    let base = try run.build()
    if run.variantsNameShardsOrPlacements {
      throw .invalidValue(
        option: .variants, value: variantsValue ?? "",
        reason:
          "a sweep takes design names: its shard counts come from \(OptionName.shards) and its"
          + " placements from \(OptionName.decode)")
    }
    if base.scenario.caller == .main && threadCounts != nil {
      throw .conflictingOptions("\(OptionName.caller) main", OptionName.threads.rawValue)
    }
    guard base.scenario.variants.contains(where: { $0.design == RegisteredDesigns.reference })
    else {
      throw .invalidValue(
        option: .variants, value: variantsValue ?? "",
        reason:
          "a sweep needs \(RegisteredDesigns.reference.name), the single actor its ratios are"
          + " relative to")
    }
    return SweepConfiguration(
      base: base, shardCounts: shardCounts, concurrencies: concurrencies, maxTime: maxTime,
      threadCounts: threadCounts, repetitions: repetitions)
  }
}
