@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// In-memory runs for the gate tests: a small two-variant run whose figures a test changes one at a time.
enum GateFixtures {
  /// The scenario every fixture run records.
  static let scenario = JSONValue.object([
    ("seed", .number("1")), ("keys", .number("2000")), ("requests_target", .number("20000")),
    ("duration_s", .null),
  ])

  /// Metadata of a run on a 2-core host with Swift 6.3.1.
  static func metadata(hostCores: Int = 2, swiftVersion: String = "6.3.1") -> JSONValue {
    .object([
      ("timestamp", .string("2026-11-29T15:04:36Z")), ("git_commit", .string("0123abc")),
      ("swift_version", .string(swiftVersion)), ("host_cores", .number(hostCores)),
      ("host_name", .string("ci-1")),
    ])
  }

  /// The coalescing variant as a healthy run measures it: one fetch per distinct key, no duplicates.
  static let coalescing = VariantMetrics(
    variant: "coalescing", design: "coalescing", decode: "outside", shards: 1,
    metrics: [
      Metric(name: "requests", value: 20_000), Metric(name: "hits", value: 18_000),
      Metric(name: "joins", value: 305), Metric(name: "leaders", value: 1_695),
      Metric(name: "errors", value: 0), Metric(name: "cancellations", value: 0),
      Metric(name: "fetches", value: 1_695), Metric(name: "duplicate_fetches", value: 0),
      Metric(name: "throughput", value: 40_000), Metric(name: "latency_p50_ns", value: 20_000),
      Metric(name: "latency_p99_ns", value: 2_000_000),
      Metric(name: "fetch_latency_p50_ns", value: 1_050_000),
    ])

  /// The reference variant of the ratios.
  static let mutex = VariantMetrics(
    variant: "mutex", design: "mutex", decode: "outside", shards: 1,
    metrics: coalescing.metrics.map { metric in
      switch metric.name {
      case "throughput": Metric(name: "throughput", value: 50_000)
      case "latency_p50_ns": Metric(name: "latency_p50_ns", value: 10_000)
      default: metric
      }
    })

  /// A run of both variants.
  static func run(
    kind: ResultDocument.Kind = .result, variants: [VariantMetrics] = [coalescing, mutex],
    metadata: JSONValue = metadata()
  ) -> ResultDocument {
    ResultDocument(
      kind: kind, interrupted: false, metadata: metadata, scenario: scenario, variants: variants)
  }

  /// `variant` with metric `name` set to `value` (appended when absent).
  static func with(_ variant: VariantMetrics, _ name: String, _ value: Double?) -> VariantMetrics {
    var variant = variant
    if let index = variant.metrics.firstIndex(where: { $0.name == name }) {
      variant.metrics[index].value = value
    } else {
      variant.metrics.append(Metric(name: name, value: value))
    }
    return variant
  }

  /// `variant` without metric `name`.
  static func without(_ variant: VariantMetrics, _ name: String) -> VariantMetrics {
    var variant = variant
    variant.metrics.removeAll { $0.name == name }
    return variant
  }

  /// The thresholds of the CI profile: ratios relative to `mutex/outside`.
  /// The fixtures' thresholds: the reference variant, and `throughput_ratio` judged as a profile for a
  /// quiet machine judges it (higher is better, within 50%); by default it is only shown.
  static let thresholds = GateThresholds(
    reference: "mutex/outside",
    metricRules: ["throughput_ratio": GateThresholds.PartialRule(better: .higher, relative: 0.5)])

  /// `current` compared with the fixture baseline.
  static func compare(
    _ current: ResultDocument, baseline: ResultDocument = run(kind: .baseline),
    thresholds: GateThresholds = thresholds, options: Comparison.Options = Comparison.Options()
  ) throws -> Comparison {
    try Comparison(
      baseline: baseline, baselineName: "baseline.json", current: current,
      currentName: "current.csv", thresholds: thresholds, options: options)
  }
}
