/// Measures the hit path of a cache design: one task, a key whose value is ready, back-to-back lookups,
/// with no other caller and so no queueing.
///
/// The cache is the real design, built by `CacheFactory` with its `IsolationTiming` measurement, over a
/// zero-latency fetcher that serves the one warm-up miss; lookups go through the same unspecialised
/// `Cache` call the driver makes. What remains per lookup is the design's own work on a hit plus the
/// mechanism it is built on, which `Calibration` compares with that mechanism's floor.
enum HitPathProbe {
  /// Nanoseconds per hit of `design` with `shards` shards (1 for other designs), or `nil` when a lookup of
  /// the warmed key was not a hit.
  @concurrent
  static func measure(design: CacheDesign, shards: Int, budget: CalibrationBudget) async -> Double?
  {
    let fetcher = ConstantLatencyFetcher(
      latency: .zero, payloadBytes: 64, ledger: FetchLedger(), lead: .none)
    let cache = CacheFactory.makeCache(
      for: Variant(design: design, decode: .noDecode, shards: design == .sharded ? shards : 1),
      fetcher: fetcher, decoder: PayloadDecoder(steps: 0))
    return await measureHits(on: cache, budget: budget)
  }

  private static func measureHits<C: Cache>(on cache: C, budget: CalibrationBudget) async -> Double?
  {
    let key = 0
    guard (try? await cache.lookup(key)) != nil,
      (try? await cache.lookup(key))?.outcome == .hit
    else { return nil }
    let operations = budget.operations(scaledBy: 1)
    var best = Double.infinity
    var hits = 0
    for _ in 0..<budget.rounds {
      let start = MonotonicClock.now()
      for _ in 0..<operations {
        if let lookup = try? await cache.lookup(key), lookup.outcome == .hit { hits &+= 1 }
      }
      best = min(best, CalibrationProbes.mean(since: start, operations: operations))
    }
    return hits == operations * budget.rounds ? best : nil
  }
}
