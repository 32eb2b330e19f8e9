/// Runs a scenario: for each variant, a warm-up on a throwaway cache, then a measured window on a fresh,
/// empty cache, then the accounting check.
///
/// Load comes from `concurrency` closed-loop client tasks in a task group, never from the main actor (a
/// main-actor hop costs tens of microseconds here and would swamp what is measured). Clients claim request
/// indices from one atomic counter, in batches (`RequestClaims`), and request i always asks for
/// `keys.key(at: i)`, so the multiset of keys requested is the same on every run with the same seed whatever
/// the scheduling. Index i is an invalidation, a read or a read cancelled while it waits as
/// `scenario.operations` says, equally repeatable; a request-count stop counts invalidations among its
/// operations. The loop itself is `ClientLoop`.
struct BenchmarkDriver: Sendable {
  let scenario: Scenario
  /// Told about each variant as it starts and ends; for progress on stderr.
  var onEvent: @Sendable (DriverEvent) -> Void = { _ in }
  /// Whether measured windows keep every request's latency (`VariantResult.rawLatencies`), which
  /// allocates on the hot path; for analysis runs only.
  var recordsRawLatencies = false
  /// Told when each measured window opens and closes (never around warm-up), for profilers.
  var windowObserver: (any WindowObserver)?
  /// Measures each window's memory and CPU; by default nothing (every such figure unknown).
  var meter = ResourceMeter.disabled
  /// Asked by a signal or the deadline to stop issuing requests; the driver then drains (`drain`),
  /// reports what it measured so far marked interrupted, and starts no further variant.
  var runStop = RunStop()
  /// How long a stopped window waits for in-flight requests before cancelling and then abandoning them.
  var drain = DrainPolicy()

  init(scenario: Scenario, onEvent: @escaping @Sendable (DriverEvent) -> Void = { _ in }) {
    self.scenario = scenario
    self.onEvent = onEvent
  }

  /// Measures every variant of the scenario, one after another.
  @concurrent
  func run() async throws(AccountingError) -> [VariantResult] {
    let keys = KeySequence(
      distribution: scenario.distribution, keys: scenario.keys, seed: scenario.seed)
    let decoder = PayloadDecoder.calibrated(cost: scenario.decodeCost)
    let lead = await SleepLead.calibrated(for: scenario.latencyDistribution.typical)
    var results: [VariantResult] = []
    for variant in scenario.variants {
      if runStop.isRequested { break }
      onEvent(.started(variant))
      let before = await meter.settledAllocatedBytes()
      guard var result = try await measure(variant, keys: keys, decoder: decoder, lead: lead)
      else { break }
      // Measured once `measure` has released the variant's caches and tasks.
      if let before, let after = await meter.settledAllocatedBytes(),
        let histogramBytes = meter.histogramBytes
      {
        result.resources.retainedBytes = after - before - result.heldHistogramCount * histogramBytes
      }
      onEvent(.finished(result))
      results.append(result)
    }
    return results
  }

