/// Runs a scenario: for each variant, a warm-up on a throwaway cache, then a measured window on a fresh,
/// empty cache, then the accounting check.
///
/// Load comes from `concurrency` closed-loop client tasks in a task group, never from the main actor (a
/// main-actor hop costs tens of microseconds here and would swamp what is measured), on the global
/// executor or, with `scenario.threads`, on threads of their own (`clientExecutor`). Clients claim request
/// indices from one atomic counter, in batches (`RequestClaims`), and request i always asks for
/// `keys.key(at: i)`, so the multiset of keys requested is the same on every run with the same seed whatever
/// the scheduling. Index i is an invalidation, a read or a read cancelled while it waits as
/// `scenario.operations` says, equally repeatable; a request-count stop counts invalidations among its
/// operations. The loop itself is `ClientLoop`.
package struct BenchmarkDriver: Sendable {
  let scenario: Scenario
  /// Told about each variant as it starts and ends; for progress on stderr.
  var onEvent: @Sendable (DriverEvent) -> Void = { _ in }
  /// Whether measured windows keep every request's latency (`VariantResult.rawLatencies`), which
  /// allocates on the hot path; for analysis runs only.
  package var recordsRawLatencies = false
  /// Told when each measured window opens and closes (never around warm-up), for profilers.
  package var windowObserver: (any WindowObserver)?
  /// Measures each window's memory and CPU; by default nothing (every such figure unknown).
  package var meter = ResourceMeter.disabled
  /// Asked by a signal or the deadline to stop issuing requests; the driver then drains (`drain`),
  /// reports what it measured so far marked interrupted, and starts no further variant.
  package var runStop = RunStop()
  /// How long a stopped window waits for in-flight requests before cancelling and then abandoning them.
  var drain = DrainPolicy()
  /// The run's own bound (`--deadline`), when it has one: a hung window then counts as stalled soon
  /// enough for the variants after it to be measured before the deadline (see `stallTimeout`).
  package var runDeadline: Duration? = nil
  /// How many times each variant is measured (`--repeat`), in the order `RepetitionOrder` gives.
  package var repetitions = 1

  package init(scenario: Scenario, onEvent: @escaping @Sendable (DriverEvent) -> Void = { _ in }) {
    self.scenario = scenario
    self.onEvent = onEvent
  }

  /// Measures every variant of the scenario, one after another, `repetitions` times; a variant that
  /// could not be built or stalled is not measured again.
  @concurrent
  package func run() async throws(AccountingError) -> [VariantResult] {
    let keys = KeySequence(
      distribution: scenario.distribution, keys: scenario.keys, seed: scenario.seed)
    let decoder = PayloadDecoder.calibrated(cost: scenario.decodeCost)
    let lead = await SleepLead.calibrated(for: scenario.latencyDistribution.typical)
    var results: [VariantResult] = []
    var givenUp: [Variant] = []
    for (variant, repetition) in RepetitionOrder.schedule(
      scenario.variants, repetitions: repetitions)
    {
      if runStop.isRequested { break }
      if givenUp.contains(variant) { continue }
      onEvent(.started(variant))
      guard var result = try await measure(variant, keys: keys, decoder: decoder, lead: lead)
      else {
        // A stop ends the run; a design whose factory failed (already reported) ends only its variant.
        if runStop.isRequested { break }
        givenUp.append(variant)
        continue
      }
      result.repetition = repetition
      if result.stalled { givenUp.append(variant) }
      // Measured once `measure` has released the variant's caches and tasks.
      if let before = result.resources.allocatedBytesBeforeWindow,
        let after = await meter.settledAllocatedBytes(), let histogramBytes = meter.histogramBytes
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
  package func measure(
    _ variant: Variant, keys: KeySequence, decoder: PayloadDecoder, lead: SleepLead
  ) async throws(AccountingError) -> VariantResult? {
    if scenario.warmupRequests > 0 {
      let ledger = makeLedger()
      let fetcher = makeFetcher(ledger: ledger, lead: lead)
      guard
        let cache = makeCache(
          variant, fetcher: fetcher, decoder: decoder, writeFetcher: makeWriteFetcher(lead: lead))
      else { return nil }
      let stop = StopCondition.requests(scenario.warmupRequests)
      let claims = RequestClaims(stop: stop, concurrency: scenario.concurrency)
      onEvent(.windowStarted(WindowProgress(variant, phase: .warmup, stop: stop, claims: claims)))
      let warmup = await window(
        cache: cache, keys: keys, stop: stop,
        decoder: variant.decode == .outside ? decoder : nil, claims: claims, ledger: ledger)
      if warmup.stalled {
        onEvent(
          .failed(
            variant,
            reason:
              "its warm-up made no progress for \(HumanUnits.latency(stallTimeout)) (a request hung in"
              + " the cache)"))
        return nil
      }
    }
    if runStop.isRequested { return nil }
    // What `retainedBytes` is measured against, once the warm-up's cache is released and before anything
    // of the window is made. Read before the warm-up instead, the first variant of a run carried 27–55 KB
    // more, whichever design it was (docs/metrics.md).
    let allocatedBeforeWindow = await meter.settledAllocatedBytes()
    let ledger = makeLedger()
    let fetcher = makeFetcher(ledger: ledger, lead: lead)
    let decodes = DecodeCounter()
    let probe = SchedulingProbe()
    let mark = await meter.begin()
    guard
      let cache = makeCache(
        variant, fetcher: fetcher, decoder: decoder.counted(by: decodes),
        writeFetcher: makeWriteFetcher(lead: lead))
    else { return nil }
    let claims = RequestClaims(stop: scenario.stop, concurrency: scenario.concurrency)
    onEvent(
      .windowStarted(
        WindowProgress(variant, phase: .measurement, stop: scenario.stop, claims: claims)))
    let recorders = ClientRecorders(
      count: scenario.concurrency, schedule: scenario.openLoop,
      rawLatencyCapacity: recordsRawLatencies ? rawLatencyCapacityPerClient : nil)
    let busyDomains = cache.isolationBusyTimes
    await windowObserver?.windowWillOpen(variant)
    let busyAtStart = busyDomains?.map(\.nanoseconds)
    var outcome = await window(
      cache: cache, keys: keys, stop: scenario.stop,
      decoder: variant.decode == .outside ? decoder : nil, claims: claims,
      schedule: scenario.openLoop, recorders: recorders, ledger: ledger, probe: probe)
    let utilisation = IsolationUtilisation(
      domains: busyDomains, start: busyAtStart, windowNanoseconds: outcome.nanoseconds)
    await windowObserver?.windowDidClose(variant, requests: outcome.requests)
    // Merged once the window has closed; the clients' own recorders are let go before the memory
    // reading, which so holds only the merged one.
    let recorder = outcome.recorder
    let clientSpread = ClientSpread(requestsPerClient: outcome.clientRecorders.map(\.requests))
    outcome.clientRecorders = []
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
    result.schedulingDelay = probe.histogram
    result.clientSpread = clientSpread
    result.utilisation = utilisation
    result.actorBusyWait = recorder.actorBusyWait
    result.busyUntimed = recorder.busyUntimed
    result.resources = resources
    result.resources.allocatedBytesBeforeWindow = allocatedBeforeWindow
    result.invalidations = recorder.invalidations
    result.evictions = recorder.evictions
    result.expirations = recorder.expirations
    result.fetchesInFlightAfterWindow = fetched.inFlight
    result.staleRejected = staleRejected
    result.unclassified = recorder.unclassified
    result.untimed = recorder.untimed
    result.wrongKeyAnswers = recorder.wrongKeyAnswers
    result.firstErrorDescription = recorder.firstErrorDescription
    if variant.decode == .inside { result.insideDecodes = decodes.total }
    if variant.design.takesWrites {
      result.repository = RepositoryFigures(
        writes: recorder.writes, conflicts: recorder.conflicts,
        staleServedAfterWrite: recorder.staleServedAfterWrite)
    }
    result.interrupted = outcome.wasStopped
    result.undrainedClients = outcome.undrainedClients
    result.stalled = outcome.stalled
    result.stallTimeout = stallTimeout
    var expected: Int? = nil
    // A stopped window served fewer requests than asked, by design; the identity still holds.
    if case .requests(let count) = scenario.stop, !outcome.wasStopped { expected = count }
    try result.checkAccounting(recorded: recorder.latency.totalCount, expectedRequests: expected)
    blackHole(recorder.checksum)
    return result
  }

  /// A new, empty cache of `variant`'s design over `fetcher`, built by the design's own factory with what
  /// the harness provides; `decoder` reaches the cache only when the variant decodes inside it, and the
  /// retention only a design that supports it. Nil when the factory threw, which is reported as the
  /// variant's failure (`DriverEvent.failed`): the run goes on with the next variant.
  private func makeCache(
    _ variant: Variant, fetcher: any Fetcher, decoder: PayloadDecoder, writeFetcher: any Fetcher
  ) -> (any Cache)? {
    let environment = CacheEnvironment(
      fetcher: fetcher, writeFetcher: writeFetcher, decodePlacement: variant.decode,
      decoder: decoder,
      retention: variant.design.traits.contains(.supportsRetention)
        ? scenario.retention : .unbounded,
      keys: scenario.keys, shards: variant.shards)
    do {
      return try variant.design.makeCache(environment)
    } catch {
      onEvent(.failed(variant, reason: "its factory threw: \(error)"))
      return nil
    }
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
  /// The clients record into `recorders` when given (made before a profiler's window opens), else into
  /// recorders made here, still before the window's clock starts. A `probe` samples the scheduling delay
  /// beside the clients while they run.
  @concurrent
  func window(
    cache: any Cache, keys: KeySequence, stop: StopCondition, decoder: PayloadDecoder?,
    claims: RequestClaims = RequestClaims(), rawLatencyCapacity: Int? = nil,
    schedule: OpenLoopSchedule? = nil, recorders: ClientRecorders? = nil,
    ledger: FetchLedger? = nil,
    probe: SchedulingProbe? = nil
  ) async -> WindowOutcome {
    let progress: @Sendable () -> Int = { claims.claimed &+ (ledger?.fetchEvents ?? 0) }
    return await Self.window(
      cache: cache, keys: keys, operations: scenario.operations, stop: stop,
      concurrency: scenario.concurrency, threads: scenario.threads, decoder: decoder,
      claims: claims,
      recorders: recorders
        ?? ClientRecorders(
          count: scenario.concurrency, schedule: schedule, rawLatencyCapacity: rawLatencyCapacity),
      schedule: schedule, runStop: runStop, drain: drain,
      stallWatch: StallWatch(timeout: stallTimeout, progress: progress), probe: probe)
  }

  /// How long a window of this scenario may make no progress before it counts as stalled: the drain
  /// policy's timeout, shortened under a run deadline to an equal share of it per window (plus one, for
  /// calibration and drains), so a hung variant leaves time for the others; never below 10 times the
  /// mean fetch latency, or 100 times it without a deadline, so a slow fetcher is not taken for a hang.
  var stallTimeout: Duration {
    let latency = scenario.latencyDistribution.mean
    guard let runDeadline else { return max(drain.stallTimeout, latency * 100) }
    let share = runDeadline / (scenario.variants.count * repetitions + 1)
    return max(min(drain.stallTimeout, share), latency * 10, .milliseconds(100))
  }

  /// What a window polls to tell a hung cache from a slow one: a figure that moves whenever a request
  /// is claimed or a fetch begins or ends.
  struct StallWatch: Sendable {
    var timeout: Duration
    var progress: @Sendable () -> Int

    /// Polls `progress` until cancelled, and asks `stop` to stop the window as stalled once it has not
    /// moved for `timeout`.
    func run(stopping stop: RunStop) async {
      let clock = ContinuousClock()
      var last = progress()
      var lastMoved = clock.now
      let interval = min(Duration.seconds(1), timeout / 4)
      while !Task.isCancelled {
        try? await Task.sleep(for: interval)
        if Task.isCancelled { return }
        let now = progress()
        if now != last {
          last = now
          lastMoved = clock.now
        } else if lastMoved.duration(to: clock.now) >= timeout {
          stop.request(.stalled)
          return
        }
      }
    }
  }

  /// The clients' recorders, made before the window opens and handed back as each client returns; a class
  /// so every client task and the window share it. One window's recorders serve that window only.
  ///
  /// A recorder's histograms take about 0.75 MiB, which a client making its own would allocate and zero
  /// inside the window (48 MiB for 64 clients, seen in a window-exact dhat profile), and merging them as
  /// clients return would run inside it too. So they are made before the clock starts, each client takes
  /// its own (the slot is emptied, so the client's copy is the only one and stays unshared), and they
  /// are merged only after the window has closed (`WindowOutcome.recorder`).
  final class ClientRecorders: Sendable {
    struct State {
      var prepared: [ClientRecorder?]
      var returned: [ClientRecorder] = []
    }
    let state: SanitizerVisibleMutex<State>

    init(count: Int, schedule: OpenLoopSchedule?, rawLatencyCapacity: Int?) {
      var prepared: [ClientRecorder?] = []
      prepared.reserveCapacity(count)
      for _ in 0..<count {
        var recorder = ClientRecorder()
        if schedule != nil { recorder.actualLatency = LatencyHistogram() }
        if let rawLatencyCapacity {
          var samples: [RawLatencySample] = []
          samples.reserveCapacity(rawLatencyCapacity)
          recorder.rawLatencies = samples
        }
        prepared.append(recorder)
      }
      state = SanitizerVisibleMutex(State(prepared: prepared))
      state.withLock { $0.returned.reserveCapacity(count) }
    }

    /// Client `index`'s recorder; each index is taken once.
    func take(_ index: Int) -> ClientRecorder {
      guard let recorder = state.withLock({ $0.prepared[index].take() }) else {
        preconditionFailure("client \(index)'s recorder was taken twice")
      }
      return recorder
    }

    func giveBack(_ recorder: ClientRecorder) {
      state.withLock { $0.returned.append(recorder) }
    }

    /// The recorders handed back so far. Lets go of them, so they live only as long as the caller
    /// keeps them.
    func takeReturned() -> [ClientRecorder] {
      state.withLock { state in
        defer { state.returned = [] }
        return state.returned
      }
    }
  }

  @concurrent
  private static func window<C: Cache>(
    cache: C, keys: KeySequence, operations: OperationMix, stop: StopCondition,
    concurrency: Int, threads: Int?,
    decoder: PayloadDecoder?, claims: RequestClaims, recorders: ClientRecorders,
    schedule: OpenLoopSchedule?, runStop: RunStop, drain: DrainPolicy, stallWatch: StallWatch,
    probe: SchedulingProbe?
  ) async -> WindowOutcome {
    // The window's own stop: the run's, or a stall of this window alone.
    let windowStop = RunStop()
    let forward = Task {
      if let reason = await runStop.requested() { windowStop.request(reason) }
    }
    let stallWatcher = Task { await stallWatch.run(stopping: windowStop) }
    defer {
      forward.cancel()
      stallWatcher.cancel()
    }
    let executor = await clientExecutor(threads: threads)
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
    // The probe is a child of the same group, so it runs where the clients run; it stops once they all
    // have returned. A child reports whether it was a client.
    let clients = Task(executorPreference: executor) {
      await withTaskGroup(of: Bool.self) { group in
        if let probe {
          group.addTask {
            await probe.run()
            return false
          }
        }
        for index in 0..<concurrency {
          group.addTask {
            var recorder = recorders.take(index)
            await client(
              cache: cache, keys: keys, operations: operations, limit: limit, deadline: deadline,
              start: start, decoder: decoder, claims: claims, schedule: schedule,
              runStop: windowStop, into: &recorder)
            recorders.giveBack(recorder)
            return true
          }
        }
        var running = concurrency
        while running > 0, let wasClient = await group.next() {
          if wasClient { running -= 1 }
        }
        group.cancelAll()
      }
    }
    let ended = FirstOutcome<Bool>()
    let completion = Task {
      await clients.value
      ended.deliver(true)
    }
    let watcher = Task {
      guard let reason = await windowStop.requested() else { return }
      // A stalled window made no progress for the whole stall timeout: waiting longer for its
      // requests to finish on their own would only delay the variants after it.
      if reason != .stalled { try? await Task.sleep(for: drain.grace) }
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
    // Joined before the memory reading, which needs their allocator caches flushed; a thread a stuck
    // client may still need is left to exit on its own.
    if drained { await executor?.shutdown() } else { executor?.abandon() }
    let returned = recorders.takeReturned()
    return WindowOutcome(
      clientRecorders: returned, nanoseconds: elapsed,
      undrainedClients: concurrency - returned.count,
      wasStopped: windowStop.isRequested, stalled: windowStop.reason == .stalled)
  }

  /// One closed-loop client: claims and issues requests until the window's limit or deadline, or a
  /// stop request, recording into `recorder`.
  @concurrent
  private static func client<C: Cache>(
    cache: C, keys: KeySequence, operations: OperationMix, limit: Int, deadline: UInt64,
    start: UInt64, decoder: PayloadDecoder?, claims: RequestClaims, schedule: OpenLoopSchedule?,
    runStop: RunStop, into recorder: inout ClientRecorder
  ) async {
    await ClientLoop.run(
      cache: cache, keys: keys, operations: operations, claims: claims, limit: limit,
      deadline: deadline, decoder: decoder, windowStart: start, schedule: schedule,
      runStop: runStop, into: &recorder)
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
package enum DriverEvent: Sendable {
  case started(Variant)
  case finished(VariantResult)
  /// The variant could not be measured (its design's factory threw); the run goes on without it.
  case failed(Variant, reason: String)
  /// A warm-up or measured window of the current variant begins; poll it for requests issued.
  case windowStarted(WindowProgress)
}
