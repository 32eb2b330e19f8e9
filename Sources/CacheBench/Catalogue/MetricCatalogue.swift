import CacheBenchCore

/// Every per-variant metric, each declared once (`MetricDeclaration`), in the order of the CSV's
/// columns: what the CSV, the JSON result, the baseline, the gate's built-in rules and the docs'
/// column and field tables derive from, and the terminal tables', the Markdown summary's, the A/B
/// gate's and the timing ratios' metrics with them (`MetricDeclaration.table`, `paired`,
/// `timingRatio`).
///
/// The CSV places the metrics among its scenario and descriptive columns (`CSVWriter`), and writes the
/// metrics declared after the last of them at the end of its row, in this order, so a new metric is
/// appended to the CSV as its contract asks (STYLE.md rule 11) by appending its declaration to
/// `appended`.
enum MetricCatalogue {
  /// Every metric, in column order.
  static let all: [MetricDeclaration] =
    window + resources + contention + workload + probes + decode + appended

  /// Each metric by name.
  static let byName: [String: MetricDeclaration] = Dictionary(
    uniqueKeysWithValues: all.map { ($0.name, $0) })

  /// Metrics added after the CSV's contract was first written; the CSV writes them last.
  static let appended: [MetricDeclaration] = [
    MetricDeclaration(
      "hit_ratio", .ratio, better: .higher,
      doc:
        "fraction, 4 decimals: `hits` over `requests`; `n/a` when `hits` is, empty when the window completed no request"
    ) { source in
      guard source.result.outcomesReported else { return .notMeasured }
      guard source.result.requests > 0 else { return .notApplicable }
      let ratio = Double(source.result.hits) / Double(source.result.requests)
      return .fixed(ratio, fractionDigits: 4)
    },
    MetricDeclaration(
      "main_actor_decodes", .count, better: .lower,
      doc:
        "count: decodes that ran on the main actor, asked of the concurrency runtime at each decode; empty unless `--caller main` and a decode, never 0 then"
    ) { .integer($0.result.decodesOnMainActor, else: .notApplicable) },
    MetricDeclaration(
      "isolation_jobs", .count, better: .lower,
      doc:
        "count: the jobs of the design's instrumented executor or lock that `actor_wait`, `actor_busy_wait` and `actor_service` were taken from, for a design that timed none of its requests itself: those columns then count jobs, not requests; empty when they are the design's own timings or not measured"
    ) { .integer($0.result.isolationJobs, else: .notApplicable) },
    MetricDeclaration(
      "write_failures", .count, better: .lower,
      doc:
        "count: writes that failed for a reason other than a conflict, as the design reported (`WriteResult.failed`); empty for the designs without writes"
    ) { .integer($0.result.repository?.writeFailures, else: .notApplicable) },
  ]

  /// Figures that no file writes, formed from the written metrics, for the terminal tables and the A/B
  /// gate (`MetricDeclaration.fromMetrics` says how a result read back forms them).
  static let derived: [MetricDeclaration] = [
    MetricDeclaration(
      "cpu_per_request_ns", .nanoseconds, better: .lower,
      doc: "ns: `cpu_total_s` over `requests`; not a CSV column"
    ) { .decimal($0.result.cpuNanosecondsPerRequest, fractionDigits: 1, else: .notMeasured) }
    .shown(in: .summary, as: "cpu/req", at: 140, .latency)
    .paired(PairedThreshold(threshold: 1.20, position: 50))
    .formed(from: ["cpu_total_s", "requests"]) { values in
      values[1] > 0 ? values[0] * 1e9 / values[1] : nil
    }
  ]

  /// Every declared figure: the written metrics, then the derived ones.
  static let figures: [MetricDeclaration] = all + derived

  /// Each derived figure by name.
  static let derivedByName: [String: MetricDeclaration] = Dictionary(
    uniqueKeysWithValues: derived.map { ($0.name, $0) })

  /// The declarations of `metrics` that `table` shows, with their columns, in column order.
  static func columns(
    of table: MetricTableColumn.Table, in metrics: [MetricDeclaration] = figures
  ) -> [(metric: MetricDeclaration, column: MetricTableColumn)] {
    metrics.compactMap { metric in
      metric.table.flatMap { $0.table == table ? (metric, $0) : nil }
    }.sorted { $0.column.position < $1.column.position }
  }

  /// The gate's built-in rule of every metric that declares one.
  static var rules: [String: MetricRule] {
    Dictionary(
      uniqueKeysWithValues: all.compactMap { metric in metric.rule.map { (metric.name, $0) } })
  }

  /// The rule of every metric that a design which coalesces and takes no writes holds more tightly.
  static var coalescingRules: [String: MetricRule] {
    Dictionary(
      uniqueKeysWithValues: all.compactMap { metric in
        metric.coalescingRule.map { (metric.name, $0) }
      })
  }
}
