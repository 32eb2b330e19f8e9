import CacheBenchCore

extension MetricCatalogue {
  /// How requests were served and fetched, the window's time and throughput, and the latency spectra.
  static let window: [MetricDeclaration] =
    [
      MetricDeclaration(
        "requests", .count, better: .equal, rule: MetricRule(better: .equal, portable: true),
        countsRequests: true, doc: "cache `get` calls completed or failed in the window"
      ) { .integer($0.result.requests) },
      MetricDeclaration(
        "hits", .count, better: .higher,
        doc: "served from a ready entry without waiting for a fetch; `n/a` when not reported"
      ) { $0.outcome(\.hits) },
      MetricDeclaration(
        "joins", .count, better: .none,
        doc: "served by awaiting a fetch another caller started; `n/a` when not reported"
      ) { $0.outcome(\.joins) },
      MetricDeclaration(
        "leaders", .count, better: .lower, coalescingRule: .exact, countsRequests: true,
        doc: "requests that started a fetch; `n/a` when not reported"
      ) { $0.result.leadersReported ? .integer($0.result.leaders) : .notMeasured },
      MetricDeclaration(
        "errors", .count, better: .lower, rule: .exact,
        doc: "requests that ended with a fetch error"
      ) { .integer($0.result.errors) },
      MetricDeclaration(
        "cancellations", .count, better: .lower, rule: .exact,
        doc: "requests that ended with `CancellationError`"
      ) { .integer($0.result.cancellations) },
      MetricDeclaration(
        "fetches", .count, better: .lower, coalescingRule: .exact, countsRequests: true,
        doc: "calls the fetcher received"
      ) { .integer($0.result.fetches) },
      MetricDeclaration(
        "duplicate_fetches", .count, better: .lower, coalescingRule: .exact,
        doc: "fetches that began while another fetch of the same key was in flight"
      ) { .integer($0.result.duplicateFetches) },
      MetricDeclaration(
        "window_s", .seconds, better: .none, doc: "wall time of the measurement window"
      ) { .seconds(nanoseconds: $0.result.windowNanoseconds) },
      MetricDeclaration(
        "throughput", .perSecond, better: .higher,
        doc: "requests per second of window wall time"
      ) { .decimal($0.result.throughput, fractionDigits: 1) },
    ] + latency

  /// The request latency's percentiles, maximum and mean, the fetch latency's, and the instruction
  /// count callgrind fills in.
  private static let latency: [MetricDeclaration] =
    [("p50", 50), ("p90", 90), ("p99", 99), ("p999", 99.9), ("p9999", 99.99), ("max", nil)].map {
      name, percentile in
      MetricDeclaration(
        "latency_\(name)_ns", .nanoseconds, better: .lower,
        doc: "request latency, \(name), from issue to completion; empty when none completed"
      ) { .percentile(percentile, of: $0.result.latency) }
    } + [
      MetricDeclaration(
        "latency_mean_ns", .nanoseconds, better: .lower, doc: "mean request latency"
      ) { .mean(of: $0.result.latency) },
      MetricDeclaration(
        "fetch_latency_p50_ns", .nanoseconds, better: .none,
        doc: "the fetcher's realised latency, p50; empty when nothing was fetched"
      ) { .percentile(50, of: $0.result.fetchLatency) },
      MetricDeclaration(
        "fetch_latency_p99_ns", .nanoseconds, better: .none,
        doc: "the fetcher's realised latency, p99; empty when nothing was fetched"
      ) { .percentile(99, of: $0.result.fetchLatency) },
      MetricDeclaration(
        "instructions_per_request", .count, better: .lower,
        rule: MetricRule(better: .lower, relative: 0.01),
        doc: "instructions per request, filled only by `scripts/valgrind callgrind`"
      ) { _ in .notApplicable },
    ]
}
