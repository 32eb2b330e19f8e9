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
  /// Makes the remote each cache fetches from instead of the simulated fetcher (`SimulatedFetcher`),
  /// once per window, when the caller brings one (`CacheBenchmark.Workload.fetcher`); its fetches are
  /// counted in the window's ledger all the same (`CountedFetcher`). Nil for the simulated fetcher.
  package var remote: (@Sendable () -> any Fetcher)? = nil

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
    var results: [VariantResult] = []
    var givenUp: [Variant] = []
    for (variant, repetition) in RepetitionOrder.schedule(
      scenario.variants, repetitions: repetitions)
    {
      if runStop.isRequested { break }
      if givenUp.contains(variant) { continue }
      onEvent(.started(variant))
      guard var result = try await measure(variant, keys: keys, decoder: decoder)
      else {
        // A stop ends the run; a design whose factory failed (already reported) ends only its variant.
        if runStop.isRequested { break }
        givenUp.append(variant)
        continue
      }
      result.repetition = repetition
      if result.stalled { givenUp.append(variant) }
      await measureRetainedBytes(of: &result)
      onEvent(.finished(result))
      results.append(result)
    }
    return results
  }

  /// Sets `result`'s `retainedBytes`: what its variant left allocated, against the reading before its
  /// window, not counting the histograms the result keeps. Call it once `measure` has returned, so the
  /// variant's caches and tasks are released.
  package func measureRetainedBytes(of result: inout VariantResult) async {
    guard let before = result.resources.allocatedBytesBeforeWindow,
      let after = await meter.settledAllocatedBytes(), let histogramBytes = meter.histogramBytes
    else { return }
    result.resources.retainedBytes = after - before - result.heldHistogramCount * histogramBytes
  }

  /// Warms up and measures one variant; nil when a stop arrived before its measured window opened,
  /// so nothing of it was measured.
  @concurrent
  package func measure(
    _ variant: Variant, keys: KeySequence, decoder: PayloadDecoder
  ) async throws(AccountingError) -> VariantResult? {
    guard let warmedUp = await warmUp(variant, keys: keys, decoder: decoder) else { return nil }
    if runStop.isRequested { return nil }
    // What `retainedBytes` is measured against, once the warm-up's cache is released and before anything
    // of the window is made. Read before the warm-up instead, the first variant of a run carried 27–55 KB
    // more, whichever design it was (docs/metrics.md).
    let allocatedBeforeWindow = await meter.settledAllocatedBytes()
    let parts = MeasuredWindowParts(
      variant, scenario: scenario, decoder: decoder,
      attribution: attribution(after: warmedUp, design: variant.design, scenario: scenario))
    let fetcher = makeFetcher(ledger: parts.ledger)
    let mark = await meter.begin()
    guard
      let cache = makeCache(
        variant, fetcher: fetcher, decoder: parts.decoder, writeFetcher: makeWriteFetcher(),
        instruments: parts.instruments)
    else { return nil }
    let claims = RequestClaims(stop: scenario.stop, concurrency: scenario.concurrency)
    onEvent(
      .windowStarted(
        WindowProgress(variant, phase: .measurement, stop: scenario.stop, claims: claims)))
    let recorders = ClientRecorders(
      count: scenario.concurrency, schedule: scenario.openLoop,
      rawLatencyCapacity: recordsRawLatencies ? rawLatencyCapacityPerClient : nil)
    await windowObserver?.windowWillOpen(variant)
    parts.instruments.beginWindow(designDomains: cache.isolationBusyTimes)
    let reach = CancellationReach.forWindow(of: scenario)
    var outcome = await WaitCancellation.$reach.withValue(reach) {
      await window(
        variant, cache: cache, keys: keys, parts: parts, claims: claims, recorders: recorders)
    }
    let (utilisation, jobFigures) = parts.instruments.endWindow(
      windowNanoseconds: outcome.nanoseconds)
    await windowObserver?.windowDidClose(variant, requests: outcome.requests)
    // The window's histogram stripes were merged and let go once it closed, so the memory reading
    // holds only the merged recorder.
    let clientSpread = ClientSpread(requestsPerClient: outcome.requestsPerClient)
    outcome.requestsPerClient = []
    let resources = await meter.end(
      mark, cachedEntries: await cache.readyEntryCount, payloadBytes: scenario.payloadBytes,
      harness: cache as? any HarnessHeldMemory)
    let staleRejected = await cache.staleRejectedCount
    // The end reading must see the cache, which nothing uses after the count above.
    withExtendedLifetime(cache) {}
    var result = try checkedResult(
      of: variant,
      WindowReadings(
        recorder: outcome.recorder, fetched: parts.ledger.totals, outcome: outcome,
        probe: parts.probe, mainProbe: parts.mainProbe, clientSpread: clientSpread,
        utilisation: utilisation, jobFigures: jobFigures, resources: resources,
        allocatedBeforeWindow: allocatedBeforeWindow, staleRejected: staleRejected,
        witnessesWrites: cache.entityStore != nil, decodes: parts.decodes,
        cancellation: parts.cancellation, attribution: parts.ledger.attribution?.figures))
    result.cancellationReach = reach?.figures
    result.invalidationCheck = await InvalidationCheck.run(
      after: outcome, of: scenario, on: cache, key: keys.key(at: 0), ledger: parts.ledger)
    return result
  }

  /// The measured window of `variant` on `cache`, with the parts made for it.
  private func window(
    _ variant: Variant, cache: some Cache, keys: KeySequence, parts: MeasuredWindowParts,
    claims: RequestClaims, recorders: ClientRecorders
  ) async -> WindowOutcome {
    await window(
      cache: cache, clientLoop: variant.design.specialisation.clientLoop,
      mainActorClientLoop: variant.design.specialisation.mainActorClientLoop, keys: keys,
      stop: scenario.stop, decoder: variant.decode == .outside ? parts.decoder : nil,
      claims: claims,
      schedule: scenario.openLoop, recorders: recorders, ledger: parts.ledger,
      probe: parts.probe, mainProbe: parts.mainProbe)
  }

  /// What a measured window is made with before its cache: the ledger its fetches are counted in, the
  /// counted decoder, the decode cancellation a run that cancels requests times, and the probes.
  private struct MeasuredWindowParts {
    let ledger: FetchLedger
    let cancellation: DecodeCancellation?
    let decodes: DecodeCounter
    let decoder: PayloadDecoder
    let probe: SchedulingProbe?
    let mainProbe: SchedulingProbe?
    /// The instrumented executors and locks the design's factory makes (`InstrumentedExecutor`).
    let instruments = IsolationInstruments()

    init(
      _ variant: Variant, scenario: Scenario, decoder: PayloadDecoder,
      attribution: FetchAttribution?
    ) {
      ledger = FetchLedger(
        recordsFetchQueue: scenario.fetcher.fetchLimit != nil, attribution: attribution)
      // Only a run that cancels requests times its decodes; every other decodes as it always did.
      cancellation =
        scenario.cancelRate > 0 && variant.decode != .noDecode
        ? DecodeCancellation(checkpoint: scenario.decodeCheckpoint) : nil
      decodes = DecodeCounter(cancellation: cancellation, countsMainActor: scenario.caller == .main)
      self.decoder = decoder.counted(by: decodes)
      probe = SchedulingProbe.isWanted ? SchedulingProbe() : nil
      mainProbe =
        SchedulingProbe.isWanted && scenario.caller == .main
        ? SchedulingProbe(target: .mainActor) : nil
    }
  }

  /// `variant`'s result from `readings`, once its accounting identity is checked.
  private func checkedResult(of variant: Variant, _ readings: WindowReadings)
    throws(AccountingError) -> VariantResult
  {
    let result = self.result(of: variant, readings)
    var expected: Int? = nil
    // A stopped window served fewer requests than asked, by design; the identity still holds.
    if case .requests(let count) = scenario.stop, !readings.outcome.wasStopped { expected = count }
    try result.checkAccounting(
      recorded: readings.recorder.latency.totalCount, expectedRequests: expected)
    blackHole(readings.recorder.checksum)
    return result
  }

  /// What a window measured, gathered for `result(of:_:)`.
  private struct WindowReadings {
    let recorder: ClientRecorder
    let fetched: FetchLedger.Totals
    let outcome: WindowOutcome
    let probe: SchedulingProbe?
    let mainProbe: SchedulingProbe?
    let clientSpread: ClientSpread?
    let utilisation: IsolationUtilisation?
    /// The jobs of the design's instrumented executors and locks, when it made any.
    let jobFigures: IsolationJobFigures?
    let resources: ResourceUsage
    let allocatedBeforeWindow: Int?
    let staleRejected: Int?
    /// Whether the design gave the harness its store (`Cache.entityStore`), without which
    /// `stale_served_after_write` is not measured.
    let witnessesWrites: Bool
    let decodes: DecodeCounter
    let cancellation: DecodeCancellation?
    /// What the harness attributed, in a window where it did.
    let attribution: AttributionTotals?
  }

  /// `variant`'s result: every figure of its window, in the one record the outputs read.
  private func result(of variant: Variant, _ readings: WindowReadings) -> VariantResult {
    let recorder = readings.recorder
    let fetched = readings.fetched
    let outcome = readings.outcome
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
    result.succeededFetches = fetched.succeededFetches
    if let schedule = scenario.openLoop {
      result.openLoop = Self.openLoopFigures(
        recorder, schedule: schedule, stop: scenario.stop, elapsed: outcome.nanoseconds)
    }
    if let probe = readings.probe { result.schedulingDelay = probe.histogram }
    result.mainActorResponsiveness = readings.mainProbe?.responsiveness
    result.clientSpread = readings.clientSpread
    result.utilisation = readings.utilisation
    result.actorBusyWait = recorder.actorBusyWait
    result.busyUntimed = recorder.busyUntimed
    result.resources = readings.resources
    result.resources.allocatedBytesBeforeWindow = readings.allocatedBeforeWindow
    result.invalidations = recorder.invalidations
    result.evictions = recorder.evictions
    result.expirations = recorder.expirations
    result.fetchesInFlightAfterWindow = fetched.inFlight
    result.staleRejected = readings.staleRejected
    result.unclassified = recorder.unclassified
    result.untimed = recorder.untimed
    result.adoptUnhookedIsolation(readings.jobFigures)
    result.wrongKeyAnswers = recorder.wrongKeyAnswers
    result.firstErrorDescription = recorder.firstErrorDescription
    Self.addDecodesAndWrites(of: variant, readings, to: &result)
    result.interrupted = outcome.wasStopped
    result.undrainedClients = outcome.undrainedClients
    result.stalled = outcome.stalled
    result.stallTimeout = stallTimeout
    Self.attribute(readings.attribution, to: &result)
    return result
  }

  /// The decode and write figures of `variant`'s window, for the variants that decode or write.
  private static func addDecodesAndWrites(
    of variant: Variant, _ readings: WindowReadings, to result: inout VariantResult
  ) {
    let recorder = readings.recorder
    if variant.decode.decodesInCache { result.insideDecodes = readings.decodes.total }
    if variant.decode != .noDecode {
      result.decodes = readings.decodes.total
      result.decodesOnActor = readings.decodes.onActor
      result.decodesOnMainActor = readings.decodes.onMainActor
      result.decodeCancellation = readings.cancellation?.figures
    }
    if variant.design.takesWrites {
      result.repository = RepositoryFigures(
        writes: recorder.writes, conflicts: recorder.conflicts,
        writeFailures: recorder.writeFailures,
        staleServedAfterWrite: readings.witnessesWrites ? recorder.staleServedAfterWrite : nil)
    }
  }

  /// A new, empty cache of `variant`'s design over `fetcher`, built by the design's own factory with what
  /// the harness provides; `decoder` reaches the cache only when the variant decodes inside it, and the
  /// retention only a design that supports it. Nil when the factory threw, which is reported as the
  /// variant's failure (`DriverEvent.failed`): the run goes on with the next variant.
  func makeCache(
    _ variant: Variant, fetcher: any Fetcher, decoder: PayloadDecoder, writeFetcher: any Fetcher,
    instruments: IsolationInstruments? = nil
  ) -> (any Cache)? {
    let environment = CacheEnvironment(
      fetcher: fetcher, writeFetcher: writeFetcher, decodePlacement: variant.decode,
      decoder: decoder,
      retention: variant.design.traits.contains(.supportsRetention)
        ? scenario.retention : .unbounded,
      keys: scenario.keys, shards: variant.shards)
    do {
      guard let instruments else { return try variant.design.makeCache(environment) }
      return try instruments.collect { try variant.design.makeCache(environment) }
    } catch {
      onEvent(.failed(variant, reason: "its factory threw: \(error)"))
      return nil
    }
  }

  /// A fresh fetcher over `ledger`: the caller's own remote (`remote`) counted in it, or the simulated
  /// one, with a pool of its own when the scenario limits fetches.
  func makeFetcher(ledger: FetchLedger) -> any Fetcher {
    if let remote { return CountedFetcher(remote: remote(), ledger: ledger) }
    let settings = scenario.fetcher
    return SimulatedFetcher(
      draws: FetchDraws(
        latency: scenario.latencyDistribution, failRate: settings.failRate, seed: scenario.seed),
      payloadBytes: scenario.payloadBytes, ledger: ledger,
      ignoresCancellation: settings.ignoresCancellation,
      pool: settings.fetchLimit.map { FetchPool(limit: $0) })
  }

  /// The round trip of a repository design's writes: the fetch latency distribution on draws of its
  /// own (so writes do not shift the reads' draws), never failing, in a ledger of its own (writes are
  /// not fetches).
  func makeWriteFetcher() -> SimulatedFetcher {
    SimulatedFetcher(
      draws: FetchDraws(
        latency: scenario.latencyDistribution, failRate: 0,
        seed: SplitMix64.mix(scenario.seed ^ Self.writeDrawsTag)),
      payloadBytes: 0, ledger: FetchLedger())
  }

  /// ASCII "writeLat": separates the write latency draws from the reads'.
  private static let writeDrawsTag: UInt64 = 0x7772_6974_654C_6174

  /// A ledger for one window of `scenario`, with the histogram of pool waits when it limits fetches.
  static func makeLedger(_ scenario: Scenario) -> FetchLedger {
    FetchLedger(recordsFetchQueue: scenario.fetcher.fetchLimit != nil)
  }

  /// Raw latency samples each client reserves room for before the window: an even share of a
  /// request target, so most clients never grow their array on the hot path; none for a duration.
  private var rawLatencyCapacityPerClient: Int {
    guard case .requests(let count) = scenario.stop else { return 0 }
    return (count + scenario.concurrency - 1) / scenario.concurrency
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