  /// Warms up and measures one variant; nil when a stop arrived before its measured window opened,
  /// so nothing of it was measured.
  @concurrent
  func measure(
    _ variant: Variant, keys: KeySequence, decoder: PayloadDecoder, lead: SleepLead
  ) async throws(AccountingError) -> VariantResult? {
    if scenario.warmupRequests > 0 {
      let fetcher = makeFetcher(ledger: makeLedger(), lead: lead)
      let cache = CacheFactory.makeCache(
        for: variant, fetcher: fetcher, decoder: decoder, retention: scenario.retention,
        writeFetcher: makeWriteFetcher(lead: lead))
      let stop = StopCondition.requests(scenario.warmupRequests)
      let claims = RequestClaims(stop: stop, concurrency: scenario.concurrency)
      onEvent(.windowStarted(WindowProgress(variant, phase: .warmup, stop: stop, claims: claims)))
      _ = await window(
        cache: cache, keys: keys, stop: stop,
        decoder: variant.decode == .outside ? decoder : nil, claims: claims)
    }
    if runStop.isRequested { return nil }
    let ledger = makeLedger()
    let fetcher = makeFetcher(ledger: ledger, lead: lead)
    let mark = await meter.begin()
    let cache = CacheFactory.makeCache(
      for: variant, fetcher: fetcher, decoder: decoder, retention: scenario.retention,
      writeFetcher: makeWriteFetcher(lead: lead))
    let claims = RequestClaims(stop: scenario.stop, concurrency: scenario.concurrency)
    onEvent(
      .windowStarted(
        WindowProgress(variant, phase: .measurement, stop: scenario.stop, claims: claims)))
    await windowObserver?.windowWillOpen(variant)
    let outcome = await window(
      cache: cache, keys: keys, stop: scenario.stop,
      decoder: variant.decode == .outside ? decoder : nil, claims: claims,
      rawLatencyCapacity: recordsRawLatencies ? rawLatencyCapacityPerClient : nil,
      schedule: scenario.openLoop)
    let recorder = outcome.recorder
    await windowObserver?.windowDidClose(variant, requests: recorder.requests)
    let resources = await meter.end(mark, cachedEntries: await cache.readyEntryCount)
    let staleRejected = await cache.staleRejectedCount
    // The end reading must see the cache, which nothing uses after the count above.
    withExtendedLifetime(cache) {}
    let fetched = ledger.totals
    var result = VariantResult(
      variant: variant,
      requests: recorder.requests,
      hits: recorder.hits,
      joins: recorder.joins,
      leaders: recorder.leaders,
      errors: recorder.errors,
      cancellations: recorder.cancellations,
      fetches: fetched.fetches,
      duplicateFetches: fetched.duplicateFetches,
      windowNanoseconds: outcome.nanoseconds,
      latency: recorder.latency,
      fetchLatency: fetched.latency,
      configuredFetchLatency: scenario.latencyDistribution.mean,
      rawLatencies: recorder.rawLatencies ?? [],
      actorWait: recorder.actorWait,
      actorService: recorder.actorService)
    result.fetchQueue = fetched.fetchQueue
    if let schedule = scenario.openLoop {
      result.openLoop = Self.openLoopFigures(
        recorder, schedule: schedule, stop: scenario.stop, elapsed: outcome.nanoseconds)
    }
    result.resources = resources
    result.invalidations = recorder.invalidations
    result.evictions = recorder.evictions
    result.expirations = recorder.expirations
    result.fetchesInFlightAfterWindow = fetched.inFlight
    result.staleRejected = staleRejected
    if variant.design.isRepository {
      result.repository = RepositoryFigures(
        writes: recorder.writes, conflicts: recorder.conflicts,
        staleServedAfterWrite: recorder.staleServedAfterWrite)
    }
    result.interrupted = outcome.wasStopped
    result.undrainedClients = outcome.undrainedClients
    var expected: Int? = nil
    // A stopped window served fewer requests than asked, by design; the identity still holds.
    if case .requests(let count) = scenario.stop, !outcome.wasStopped { expected = count }
    try result.checkAccounting(recorded: recorder.latency.totalCount, expectedRequests: expected)
    blackHole(recorder.checksum)
    return result
  }

  /// A fresh fetcher over `ledger`, with a pool of its own when the scenario limits fetches.
  private func makeFetcher(ledger: FetchLedger, lead: SleepLead) -> SimulatedFetcher {
    let settings = scenario.fetcher
    return SimulatedFetcher(
      draws: FetchDraws(
        latency: scenario.latencyDistribution, failRate: settings.failRate, seed: scenario.seed),
      payloadBytes: scenario.payloadBytes, ledger: ledger, lead: lead,
      ignoresCancellation: settings.ignoresCancellation,
      pool: settings.fetchLimit.map { FetchPool(limit: $0) })
  }

  /// The round trip of a repository design's writes: the fetch latency distribution on draws of its
  /// own (so writes do not shift the reads' draws), never failing, in a ledger of its own (writes are
  /// not fetches).
  private func makeWriteFetcher(lead: SleepLead) -> SimulatedFetcher {
    SimulatedFetcher(
      draws: FetchDraws(
        latency: scenario.latencyDistribution, failRate: 0,
        seed: SplitMix64.mix(scenario.seed ^ Self.writeDrawsTag)),
      payloadBytes: 0, ledger: FetchLedger(), lead: lead)
  }

  /// ASCII "writeLat": separates the write latency draws from the reads'.
  private static let writeDrawsTag: UInt64 = 0x7772_6974_654C_6174

  private func makeLedger() -> FetchLedger {
    FetchLedger(recordsFetchQueue: scenario.fetcher.fetchLimit != nil)
  }

  /// Raw latency samples each client reserves room for before the window: an even share of a
  /// request target, so most clients never grow their array on the hot path; none for a duration.
  private var rawLatencyCapacityPerClient: Int {
    guard case .requests(let count) = scenario.stop else { return 0 }
    return (count + scenario.concurrency - 1) / scenario.concurrency
  }

  /// Drives `cache` with the scenario's clients until `stop` or a stop request (`runStop`, then
  /// drained by `drain`), and returns what the clients recorded. `decoder` is non-nil when callers
  /// decode outside the cache. Clients claim request indices from `claims`; with a
  /// `rawLatencyCapacity` they also keep every request's latency, each reserving that many samples first.
  @concurrent
  func window(
    cache: any Cache, keys: KeySequence, stop: StopCondition, decoder: PayloadDecoder?,
    claims: RequestClaims = RequestClaims(), rawLatencyCapacity: Int? = nil,
    schedule: OpenLoopSchedule? = nil
  ) async -> WindowOutcome {
    await Self.window(
      cache: cache, keys: keys, operations: scenario.operations, stop: stop,
      concurrency: scenario.concurrency, decoder: decoder, claims: claims,
      rawLatencyCapacity: rawLatencyCapacity, schedule: schedule, runStop: runStop, drain: drain)
  }

