import CacheBenchCore

extension VariantResult {
  /// The histograms a result exports, by the name the JSON and histogram CSV files give them, in the
  /// order they are written: `latency` (request latency), `fetch_latency` (realised, at the fetcher),
  /// `actor_wait` (queue delay before the cache's isolation), `actor_service` (time inside it) and
  /// `sched_delay` (a runnable task's wait for a thread, sampled; not per request) and `actor_busy_wait`
  /// (the part of `actor_wait` the isolation was busy), then, where the main-actor probe ran
  /// (`--caller main`), `main_delay` (a trivial main-actor job's wait to start, sampled), whose
  /// p50, p99 and maximum the CSV's `main_delay_*` columns give.
  /// A histogram added to the result joins both files by being listed here.
  var namedHistograms: [(name: String, histogram: LatencyHistogram)] {
    var named = [
      ("latency", latency), ("fetch_latency", fetchLatency), ("actor_wait", actorWait),
      ("actor_service", actorService), ("sched_delay", schedulingDelay),
      ("actor_busy_wait", actorBusyWait),
    ]
    if let mainActorResponsiveness { named.append(("main_delay", mainActorResponsiveness.delay)) }
    return named
  }
}
