/// Measures the hit path of a cache design: one task, a key whose value is ready, back-to-back lookups,
/// with no other caller and so no queueing.
///
/// The cache is the real design, built by its own factory with its `IsolationTiming` measurement, over a
/// zero-latency fetcher that serves the one warm-up miss; the lookups run in the loop the design's
/// `CacheSpecialisation` compiled for its cache type, so they call the design's `lookup` as the driver's
/// clients do (directly, for a factory that returns one concrete type). What remains per lookup is the design's own work on a hit plus the
/// mechanism it is built on, which `Calibration` compares with that mechanism's floor.
enum HitPathProbe {
  /// Rounds of hits of `design` with `shards` shards (1 for other designs), or `nil` when a lookup of the
  /// warmed key is not a hit. A round in which a lookup is not a hit returns NaN.
  ///
  /// `timed` false measures a cache of its own whose isolation domains read no clock
  /// (`IsolationBusyTime.readingNoClock()`): the design's own work on a hit without the two clock reads
  /// that time every request of a run, the harness's measurement inside the design. `nil` then also for a
  /// design that keeps no busy totals (`isolationBusyTimes` nil or empty), whose clock reads, if any, the
  /// probe cannot switch off.
  @concurrent
  static func makeRound(
    design: CacheDesign, shards: Int, timed: Bool = true, budget: CalibrationBudget
  ) async -> ProbeRound? {
    let fetcher = ConstantLatencyFetcher(
      latency: .zero, payloadBytes: 64, ledger: FetchLedger())
    let environment = CacheEnvironment(
      fetcher: fetcher, decodePlacement: .noDecode, keys: 1, shards: design.isSharded ? shards : 1)
    guard let cache = try? design.makeCache(environment) else { return nil }
    if !timed {
      guard let domains = cache.isolationBusyTimes, !domains.isEmpty else { return nil }
      for domain in domains { domain.readingNoClock() }
    }
    let key = 0
    let limit = budget.warmUpLimit
    guard await warms(cache, key: key, within: limit) else { return nil }
    let lookups = design.specialisation.hitLookups
    let operations = budget.operations(scaledBy: 1)
    return bounded(within: limit) { await lookups(cache, key, operations) }
  }

  /// `round`, given `limit` (the budget's warm-up limit) to finish: a design that answers its warm-up and
  /// then stops answering would otherwise hold calibration, and so the whole run, for ever. A round that runs out of time
  /// returns NaN (no hit path) and so does every later one, at once; the hung lookups stay suspended in
  /// their own task. The round times itself inside, so the task and timer around it are not measured.
  private static func bounded(
    within limit: Duration, _ round: @escaping ProbeRound
  ) -> ProbeRound {
    let hung = SanitizerVisibleMutex(false)
    return {
      if hung.withLock({ $0 }) { return .nan }
      let nanoseconds = await within(limit, orElse: .nan) { [round = RoundBox(round)] in
        await round.run()
      }
      if nanoseconds.isNaN { hung.withLock { $0 = true } }
      return nanoseconds
    }
  }

  /// Whether a miss then a hit of `key` both answer within `limit`. A design that does not report
  /// outcomes is taken at its word that the second lookup is a hit. The lookups run in a task of their
  /// own, so a design that never answers leaves that task suspended and costs only its hit path (`nil`).
  private static func warms(_ cache: any Cache, key: Int, within limit: Duration) async -> Bool {
    await within(limit, orElse: false) {
      guard (try? await cache.lookup(key)) != nil, let second = try? await cache.lookup(key) else {
        return false
      }
      return second.outcome == .hit || second.outcome == nil
    }
  }

  /// What `work` returns, or `fallback` when it has not returned within `limit`. The work runs in
  /// a task of its own, so work that never returns stays suspended there and holds nothing else up.
  private static func within<Value: Sendable>(
    _ limit: Duration, orElse fallback: Value, _ work: @escaping @Sendable () async -> Value
  ) async -> Value {
    let outcome = FirstOutcome<Value>()
    let worker = Task { outcome.deliver(await work()) }
    let timer = Task {
      try? await Task.sleep(for: limit)
      if !Task.isCancelled { outcome.deliver(fallback) }
    }
    let value = await outcome.value()
    timer.cancel()
    withExtendedLifetime(worker) {}
    return value
  }
}

/// A probe round handed to the task that runs it. `@unchecked Sendable`: the round is run by one task at
/// a time, each round awaited (or abandoned, never run again) before the next begins, so nothing it
/// captures is touched from two tasks at once.
private struct RoundBox: @unchecked Sendable {
  let run: ProbeRound

  init(_ run: @escaping ProbeRound) {
    self.run = run
  }
}
