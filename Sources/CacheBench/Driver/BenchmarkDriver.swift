/// Runs a scenario: for each variant, a warm-up on a throwaway cache, then a measured window on a fresh,
/// empty cache, then the accounting check.
///
/// Load comes from `concurrency` closed-loop client tasks in a task group, never from the main actor (a
/// main-actor hop costs tens of microseconds here and would swamp what is measured). Clients claim request
/// indices from one atomic counter, in batches (`RequestClaims`), and request i always asks for
/// `keys.key(at: i)`, so the multiset of keys requested is the same on every run with the same seed whatever
/// the scheduling. The loop itself is `ClientLoop`.
struct BenchmarkDriver: Sendable {
  let scenario: Scenario
  /// Told about each variant as it starts and ends; for progress on stderr.
  var onEvent: @Sendable (DriverEvent) -> Void = { _ in }

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
    let lead = await SleepLead.calibrated(for: scenario.fetchLatency)
    var results: [VariantResult] = []
    for variant in scenario.variants {
      onEvent(.started(variant))
      let result = try await measure(variant, keys: keys, decoder: decoder, lead: lead)
      onEvent(.finished(result))
      results.append(result)
    }
    return results
  }

  /// Warms up and measures one variant.
  @concurrent
  func measure(
    _ variant: Variant, keys: KeySequence, decoder: PayloadDecoder, lead: SleepLead
  ) async throws(AccountingError) -> VariantResult {
    if scenario.warmupRequests > 0 {
      let fetcher = makeFetcher(ledger: FetchLedger(), lead: lead)
      let cache = CacheFactory.makeCache(for: variant, fetcher: fetcher, decoder: decoder)
      _ = await window(
        cache: cache, keys: keys, stop: .requests(scenario.warmupRequests),
        decoder: variant.decode == .outside ? decoder : nil)
    }
    let ledger = FetchLedger()
    let fetcher = makeFetcher(ledger: ledger, lead: lead)
    let cache = CacheFactory.makeCache(for: variant, fetcher: fetcher, decoder: decoder)
    let (recorder, elapsed) = await window(
      cache: cache, keys: keys, stop: scenario.stop,
      decoder: variant.decode == .outside ? decoder : nil)
    let fetched = ledger.totals
    let result = VariantResult(
      variant: variant,
      requests: recorder.requests,
      hits: recorder.hits,
      joins: recorder.joins,
      leaders: recorder.leaders,
      errors: recorder.errors,
      cancellations: recorder.cancellations,
      fetches: fetched.fetches,
      duplicateFetches: fetched.duplicateFetches,
      windowNanoseconds: elapsed,
      latency: recorder.latency,
      fetchLatency: fetched.latency,
      configuredFetchLatency: scenario.fetchLatency,
      actorWait: recorder.actorWait,
      actorService: recorder.actorService)
    var expected: Int? = nil
    if case .requests(let count) = scenario.stop { expected = count }
    try result.checkAccounting(recorded: recorder.latency.totalCount, expectedRequests: expected)
    blackHole(recorder.checksum)
    return result
  }

  private func makeFetcher(ledger: FetchLedger, lead: SleepLead) -> ConstantLatencyFetcher {
    ConstantLatencyFetcher(
      latency: scenario.fetchLatency, payloadBytes: scenario.payloadBytes, ledger: ledger,
      lead: lead)
  }

  /// Drives `cache` with the scenario's clients until `stop`, and returns the merged recorders and the
  /// window's wall time in nanoseconds. `decoder` is non-nil when callers decode outside the cache.
  @concurrent
  func window(
    cache: any Cache, keys: KeySequence, stop: StopCondition, decoder: PayloadDecoder?
  ) async -> (ClientRecorder, UInt64) {
    await Self.window(
      cache: cache, keys: keys, stop: stop, concurrency: scenario.concurrency, decoder: decoder)
  }

  @concurrent
  private static func window<C: Cache>(
    cache: C, keys: KeySequence, stop: StopCondition, concurrency: Int, decoder: PayloadDecoder?
  ) async -> (ClientRecorder, UInt64) {
    let claims = RequestClaims()
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
    let merged = await withTaskGroup(of: ClientRecorder.self) { group in
      for _ in 0..<concurrency {
        group.addTask {
          var recorder = ClientRecorder()
          await ClientLoop.run(
            cache: cache, keys: keys, claims: claims, limit: limit, deadline: deadline,
            decoder: decoder, into: &recorder)
          return recorder
        }
      }
      var merged = ClientRecorder()
      for await recorder in group {
        merged.merge(recorder)
      }
      return merged
    }
    return (merged, MonotonicClock.now() - start)
  }
}

/// Progress of a run, for whoever shows it.
enum DriverEvent: Sendable {
  case started(Variant)
  case finished(VariantResult)
}
