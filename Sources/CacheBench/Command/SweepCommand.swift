import CacheBenchCore

/// `cachebench sweep`: calibrate, run every cell of the plan within the budget, print the matrices, write
/// the CSV.
///
/// The matrices go to stdout, or to stderr when the CSV goes to stdout (`--csv -`); progress and the
/// budget notice go to stderr, progress only without `--quiet`. An accounting violation in any cell fails
/// the sweep (`CommandError.failure`) with no CSV; a CSV path that cannot be written is a usage error.
struct SweepCommand: Subcommand {
  let configuration: SweepConfiguration

  init(_ configuration: SweepConfiguration) {
    self.configuration = configuration
  }

  func execute() async throws(CommandError) {
    let start = MonotonicClock.now()
    let csvPath = configuration.base.csvPath
    if let csvPath, csvPath != RunConfiguration.standardOutputPath {
      do {
        try AtomicFileWriter.checkWritable(path: csvPath)
      } catch {
        // A path that cannot be written is bad input, as for `run`.
        throw .usage(error.description)
      }
    }
    let metadata = RunMetadata.current(toolVersion: cacheBenchVersion)
    if let note = BuildCommitNote.current(recorded: metadata.gitCommit) {
      CacheBenchCommand.printError(note)
    }
    let plan = SweepPlan(configuration)
    let base = configuration.base.scenario
    let quiet = configuration.base.isQuiet
    if !quiet { CacheBenchCommand.printError(Self.summary(configuration, plan: plan)) }

    let calibrations = await Self.calibrations(configuration, plan: plan, quiet: quiet)
    let meter = ResourceMeter.system()
    for note in meter.notes() { CacheBenchCommand.printError(note) }
    if let note = base.fetchTimerNote { CacheBenchCommand.printError(note) }
    if !quiet, let note = meter.recorderNote(clients: configuration.concurrencies.max() ?? 1) {
      CacheBenchCommand.printError(note)
    }
    var runner = SweepRunner(
      scenario: base, plan: plan,
      deadline: configuration.maxTime.map { start &+ UInt64($0.nanoseconds) })
    runner.meter = meter
    runner.repetitions = configuration.repetitions
    if !quiet {
      runner.onProgress = { progress in CacheBenchCommand.printError(Self.progressLine(progress)) }
    }
    let results: [(cell: SweepCell, result: VariantResult)]
    do {
      results = try await runner.run()
    } catch {
      throw .failure(error.description)
    }
    Self.printNotes(results, failRate: base.fetcher.failRate, quiet: quiet)
    let matrix = SweepMatrix(plan: plan, results: results)
    if let maxTime = configuration.maxTime, !matrix.unmeasured.isEmpty {
      CacheBenchCommand.printError(
        "sweep: --max-time \(HumanUnits.latency(maxTime)) spent; \(matrix.unmeasured.count) of"
          + " \(plan.cells.count) cells not measured, from \(matrix.unmeasured[0])")
    }
    let csv = SweepCSVWriter.render(
      matrix, metadata: metadata, scenario: runner.scenario(for:),
      calibration: { calibrations[$0.concurrency] })
    let findings = SweepFindings.evaluate(matrix.rows.map(Self.point), stop: base.stop)
    try Self.write(
      matrices: SweepMatrixWriter.render(matrix) + "\n" + Findings.render(findings), csv: csv,
      csvPath: csvPath)
  }

  /// Each cell's notes on stderr: what its figures need said, and unless `quiet` what they include.
  private static func printNotes(
    _ results: [(cell: SweepCell, result: VariantResult)], failRate: Double, quiet: Bool
  ) {
    for (cell, result) in results {
      let information = quiet ? [] : result.resources.information
      for note in information + result.resources.notes + result.designNotes(failRate: failRate) {
        CacheBenchCommand.printError("\(cell): \(note)")
      }
    }
  }

  /// A measured cell as the sweep's findings read it (`SweepFindings`).
  private static func point(_ row: SweepMatrix.Row) -> SweepPoint {
    SweepPoint(
      variant: row.cell.variant, threads: row.cell.threads, clients: row.cell.concurrency,
      repetitions: row.repetitions)
  }

  /// The calibration each cell's CSV row records, by concurrency: one calibration at the first
  /// concurrency, its contended floors then remeasured at each concurrency of the sweep.
  private static func calibrations(
    _ configuration: SweepConfiguration, plan: SweepPlan, quiet: Bool
  ) async -> [Int: Calibration] {
    var scenario = configuration.base.scenario
    scenario.concurrency = configuration.concurrencies[0]
    scenario.variants = plan.cells.map(\.variant)
    let first = await CalibrateCommand.calibrate(for: scenario, quiet: quiet)
    var calibrations: [Int: Calibration] = [:]
    for concurrency in configuration.concurrencies {
      calibrations[concurrency] = await first.remeasuringContention(at: concurrency)
    }
    return calibrations
  }

