import CacheBenchCore

extension VariantResult {
  /// The histograms a result exports, by the name the JSON and histogram CSV files give them, in the
  /// order they are written: `latency` (request latency), `fetch_latency` (realised, at the fetcher),
  /// `actor_wait` (queue delay before the cache's isolation), `actor_service` (time inside it) and
  /// `sched_delay` (a runnable task's wait for a thread, sampled; not per request) and `actor_busy_wait`
  /// (the part of `actor_wait` the isolation was busy).
  /// A histogram added to the result joins both files by being listed here.
  var namedHistograms: [(name: String, histogram: LatencyHistogram)] {
    [
      ("latency", latency), ("fetch_latency", fetchLatency), ("actor_wait", actorWait),
      ("actor_service", actorService), ("sched_delay", schedulingDelay),
      ("actor_busy_wait", actorBusyWait),
    ]
  }
}
