import CacheBenchCore

extension MetricCatalogue {
  /// How requests were served and fetched, the window's time and throughput, and the latency spectra.
  static let window: [MetricDeclaration] =
    [
      MetricDeclaration(
        "requests", .count, better: .equal, rule: MetricRule(better: .equal, portable: true),
        countsRequests: true, doc: "count: requests completed or failed in the window"
      ) { .integer($0.result.requests) },
      MetricDeclaration(
        "hits", .count, better: .higher,
        doc: "count: served from a ready entry"
      ) { $0.outcome(\.hits) }.shown(in: .summary, as: "hits", at: 60, .integer),
      MetricDeclaration(
        "joins", .count, better: .none,
        doc: "count: served by awaiting a fetch another caller started"
      ) { $0.outcome(\.joins) }.shown(in: .summary, as: "joins", at: 70, .integer),
      MetricDeclaration(
        "leaders", .count, better: .lower, coalescingRule: .exact, countsRequests: true,
        doc: "count: started the fetch that served them"
      ) { $0.result.leadersReported ? .integer($0.result.leaders) : .notMeasured },
      MetricDeclaration(
        "errors", .count, better: .lower, rule: .exact,
        doc: "count: ended with a fetch error"
      ) { .integer($0.result.errors) },
      MetricDeclaration(
        "cancellations", .count, better: .lower, rule: .exact,
        doc: "count: ended with `CancellationError`"
      ) { .integer($0.result.cancellations) },
      MetricDeclaration(
        "fetches", .count, better: .lower, coalescingRule: .exact, countsRequests: true,
        doc: "count: calls the fetcher received"
      ) { .integer($0.result.fetches) }
      .shown(in: .summary, as: "fetches", at: 80, .count, best: "fetches"),
      MetricDeclaration(
        "duplicate_fetches", .count, better: .lower, coalescingRule: .exact,
        doc: "count: fetches that began while another fetch of the same key was in flight"
      ) { .integer($0.result.duplicateFetches) }
      .shown(in: .summary, as: "dup_fetches", at: 90, .count, best: "duplicate fetches"),
      MetricDeclaration(
        "window_s", .seconds, better: .none, doc: "s, 6 decimals"
      ) { .seconds(nanoseconds: $0.result.windowNanoseconds) },
      MetricDeclaration(
        "throughput", .perSecond, better: .higher,
        doc: "requests/s, 1 decimal"
      ) { .decimal($0.result.throughput, fractionDigits: 1) }
      .shown(in: .summary, as: "throughput", at: 10, .throughputScale, best: "throughput")
      .paired(PairedThreshold(threshold: 1.10, position: 20)).timingRatio("throughput_ratio"),
    ] + latency

  /// The request latency's percentiles, maximum and mean, the fetch latency's, and the instruction
  /// count callgrind fills in. The summary table shows p50, p99, p99.9 and the maximum, and the A/B
  /// gate judges p50 and p99 (thresholds: `PairedRule.builtIn`).
  private static let latency: [MetricDeclaration] =
    [
      latencyPercentile("p50", 50, "ns", title: "p50", at: 20)
        .paired(PairedThreshold(threshold: 1.25, floor: 1_000, position: 30))
        .timingRatio("latency_p50_ratio"),
      latencyPercentile("p90", 90, "ns"),
      latencyPercentile("p99", 99, "ns", title: "p99", at: 30)
        .paired(PairedThreshold(threshold: 1.50, floor: 1_000, position: 40))
        .timingRatio("latency_p99_ratio"),
      latencyPercentile("p999", 99.9, "ns (99.9th percentile)", title: "p99.9", at: 40),
      latencyPercentile("p9999", 99.99, "ns (99.99th percentile)"),
      latencyPercentile("max", nil, "ns", title: "max", at: 50),
    ] + [
      MetricDeclaration(
        "latency_mean_ns", .nanoseconds, better: .lower, doc: "ns, 1 decimal"
      ) { .mean(of: $0.result.latency) },
      MetricDeclaration(
        "fetch_latency_p50_ns", .nanoseconds, better: .none,
        doc: "ns (realised, measured at the fetcher)"
      ) { .percentile(50, of: $0.result.fetchLatency) },
      MetricDeclaration(
        "fetch_latency_p99_ns", .nanoseconds, better: .none,
        doc: "ns (realised)"
      ) { .percentile(99, of: $0.result.fetchLatency) },
      MetricDeclaration(
        "instructions_per_request", .count, better: .lower,
        rule: MetricRule(better: .lower, relative: 0.01),
        doc:
          "instructions per request in the window, 1 decimal; empty except in the CSV of `scripts/valgrind callgrind`"
      ) { _ in .notApplicable },
    ]

  /// A percentile of the request latency (its maximum for `nil`), shown in the summary table as `title`
  /// at `position` when given, its column's best marked.
  private static func latencyPercentile(
    _ name: String, _ percentile: Double?, _ doc: String, title: String? = nil, at position: Int = 0
  ) -> MetricDeclaration {
    let declaration = MetricDeclaration(
      "latency_\(name)_ns", .nanoseconds, better: .lower, doc: doc
    ) { .percentile(percentile, of: $0.result.latency) }
    guard let title else { return declaration }
    return declaration.shown(in: .summary, as: title, at: position, .latencyScale, best: "latency")
  }
}