  /// Prints the matrices, to stderr when the CSV goes to stdout, and writes the CSV to `csvPath`; a
  /// failure when the CSV cannot be written.
  private static func write(matrices: String, csv: String, csvPath: String?) throws(CommandError) {
    if csvPath == RunConfiguration.standardOutputPath {
      CacheBenchCommand.printError(matrices)
      print(csv, terminator: "")
    } else {
      print(matrices, terminator: "")
    }
    if let csvPath, csvPath != RunConfiguration.standardOutputPath {
      do {
        try AtomicFileWriter.write(csv, toPath: csvPath)
      } catch {
        throw .failure(error.description)
      }
    }
  }

  /// One line naming the sweep's axes and the workload every cell gets.
  static func summary(_ configuration: SweepConfiguration, plan: SweepPlan) -> String {
    let scenario = configuration.base.scenario
    let stop: String
    switch scenario.stop {
    case .requests(let count): stop = RunDescription.counted(count, "request")
    case .duration(let duration): stop = HumanUnits.latency(duration)
    }
    var designs: [String] = []
    var placements: [String] = []
    for variant in scenario.variants {
      if !designs.contains(variant.design.name) { designs.append(variant.design.name) }
      if !placements.contains(variant.decode.rawValue) {
        placements.append(variant.decode.rawValue)
      }
    }
    let budget = configuration.maxTime.map { ", budget \(HumanUnits.latency($0))" } ?? ""
    let repeats =
      configuration.repetitions > 1 ? " × \(configuration.repetitions) repetitions" : ""
    let threads = configuration.threadCounts.map { " client threads \(list($0))," } ?? ""
    // Shard counts apply to sharded designs alone (`SweepPlan`): named only when one is swept.
    let shards =
      scenario.variants.contains { $0.design.isSharded }
      ? " shards \(list(configuration.shardCounts))" : ""
    return "sweep: \(RunDescription.counted(plan.cells.count, "cell"))\(repeats) of"
      + " \(designs.joined(separator: ","))"
      + " over decode \(placements.joined(separator: ",")),"
      + "\(threads) concurrency \(list(configuration.concurrencies))"
      + (shards.isEmpty ? "" : "," + shards) + "\(budget);"
      + " each: \(stop) after \(scenario.warmupRequests) warm-up,\(RunDescription.openLoop(of: scenario))"
      + " \(RunDescription.counted(scenario.keys, "key")) \(scenario.distribution.summaryName), seed \(scenario.seed),"
      + " fetch \(HumanUnits.latency(scenario.fetchLatency)), \(scenario.payloadBytes) B payload,"
      + " \(RunDescription.decode(of: scenario))"
  }

  /// The stderr line before a cell: a bar of cells done, the cell, time spent and an estimate of what is
  /// left (from the measured cells most like each cell still to run, `SweepTimeEstimate`), e.g.
  /// `sweep [######..............] 12/40 sharded(4)/inside c=64, 1m02s elapsed, about 2m15s left`
  /// (`sharded(4)/inside t=2 c=64` on two client threads). With `--repeat` the count is of measurements
  /// (cells times repetitions) and the cell is followed by which of its measurements this is:
  /// `13/24 sharded(4)/inside c=64, run 2/3, …`.
  static func progressLine(_ progress: SweepRunner.Progress) -> String {
    let width = 20
    let done = progress.position - 1
    let filled = progress.total == 0 ? 0 : done * width / progress.total
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    var line = "sweep [\(bar)] \(progress.position)/\(progress.total) \(progress.cell),"
    if progress.repetitions > 1 {
      line += " run \(progress.repetition)/\(progress.repetitions),"
    }
    line += " \(clockText(progress.elapsed)) elapsed"
    let estimate = SweepTimeEstimate(
      measured: progress.measured, scalesWithClients: progress.stopsByRequests)
    if let left = estimate.nanosecondsLeft(for: progress.remaining) {
      line += ", about \(clockText(left)) left"
    }
    if let budget = progress.budgetLeft {
      line += " (budget: \(clockText(budget)) left)"
    }
    return line
  }

  /// Whole seconds as `42s`, `1m02s` or `1h05m`.
  static func clockText(_ nanoseconds: UInt64) -> String {
    let seconds = nanoseconds / 1_000_000_000
    if seconds < 60 { return "\(seconds)s" }
    let minutes = seconds / 60
    if minutes < 60 { return "\(minutes)m" + twoDigits(seconds % 60) + "s" }
    return "\(minutes / 60)h" + twoDigits(minutes % 60) + "m"
  }

  /// `value` with a leading zero below 10.
  private static func twoDigits(_ value: UInt64) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }

  /// `values` as a comma list.
  private static func list(_ values: [Int]) -> String {
    values.map(String.init).joined(separator: ",")
  }
}
