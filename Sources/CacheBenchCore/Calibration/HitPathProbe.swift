/// Measures the hit path of a cache design: one task, a key whose value is ready, back-to-back lookups,
/// with no other caller and so no queueing.
///
/// The cache is the real design, built by its own factory with its `IsolationTiming` measurement, over a
/// zero-latency fetcher that serves the one warm-up miss; lookups go through the same unspecialised
/// `Cache` call the driver makes. What remains per lookup is the design's own work on a hit plus the
/// mechanism it is built on, which `Calibration` compares with that mechanism's floor.
package enum HitPathProbe {
  /// Rounds of hits of `design` with `shards` shards (1 for other designs), or `nil` when a lookup of the
  /// warmed key is not a hit. A round in which a lookup is not a hit returns NaN.
  @concurrent
  package static func makeRound(
    design: CacheDesign, shards: Int, budget: CalibrationBudget
  ) async -> ProbeRound? {
    let fetcher = ConstantLatencyFetcher(
      latency: .zero, payloadBytes: 64, ledger: FetchLedger(), lead: .none)
    let environment = CacheEnvironment(
      fetcher: fetcher, decodePlacement: .noDecode, keys: 1, shards: design.isSharded ? shards : 1)
    guard let cache = try? design.makeCache(environment) else { return nil }
    let key = 0
    // A design that does not report outcomes is taken at its word that the second lookup is a hit.
    guard (try? await cache.lookup(key)) != nil,
      let second = try? await cache.lookup(key), second.outcome == .hit || second.outcome == nil
    else { return nil }
    return CalibrationProbes.lookups(
      on: cache, key: key, operations: budget.operations(scaledBy: 1))
  }
}
