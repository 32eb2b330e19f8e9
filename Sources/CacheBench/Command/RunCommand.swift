import CacheBenchCore

/// `cachebench run`, also what no subcommand means: resolves the profile, checks the outputs, calibrates
/// the floor, runs the scenario with progress on stderr, then prints the tables and writes every output.
struct RunCommand: Subcommand {
  /// The configuration, its profile resolved and its profiled variant selected.
  let configuration: RunConfiguration
  /// The variant the ratio lines divide by, when the variants measured give one.
  let reference: ReferenceSelection?

  var scenario: Scenario { configuration.scenario }
  /// `--quiet` leaves stderr to errors and warnings (a figure missing, unfair or interrupted); progress
  /// and information lines go.
  var quiet: Bool { configuration.isQuiet }

  /// The command for `requested`, once its profile, scenario and outputs are known to be good: an
  /// output path that cannot be written is bad input, found before anything runs (a write that fails
  /// later, a full disk, is a failure).
  init(checking requested: RunConfiguration) throws(CommandError) {
    var configuration: RunConfiguration
    do {
      configuration = try ProfileResolver.resolve(requested)
    } catch {
      throw .usage(error.description)
    }
    do {
      if let name = configuration.pendingProfileVariant {
        try configuration.selectProfiledVariant(named: name)
      }
      // A profile may have changed the variants the command line's rates and limits apply to.
      try configuration.scenario.checkDesignTraits()
      try MemoryBudget.check(configuration.scenario, physicalMemory: HostInfo.physicalMemoryBytes)
      reference = try configuration.repeatOptions.selection(in: configuration.scenario.variants)
    } catch {
      throw .usage(error.description)
    }
    do {
      try RunOutputs.checkWritable(configuration.outputs)
      if let baselinePath = configuration.baselinePath {
        try AtomicFileWriter.checkWritable(path: baselinePath)
      }
    } catch {
      throw .usage(error.description)
    }
    self.configuration = configuration
  }

  /// Measures every variant, prints the tables and writes the outputs and the baseline. The profiler,
  /// the signal handlers and the deadline stay in place until the last output is written. Ends with
  /// `CommandError.failure` for an I/O failure, a profiler failure, a broken accounting identity, a
  /// deadline or a variant not measured, `.signalled(N)` when signal N stopped the run.
  func execute() async throws(CommandError) {
    let profiling: ProfilingSession
    do {
      profiling = try ProfilingSession.start(configuration.profiling) {
        CacheBenchCommand.printError($0)
      }
    } catch {
      throw .failure(error.description)
    }
    defer { profiling.finish() }
    let metadata = RunMetadata.current(toolVersion: cacheBenchVersion)
    if let note = BuildCommitNote.current(recorded: metadata.gitCommit) {
      CacheBenchCommand.printError(note)
    }
    let measured = try await measure(observer: profiling)
    defer { measured.stops.remove() }
    if let failure = profiling.failure { throw .failure(failure.description) }
    if let note = RunNotes.fetchLatencySpread(measured.results) {
      CacheBenchCommand.printError(note)
    }
    let record = record(of: measured, metadata: metadata)
    let interruption = RunNotes.interruption(
      measured.stopReason, measured: record.repeated.count,
      partial: record.repeated.count { PartialRow($0, stop: scenario.stop) != nil },
      planned: scenario.variants.count)
    printTables(record, calibration: measured.calibration, interruption: interruption)
    try writeOutputs(record)
    try conclude(measured, record: record, interrupted: interruption != nil)
  }

  /// The run's one record, which the table, every output file and the baseline render.
  func record(of measured: Measured, metadata: RunMetadata) -> RunRecord {
    let grouped = VariantRepetitions.grouping(measured.results)
    return RunRecord(
      repeated: grouped, scenario: scenario, metadata: metadata, calibration: measured.calibration,
      ratios: configuration.repeatOptions.showsRatios
        ? reference.map { ReferenceRatios(grouped, selection: $0) } : nil,
      interrupted: measured.stopReason != nil)
  }
}
