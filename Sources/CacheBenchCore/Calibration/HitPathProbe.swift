/// Measures the hit path of a cache design: one task, a key whose value is ready, back-to-back lookups,
/// with no other caller and so no queueing.
///
/// The cache is the real design, built by its own factory with its `IsolationTiming` measurement, over a
/// zero-latency fetcher that serves the one warm-up miss with a payload of the run's size and counts
/// every fetch, so lookups that fetch are not taken for hits; the lookups run in the loop the design's
/// `CacheSpecialisation` compiled for its cache type, so they call the design's `lookup` as the driver's
/// clients do (directly, for a factory that returns one concrete type). What remains per lookup is the design's own work on a hit plus the
/// mechanism it is built on, which `Calibration` compares with that mechanism's floor.
enum HitPathProbe {
  /// A probe made ready: the rounds of a warmed cache and, once they ran, why they measured nothing; or
  /// why the design could not be probed at all.
  enum Preparation {
    /// Rounds of the design's hit path; `unmeasured` says why when a round returned NaN.
    case rounds(ProbeRound, unmeasured: () -> Calibration.Unmeasured?)
    /// The design cannot be probed, for this reason.
    case unmeasured(Calibration.Unmeasured)

    /// The rounds, when there are any.
    var round: ProbeRound? {
      if case .rounds(let round, _) = self { round } else { nil }
    }
  }

  /// Rounds of hits of `design` with `shards` shards (1 for other designs), over a fetcher serving
  /// `payloadBytes`-byte payloads to a cache built for `keys` keys (the run's, so the hit serves the
  /// values the run serves), or why the design cannot be probed. A round in which a lookup is not a hit,
  /// or fetches, returns NaN.
  ///
  /// `timed` false measures a cache of its own whose isolation domains read no clock
  /// (`IsolationBusyTime.readingNoClock()`): the design's own work on a hit without the two clock reads
  /// that time every request of a run, the harness's measurement inside the design. A design whose hits
  /// report no `IsolationTiming` and that keeps no busy totals has none of that measurement inside it: its
  /// untimed rounds are the same lookups, timed on a cache of its own. One whose hits report a timing it
  /// takes without busy totals reads clocks the probe cannot switch off (`.timesItself`).
  @concurrent
  static func prepare(
    design: CacheDesign, shards: Int, timed: Bool = true, payloadBytes: Int = 64, keys: Int = 1,
    budget: CalibrationBudget
  ) async -> Preparation {
    let ledger = FetchLedger()
    let fetcher = ConstantLatencyFetcher(
      latency: .zero, payloadBytes: payloadBytes, ledger: ledger)
    let environment = CacheEnvironment(
      fetcher: fetcher, decodePlacement: .noDecode, keys: max(1, keys),
      shards: design.isSharded ? shards : 1)
    let cache: any Cache
    do {
      cache = try design.makeCache(environment)
    } catch {
      return .unmeasured(.factoryThrew(String(describing: error)))
    }
    let domains = cache.isolationBusyTimes ?? []
    if !timed {
      for domain in domains { domain.readingNoClock() }
    }
    let key = 0
    let limit = budget.warmUpLimit
    let warmed = await warm(cache, key: key, ledger: ledger, within: limit)
    guard case .hit(let timesItself) = warmed else {
      return .unmeasured(warmed.unmeasured(limit: limit))
    }
    if !timed, domains.isEmpty, timesItself { return .unmeasured(.timesItself) }
    let lookups = design.specialisation.hitLookups
    let operations = budget.operations(scaledBy: 1)
    let unmeasured = SanitizerVisibleMutex<Calibration.Unmeasured?>(nil)
    let round = bounded(within: limit, unmeasured: unmeasured) {
      let fetchesBefore = ledger.fetchEvents
      let nanoseconds = await lookups(cache, key, operations)
      guard ledger.fetchEvents == fetchesBefore else { return .infinity }
      return nanoseconds
    }
    return .rounds(round) { unmeasured.withLock { $0 } }
  }

