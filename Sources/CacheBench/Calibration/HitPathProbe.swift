/// Measures the hit path of a cache design: one task, a key whose value is ready, back-to-back lookups,
/// with no other caller and so no queueing.
///
/// The cache is the real design, built by `CacheFactory` with its `IsolationTiming` measurement, over a
/// zero-latency fetcher that serves the one warm-up miss; lookups go through the same unspecialised
/// `Cache` call the driver makes. What remains per lookup is the design's own work on a hit plus the
/// mechanism it is built on, which `Calibration` compares with that mechanism's floor.
enum HitPathProbe {
  /// Rounds of hits of `design` with `shards` shards (1 for other designs), or `nil` when a lookup of the
  /// warmed key is not a hit. A round in which a lookup is not a hit returns NaN.
  @concurrent
  static func makeRound(
    design: CacheDesign, shards: Int, budget: CalibrationBudget
  ) async -> ProbeRound? {
    let fetcher = ConstantLatencyFetcher(
      latency: .zero, payloadBytes: 64, ledger: FetchLedger(), lead: .none)
    let cache = CacheFactory.makeCache(
      for: Variant(design: design, decode: .noDecode, shards: design == .sharded ? shards : 1),
      fetcher: fetcher, decoder: PayloadDecoder(steps: 0))
    let key = 0
    guard (try? await cache.lookup(key)) != nil,
      (try? await cache.lookup(key))?.outcome == .hit
    else { return nil }
    return CalibrationProbes.lookups(
      on: cache, key: key, operations: budget.operations(scaledBy: 1))
  }
}