  /// The clients' recorders as they return, and how many have; a class so every client task and the
  /// window share it.
  private final class ReturnedClients: Sendable {
    struct State {
      var recorder = ClientRecorder()
      var clients = 0
    }
    let state = SanitizerVisibleMutex(State())
  }

  @concurrent
  private static func window<C: Cache>(
    cache: C, keys: KeySequence, operations: OperationMix, stop: StopCondition, concurrency: Int,
    decoder: PayloadDecoder?, claims: RequestClaims, rawLatencyCapacity: Int?,
    schedule: OpenLoopSchedule?, runStop: RunStop, drain: DrainPolicy
  ) async -> WindowOutcome {
    let limit: Int
    let deadline: UInt64
    let start = MonotonicClock.now()
    switch stop {
    case .requests(let count):
      limit = count
      deadline = .max
    case .duration(let duration):
      limit = .max
      deadline = start &+ UInt64(duration.nanoseconds)
    }
    // Each client hands in its recorder as it returns, so an abandoned window still reports every
    // client that did return.
    let returned = ReturnedClients()
    let clients = Task {
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<concurrency {
          group.addTask {
            let recorder = await client(
              cache: cache, keys: keys, operations: operations, limit: limit, deadline: deadline,
              start: start,
              decoder: decoder, claims: claims, rawLatencyCapacity: rawLatencyCapacity,
              schedule: schedule, runStop: runStop)
            returned.state.withLock {
              $0.recorder.merge(recorder)
              $0.clients += 1
            }
          }
        }
      }
    }
    let ended = FirstOutcome<Bool>()
    let completion = Task {
      await clients.value
      ended.deliver(true)
    }
    let watcher = Task {
      guard await runStop.requested() != nil else { return }
      try? await Task.sleep(for: drain.grace)
      guard !Task.isCancelled else { return }
      clients.cancel()
      try? await Task.sleep(for: drain.abandonAfter)
      guard !Task.isCancelled else { return }
      ended.deliver(false)
    }
    // The clients are unstructured so the window can stop waiting for them; a cancelled driver task
    // must still reach them.
    let drained = await withTaskCancellationHandler {
      await ended.value()
    } onCancel: {
      clients.cancel()
    }
    let elapsed = MonotonicClock.now() - start
    watcher.cancel()
    // An abandoned window leaves `completion` waiting for the stuck clients; it ends with them.
    if drained { await completion.value }
    let (recorder, count) = returned.state.withLock { ($0.recorder, $0.clients) }
    return WindowOutcome(
      recorder: recorder, nanoseconds: elapsed, undrainedClients: concurrency - count,
      wasStopped: runStop.isRequested)
  }

  /// One closed-loop client: claims and issues requests until the window's limit or deadline, or a
  /// stop request, and returns what it recorded.
  @concurrent
  private static func client<C: Cache>(
    cache: C, keys: KeySequence, operations: OperationMix, limit: Int, deadline: UInt64,
    start: UInt64, decoder: PayloadDecoder?, claims: RequestClaims, rawLatencyCapacity: Int?,
    schedule: OpenLoopSchedule?, runStop: RunStop
  ) async -> ClientRecorder {
    var recorder = ClientRecorder()
    if schedule != nil { recorder.actualLatency = LatencyHistogram() }
    if let rawLatencyCapacity {
      var samples: [RawLatencySample] = []
      samples.reserveCapacity(rawLatencyCapacity)
      recorder.rawLatencies = samples
    }
    await ClientLoop.run(
      cache: cache, keys: keys, operations: operations, claims: claims, limit: limit,
      deadline: deadline, decoder: decoder, windowStart: start, schedule: schedule,
      runStop: runStop, into: &recorder)
    return recorder
  }
}

extension BenchmarkDriver {
  /// The open-loop figures of a window that ran `elapsed` ns: the achieved issue rate and the backlog
  /// of requests that were due by the window's end (its deadline when stopped by duration) but not issued.
  static func openLoopFigures(
    _ recorder: ClientRecorder, schedule: OpenLoopSchedule, stop: StopCondition, elapsed: UInt64
  ) -> OpenLoopFigures {
    var end = elapsed
    var limit = Int.max
    switch stop {
    case .requests(let count): limit = count
    case .duration(let duration): end = min(elapsed, UInt64(duration.nanoseconds))
    }
    // Requests i with i / rate < end, i.e. ceil(end × rate), at most the request target.
    let due = min(limit, Int((Double(end) * schedule.rate / 1e9).rounded(.up)))
    let span = max(recorder.lastActualStart, 1)
    return OpenLoopFigures(
      targetRate: schedule.rate,
      achievedRate: Double(recorder.requests) * 1e9 / Double(span),
      backlog: max(0, due - recorder.requests),
      maximumStartLagNanoseconds: recorder.maximumStartLag,
      actualLatency: recorder.actualLatency ?? LatencyHistogram())
  }
}

/// Progress of a run, for whoever shows it.
enum DriverEvent: Sendable {
  case started(Variant)
  case finished(VariantResult)
  /// A warm-up or measured window of the current variant begins; poll it for requests issued.
  case windowStarted(WindowProgress)
}
