extension VariantResult {
  /// Takes `actor_wait`, `actor_busy_wait` and `actor_service` from the jobs of the design's
  /// instrumented executors and locks (`InstrumentedExecutor`, `InstrumentedMutex`), for a design that
  /// timed none of its requests itself; a design with hooks keeps its own figures.
  ///
  /// The figures then count jobs, not requests (`IsolationJobFigures`), and the requests are no longer
  /// untimed: the columns read figures rather than `n/a`.
  mutating func adoptUnhookedIsolation(_ figures: IsolationJobFigures?) {
    guard let figures, figures.jobs > 0, untimed > 0, actorWait.totalCount == 0 else { return }
    actorWait = figures.wait
    actorBusyWait = figures.busyWait
    actorService = figures.service
    isolationJobs = Int(figures.wait.totalCount)
    untimed = 0
    busyUntimed = 0
  }
}

extension IsolationInstruments {
  /// Ends the window of `windowNanoseconds`: `actor_utilisation` from the busy totals read as it opened
  /// (nil when there were none), and the jobs of the registered domains (nil when there are none).
  func endWindow(windowNanoseconds: UInt64) -> (IsolationUtilisation?, IsolationJobFigures?) {
    let (start, jobs) = endWindowFigures()
    let utilisation = IsolationUtilisation(
      domains: start?.domains, start: start?.nanoseconds, windowNanoseconds: windowNanoseconds)
    return (utilisation, jobs)
  }
}
