import CacheBenchCore
import CacheBenchDesigns

/// The whole command-line tool behind the thin executable: parse, run, write, and map every outcome to an
/// exit code (0 ok, 1 failure, 2 gate regression, 64 usage).
public enum CacheBenchCommand {
  /// Exit codes, as documented in `--help` and the README.
  enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let regression: Int32 = 2
    static let usage: Int32 = 64
    /// A run stopped by a signal exits 128 + its number, as a shell reports a death by that signal:
    /// 130 for SIGINT, 143 for SIGTERM.
    static func signalled(_ number: Int32) -> Int32 { 128 + number }
  }

  /// Runs the tool with `arguments` (without the program name), knowing the built-in designs and
  /// `designs`, and returns the process exit code.
  ///
  /// This is the whole of a user's executable: `exit(await CacheBenchCommand.main(arguments:
  /// Array(CommandLine.arguments.dropFirst()), designs: [myDesign]))`. Every subcommand then finds
  /// `designs` by name beside the built-in ones. Designs that cannot be registered (an empty or malformed
  /// name, a name given twice or taken from a built-in design) are a usage error, exit 64, before
  /// anything runs.
  public static func main(arguments: [String], designs: [CacheDesign] = []) async -> Int32 {
    let registry: DesignRegistry
    do {
      registry = try DesignRegistry.withBuiltIn(adding: designs)
    } catch {
      printError(error.description)
      return ExitCode.usage
    }
    return await RegisteredDesigns.$registry.withValue(registry) {
      await main(arguments: arguments)
    }
  }

  /// Runs the tool with the designs already registered (`RegisteredDesigns`).
  private static func main(arguments: [String]) async -> Int32 {
    let command: Command
    do {
      command = try CommandLineParser.parse(arguments)
    } catch {
      printError(error.description)
      return ExitCode.usage
    }
    switch command {
    case .help:
      print(HelpText.usage, terminator: HelpText.usage.hasSuffix("\n") ? "" : "\n")
      return ExitCode.success
    case .version:
      print(RunMetadata.versionLine(toolVersion: cacheBenchVersion))
      return ExitCode.success
    case .run(let configuration):
      return await run(configuration)
    case .compare(let configuration):
      return CompareCommand.run(configuration)
    case .baseline(let configuration):
      return CompareCommand.writeBaseline(configuration)
    case .paired(let configuration):
      return PairedCommand.run(configuration)
    case .calibrate(let configuration):
      return await CalibrateCommand.run(configuration)
    case .sweep(let configuration):
      return await SweepCommand.run(configuration)
    }
  }

  /// Resolves the profile, checks the outputs, calibrates the floor, runs the scenario with progress
  /// on stderr, then prints the tables and writes every output; 64 for a bad profile, scenario or
  /// output path, 1 for an I/O failure, a profiler failure or a broken accounting identity.
  private static func run(_ requested: RunConfiguration) async -> Int32 {
    var configuration: RunConfiguration
    do {
      configuration = try ProfileResolver.resolve(requested)
    } catch {
      printError(error.description)
      return ExitCode.usage
    }
    let reference: ReferenceSelection?
    do {
      if let name = configuration.pendingProfileVariant {
        try configuration.selectProfiledVariant(named: name)
      }
      // A profile may have changed the variants the command line's rates and limits apply to.
      try configuration.scenario.checkDesignTraits()
      try MemoryBudget.check(configuration.scenario, physicalMemory: HostInfo.physicalMemoryBytes)
      reference = try configuration.repeatOptions.selection(in: configuration.scenario.variants)
    } catch {
      printError(error.description)
      return ExitCode.usage
    }
    let outputs = configuration.outputs
    // An output path that cannot be written is bad input, found before anything runs: usage (64),
    // as the README's exit codes say. A write that fails later (a full disk) is a failure (1).
    do {
      try RunOutputs.checkWritable(outputs)
      if let baselinePath = configuration.baselinePath {
        try AtomicFileWriter.checkWritable(path: baselinePath)
      }
    } catch {
      printError(error.description)
      return ExitCode.usage
    }
    let profiling: ProfilingSession
    do {
      profiling = try ProfilingSession.start(configuration.profiling) { printError($0) }
    } catch {
      printError(error.description)
      return ExitCode.failure
    }
    defer { profiling.finish() }
    let metadata = RunMetadata.current(toolVersion: cacheBenchVersion)
    let scenario = configuration.scenario
    let style = ProgressReporter.style(
      quiet: configuration.isQuiet, standardErrorIsTerminal: Terminal.standardErrorIsTerminal)
    let progress = ProgressReporter(
      style: style, variantCount: scenario.variants.count * configuration.repeatOptions.count,
      width: Terminal.standardErrorColumns ?? 80)
    progress.begin(summary: RunDescription.summary(of: scenario))
    // --quiet leaves stderr to errors and warnings (a figure missing, unfair or interrupted); progress
    // and information lines go.
    let quiet = configuration.isQuiet
    let calibration = await CalibrateCommand.calibrate(for: scenario, quiet: quiet)
    let meter = ResourceMeter.system()
    for note in meter.notes() { printError(note) }
    if let note = scenario.fetchTimerNote { printError(note) }
    if !quiet, let note = meter.recorderNote(clients: scenario.concurrency) { printError(note) }
    // Variants that could not be built or stalled: reported as they happen, and the run exits 1 once
    // every other variant is measured and written.
    let unfinished = SanitizerVisibleMutex<[String]>([])
    var driver = BenchmarkDriver(scenario: scenario) { event in
      progress.handle(event)
      switch event {
      case .finished(let result):
        for note in result.resources.notes + result.designNotes(failRate: scenario.fetcher.failRate)
        {
          printError("\(result.variant.description): \(note)")
        }
        if result.stalled { unfinished.withLock { $0.append(result.variant.description) } }
      case .failed(let variant, let reason):
        // The progress lines say it unless they are silenced; the reason must reach stderr anyway.
        if style == .silent { printError("\(variant.description): not measured: \(reason)") }
        unfinished.withLock { $0.append(variant.description) }
      case .started, .windowStarted:
        break
      }
    }
    driver.meter = meter
    driver.runDeadline = configuration.deadline
    driver.repetitions = configuration.repeatOptions.count
    driver.recordsRawLatencies = configuration.rawLatenciesPath != nil
    driver.windowObserver = profiling
    let runStop = driver.runStop
    let signals = TerminationSignals { number in
      if runStop.request(.signal(number)) {
        printError(RunNotes.draining(signal: number))
      }
    }
    defer { signals.uninstall() }
    let deadlineTimer = configuration.deadline.map { deadline in
      Task {
        try? await Task.sleep(for: deadline)
        guard !Task.isCancelled else { return }
        if runStop.request(.deadline) {
          printError("deadline of \(HumanUnits.latency(deadline)) reached: draining")
        }
      }
    }
    defer { deadlineTimer?.cancel() }
    let ticker =
      style == .bar
      ? Task { await progress.tick(every: .milliseconds(200), clock: ContinuousClock()) } : nil
    var results: [VariantResult]
    do {
      results = try await driver.run()
    } catch {
      await stop(ticker, progress)
      printError(error.description)
      return ExitCode.failure
    }
    await stop(ticker, progress)
    let stopReason = runStop.reason
    if stopReason != nil {
      results = results.map { result in
        var result = result
        result.interrupted = true
        return result
      }
      for result in results where result.undrainedClients > 0 {
        printError(
          "\(result.variant.description): \(result.undrainedClients) clients did not drain in time;"
            + " their requests are in no figure")
      }
    }
    if let failure = profiling.failure {
      printError(failure.description)
      return ExitCode.failure
    }
    if let note = RunNotes.fetchLatencySpread(results) { printError(note) }
    let grouped = VariantRepetitions.grouping(results)
    // The run's one record, which the table, every output file and the baseline render.
    let record = RunRecord(
      repeated: grouped, scenario: scenario, metadata: metadata, calibration: calibration,
      ratios: configuration.repeatOptions.showsRatios
        ? reference.map { ReferenceRatios(grouped, selection: $0) } : nil,
      interrupted: stopReason != nil)
    let repeated = record.repeated
    let ratios = record.ratios
    let ratioLines = ratios.map(RatioLinesWriter.render) ?? ""
    let interruption = RunNotes.interruption(
      stopReason, measured: repeated.count, planned: scenario.variants.count)
    let table =
      TableWriter.render(repeated: repeated) + (ratioLines.isEmpty ? "" : "\n" + ratioLines) + "\n"
      + ContentionTableWriter.render(repeated: repeated, calibration: calibration)
      + MainActorTableWriter.render(repeated: repeated, caller: scenario.caller)
      + DecodeCancellationTableWriter.render(repeated: repeated, scenario: scenario)
      + CalibrationTableWriter.summary(calibration) + (interruption.map { $0 + "\n" } ?? "")
    if configuration.writesToStandardOutput {
      // stdout carries that one output alone so it can be piped; the table goes to stderr.
      StandardError.write(table)
    } else {
      print(table, terminator: table.hasSuffix("\n") ? "" : "\n")
    }
    for output in outputs {
      do {
        let text = try RunOutputs.render(output.option, record)
        if output.isStandardOutput {
          print(text, terminator: "")
        } else {
          try AtomicFileWriter.write(text, toPath: output.path)
        }
      } catch {
        printError(error.description)
        return ExitCode.failure
      }
    }
    if interruption != nil, let baselinePath = configuration.baselinePath {
      printError(
        "no baseline written to \(baselinePath): the run was stopped before it finished, and a"
          + " baseline must hold a complete run")
    }
    switch stopReason {
    case .signal(let number):
      return ExitCode.signalled(number)
    case .deadline:
      printError(
        "the run did not finish before its deadline; results so far are marked interrupted")
      return ExitCode.failure
    case .stalled, nil:
      // A stalled window stops only its own variant, never the run (`BenchmarkDriver`).
      break
    }
    let notMeasured = unfinished.withLock { $0 }
    if !notMeasured.isEmpty {
      printError(
        "not every variant was measured (\(notMeasured.joined(separator: ", ")));"
          + (configuration.baselinePath == nil ? "" : " no baseline written;")
          + " the others' results are complete")
      return ExitCode.failure
    }
    if let baselinePath = configuration.baselinePath {
      let baseline = ResultDocument(kind: .baseline, record: record)
      do {
        try AtomicFileWriter.write(baseline.json.rendered(), toPath: baselinePath)
      } catch {
        printError(error.description)
        return ExitCode.failure
      }
      if !quiet { printError("baseline written to \(baselinePath)") }
    }
    return ExitCode.success
  }

  /// Stops the progress ticker, waits until it can no longer draw, and erases any bar it left.
  private static func stop(_ ticker: Task<Void, Never>?, _ progress: ProgressReporter) async {
    ticker?.cancel()
    await ticker?.value
    progress.end()
  }

  /// Writes one line to stderr, prefixed with the tool's name.
  static func printError(_ message: String) {
    var text = message.hasSuffix("\n") ? message : message + "\n"
    if !text.hasPrefix("cachebench") { text = "cachebench: " + text }
    StandardError.write(text)
  }
}