  /// How warming a key ended.
  private enum Warming: Sendable {
    /// The second lookup was a hit (or reported no outcome) and fetched nothing; `timesItself` when it
    /// reported an `IsolationTiming`.
    case hit(timesItself: Bool)
    case notAHit
    case fetched
    case noAnswer

    /// Why a warming that was no hit leaves the design unmeasured.
    func unmeasured(limit: Duration) -> Calibration.Unmeasured {
      switch self {
      case .hit, .notAHit: .notAHit
      case .fetched: .fetchesOnLookup
      case .noAnswer: .noAnswer(within: limit)
      }
    }
  }

  /// A miss then a lookup of `key`, within `limit`: the second must be a hit that fetched nothing. A
  /// design that does not report outcomes is taken at its word that it hit, once the fetcher's ledger
  /// shows that it fetched nothing. The lookups run in a task of their own, so a design that never
  /// answers leaves that task suspended and costs only its hit path.
  private static func warm(
    _ cache: any Cache, key: Int, ledger: FetchLedger, within limit: Duration
  ) async -> Warming {
    await within(limit, orElse: .noAnswer) {
      guard (try? await cache.lookup(key)) != nil else { return .notAHit }
      let fetchesBefore = ledger.fetchEvents
      guard let second = try? await cache.lookup(key),
        second.outcome == .hit || second.outcome == nil
      else { return .notAHit }
      guard ledger.fetchEvents == fetchesBefore else { return .fetched }
      return .hit(timesItself: second.timing != nil)
    }
  }

  /// `round`, given `limit` (the budget's warm-up limit) to finish: a design that answers its warm-up and
  /// then stops answering would otherwise hold calibration, and so the whole run, for ever. A round that
  /// runs out of time returns NaN (no hit path) and so does every later one, at once; the hung lookups
  /// stay suspended in their own task. `round` returns NaN when a lookup was not a hit and infinity when
  /// the lookups fetched; both become NaN, and `unmeasured` keeps the first reason. The round times
  /// itself inside, so the task and timer around it are not measured.
  private static func bounded(
    within limit: Duration, unmeasured: SanitizerVisibleMutex<Calibration.Unmeasured?>,
    _ round: @escaping ProbeRound
  ) -> ProbeRound {
    return {
      if unmeasured.withLock({ $0 == .noAnswer(within: limit) }) { return .nan }
      let nanoseconds = await within(limit, orElse: -1) { [round = RoundBox(round)] in
        await round.run()
      }
      guard nanoseconds.isFinite, nanoseconds >= 0 else {
        let reason: Calibration.Unmeasured =
          nanoseconds == -1
          ? .noAnswer(within: limit) : nanoseconds.isNaN ? .notAHit : .fetchesOnLookup
        unmeasured.withLock { if $0 == nil || reason == .noAnswer(within: limit) { $0 = reason } }
        return .nan
      }
      return nanoseconds
    }
  }

  /// What `work` returns, or `fallback` when it has not returned within `limit`. The work runs in
  /// a task of its own, so work that never returns stays suspended there and holds nothing else up.
  ///
  /// The limit is kept by `DeadlineTimerThread`, whose cancelled sleeps leave its queue. A cancelled
  /// `Task.sleep` leaves its dispatch timer armed until the deadline: each probe round left one, due
  /// 10 s later, in the measured windows that followed, where under valgrind their firing added
  /// dispatch's timer code to `instructions_per_request` by how many fell in the window, which moved
  /// with the machine's load (+3.4% for `naive/none` at load 8.7).
  private static func within<Value: Sendable>(
    _ limit: Duration, orElse fallback: Value, _ work: @escaping @Sendable () async -> Value
  ) async -> Value {
    let outcome = FirstOutcome<Value>()
    let worker = Task { outcome.deliver(await work()) }
    let timer = Task {
      let deadline = MonotonicClock.now() &+ UInt64(max(0, DecimalText.nanoseconds(limit)))
      do {
        _ = try await DeadlineTimerThread.shared.sleep(until: deadline, notBefore: deadline)
      } catch {
        return
      }
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
