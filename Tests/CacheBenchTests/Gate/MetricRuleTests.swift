import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// How one rule judges a change, and which rule each metric gets.
struct MetricRuleTests {
  @Test(arguments: [
    // lower is better, 10% or 2 units, whichever is larger
    (MetricRule(better: .lower, relative: 0.1, absolute: 2), 100.0, 110.0, Verdict.ok),
    (MetricRule(better: .lower, relative: 0.1, absolute: 2), 100, 110.5, .regression),
    (MetricRule(better: .lower, relative: 0.1, absolute: 2), 100, 89, .improvement),
    (MetricRule(better: .lower, relative: 0.1, absolute: 2), 5, 7, .ok),
    (MetricRule(better: .lower, relative: 0.1, absolute: 2), 5, 7.5, .regression),
    (MetricRule(better: .higher, relative: 0.5), 2, 1, .ok),
    (MetricRule(better: .higher, relative: 0.5), 2, 0.9, .regression),
    (MetricRule(better: .higher, relative: 0.5), 2, 3.1, .improvement),
    (MetricRule(better: .equal), 20_000, 20_001, .regression),
    (MetricRule(better: .equal), 20_000, 19_999, .regression),
    (MetricRule.exact, 0, 0, .ok),
    (MetricRule.exact, 0, 1, .regression),
    (MetricRule.informational, 1, 1_000, .ungated),
    // instructions per request: 1% either way is noise, more is a verdict
    (MetricRule(better: .lower, relative: 0.01), 1_499.5, 1_514.4, .ok),
    (MetricRule(better: .lower, relative: 0.01), 1_499.5, 1_574.5, .regression),
    (MetricRule(better: .lower, relative: 0.01), 1_499.5, 1_424.5, .improvement),
  ])
  func aChangeIsJudgedByPolarityAndTheLargerOfItsAllowances(
    rule: MetricRule, baseline: Double, current: Double, verdict: Verdict
  ) {
    #expect(rule.judge(baseline: baseline, current: current) == verdict)
  }

  @Test(arguments: [
    (MetricRule.exact, "exact"),
    (MetricRule(better: .equal), "exact"),
    (MetricRule(better: .higher, relative: 0.5), "-50%"),
    (MetricRule(better: .lower, relative: 0.05, absolute: 0.5), "+5%|0.50"),
    (MetricRule(better: .lower, absolute: 3), "+3"),
    (MetricRule.informational, "info"),
  ])
  func theSummaryShowsTheDirectionThatFails(rule: MetricRule, summary: String) {
    #expect(rule.summary == summary)
  }

  /// The built-in rule of each metric per design: exact where the seed fixes the count.
  @Test(arguments: [
    ("fetches", "coalescing", MetricRule.exact),
    ("fetches", "sharded", .exact),
    ("fetches", "mutex", .exact),
    ("leaders", "mutex", .exact),
    ("duplicate_fetches", "sharded", .exact),
    ("fetches", "naive", .informational),
    ("duplicate_fetches", "naive", .informational),
    ("duplicate_fetches", "a-future-design", .informational),
    ("requests", "naive", MetricRule(better: .equal, portable: true)),
    ("errors", "naive", .exact),
    ("hits", "mutex", .informational),
    ("throughput", "mutex", .informational),
    ("latency_p99_ns", "mutex", .informational),
    // Timing ratios move with the host's load: shown, judged only where a profile says so.
    ("throughput_ratio", "naive", .informational),
    ("latency_p50_ratio", "naive", .informational),
    // The total moves with libdispatch's threads: shown. The per-request figure is judged, as loose as
    // a reentrant design's spread under load; ci-hits.json holds it tight.
    ("malloc_count", "coalescing", .informational),
    ("mallocs_per_request", "mutex", MetricRule(better: .lower, relative: 0.10, absolute: 1.5)),
    // Gross slowdowns of the calibrated hit path fail in the stored-baseline gate too, judged over the
    // floor of its mechanism, which carries across machines where the nanoseconds do not.
    ("hit_path_floor_ratio", "naive", MetricRule(better: .lower, relative: 1.0)),
    ("hit_path_ns", "naive", .informational),
    ("instructions_per_request", "naive", MetricRule(better: .lower, relative: 0.01)),
    ("instructions_per_request", "coalescing", MetricRule(better: .lower, relative: 0.01)),
    ("a_metric_nobody_named", "mutex", .informational),
  ])
  func eachMetricGetsItsBuiltInRule(metric: String, design: String, rule: MetricRule) {
    #expect(GateThresholds().rule(for: metric, design: design) == rule)
  }
}
