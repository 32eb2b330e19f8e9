import CacheBenchCore

extension RunCommand {
  /// What the driver measured, and how the run ended.
  struct Measured {
    var results: [VariantResult]
    var stopReason: StopReason?
    var calibration: Calibration
    /// The variants that could not be built or stalled: reported as they happened, and the run exits 1
    /// once every other variant is measured and written.
    var unfinished: [String]
    /// What stops the run early: removed when the command ends, after the last output is written.
    var stops: StopHandlers
  }

  /// The handlers that stop a run early: the signals' and the deadline's.
  struct StopHandlers {
    let signals: TerminationSignals
    let deadlineTimer: Task<Void, Never>?

    /// Handlers that ask `runStop` to drain on the first SIGINT or SIGTERM and at `deadline`.
    init(_ runStop: RunStop, deadline: Duration?) {
      signals = TerminationSignals { number in
        if runStop.request(.signal(number)) {
          CacheBenchCommand.printError(RunNotes.draining(signal: number))
        }
      }
      deadlineTimer = deadline.map { deadline in
        Task {
          try? await Task.sleep(for: deadline)
          guard !Task.isCancelled else { return }
          if runStop.request(.deadline) {
            CacheBenchCommand.printError(
              "deadline of \(HumanUnits.latency(deadline)) reached: draining")
          }
        }
      }
    }

    func remove() {
      deadlineTimer?.cancel()
      signals.uninstall()
    }
  }

  /// Calibrates the floor, then runs every variant with progress on stderr; a run stopped early has
  /// every result marked interrupted.
  func measure(observer: ProfilingSession) async throws(CommandError) -> Measured {
    let style = ProgressReporter.style(
      quiet: quiet, standardErrorIsTerminal: Terminal.standardErrorIsTerminal)
    let progress = ProgressReporter(
      style: style, variantCount: scenario.variants.count * configuration.repeatOptions.count,
      width: Terminal.standardErrorColumns ?? 80)
    progress.begin(summary: RunDescription.summary(of: scenario))
    let calibration = await CalibrateCommand.calibrate(for: scenario, quiet: quiet)
    let meter = ResourceMeter.system()
    for note in meter.notes() { CacheBenchCommand.printError(note) }
    if let note = scenario.fetchTimerNote { CacheBenchCommand.printError(note) }
    if !quiet, let note = meter.recorderNote(clients: scenario.concurrency) {
      CacheBenchCommand.printError(note)
    }
    let unfinished = SanitizerVisibleMutex<[String]>([])
    // Variants whose information lines were said: once a variant, not once a repetition.
    let informed = SanitizerVisibleMutex<Set<String>>([])
    let notes = RepeatedNotes(repetitions: configuration.repeatOptions.count)
    let quiet = quiet
    let driver = makeDriver(meter: meter, observer: observer) { event in
      progress.handle(event)
      if !quiet, case .finished(let result) = event,
        informed.withLock({ $0.insert(result.variant.description).inserted })
      {
        for line in result.resources.information {
          CacheBenchCommand.printError("\(result.variant.description): \(line)")
        }
      }
      Self.report(
        event, failRate: scenario.fetcher.failRate, silent: style == .silent, notes: notes
      ) { variant in
        unfinished.withLock { $0.append(variant) }
      }
    }
    let stops = StopHandlers(driver.runStop, deadline: configuration.deadline)
    let ticker =
      style == .bar
      ? Task { await progress.tick(every: .milliseconds(200), clock: ContinuousClock()) } : nil
    let results: [VariantResult]
    do {
      results = try await driver.run()
    } catch {
      await Self.stop(ticker, progress)
      stops.remove()
      throw .failure(error.description)
    }
    await Self.stop(ticker, progress)
    let stopReason = driver.runStop.reason
    return Measured(
      results: stopReason == nil ? results : Self.interrupted(results), stopReason: stopReason,
      calibration: calibration, unfinished: unfinished.withLock { $0 }, stops: stops)
  }

  /// The driver for the scenario, reporting its events to `handle`.
  private func makeDriver(
    meter: ResourceMeter, observer: ProfilingSession,
    handle: @escaping @Sendable (DriverEvent) -> Void
  ) -> BenchmarkDriver {
    var driver = BenchmarkDriver(scenario: scenario, onEvent: handle)
    driver.meter = meter
    driver.runDeadline = configuration.deadline
    driver.repetitions = configuration.repeatOptions.count
    driver.recordsRawLatencies = configuration.rawLatenciesPath != nil
    driver.windowObserver = observer
    return driver
  }

  /// Says on stderr what a finished variant's figures need said, and names the variants that were not
  /// measured to `unfinished`.
  private static func report(
    _ event: DriverEvent, failRate: Double, silent: Bool, notes: RepeatedNotes,
    unfinished: (String) -> Void
  ) {
    switch event {
    case .finished(let result):
      let said = notes.lines(
        result.resources.notes + result.designNotes(failRate: failRate),
        of: result.variant.description)
      for note in said {
        CacheBenchCommand.printError("\(result.variant.description): \(note)")
      }
      if result.stalled { unfinished(result.variant.description) }
    case .failed(let variant, let reason):
      // The progress lines say it unless they are silenced; the reason must reach stderr anyway.
      if silent { CacheBenchCommand.printError("\(variant.description): not measured: \(reason)") }
      unfinished(variant.description)
    case .started, .windowStarted:
      break
    }
  }

  /// The results of a run stopped early, each marked interrupted; the clients that did not drain in
  /// time are said on stderr.
  private static func interrupted(_ results: [VariantResult]) -> [VariantResult] {
    let marked = results.map { result in
      var result = result
      result.interrupted = true
      return result
    }
    for result in marked where result.undrainedClients > 0 {
      CacheBenchCommand.printError(
        "\(result.variant.description): \(result.undrainedClients) clients did not drain in time;"
          + " their requests are in no figure")
    }
    return marked
  }

  /// Stops the progress ticker, waits until it can no longer draw, and erases any bar it left.
  private static func stop(_ ticker: Task<Void, Never>?, _ progress: ProgressReporter) async {
    ticker?.cancel()
    await ticker?.value
    progress.end()
  }
}
