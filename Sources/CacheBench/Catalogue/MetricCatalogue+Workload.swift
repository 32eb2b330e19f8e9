import CacheBenchCore

extension MetricCatalogue {
  /// The fetch pool's queue, the open loop, the operation mix, retention and the repository designs.
  static let workload: [MetricDeclaration] = [
    MetricDeclaration(
      "fetch_queue_p50_ns", .nanoseconds, better: .lower,
      doc: "wait for a fetch slot under `--fetch-limit`, p50; empty without it"
    ) { .percentile(50, of: $0.result.fetchQueue) },
    MetricDeclaration(
      "fetch_queue_p99_ns", .nanoseconds, better: .lower,
      doc: "wait for a fetch slot under `--fetch-limit`, p99; empty without it"
    ) { .percentile(99, of: $0.result.fetchQueue) },
    MetricDeclaration(
      "fetch_queue_max_ns", .nanoseconds, better: .lower,
      doc: "wait for a fetch slot under `--fetch-limit`, maximum; empty without it"
    ) { .percentile(nil, of: $0.result.fetchQueue) },
    MetricDeclaration(
      "rate_achieved", .perSecond, better: .higher,
      doc: "requests issued per second under `--rate`; empty in a closed loop"
    ) { $0.result.openLoop.map { .fixed($0.achievedRate, fractionDigits: 1) } ?? .notApplicable },
    MetricDeclaration(
      "backlog", .count, better: .lower,
      doc: "requests due but not yet issued at window end under `--rate`"
    ) { .integer($0.result.openLoop?.backlog, else: .notApplicable) },
    MetricDeclaration(
      "start_lag_max_ns", .nanoseconds, better: .lower,
      doc: "largest lag of a request's issue behind its intended time under `--rate`"
    ) { .integer($0.result.openLoop?.maximumStartLagNanoseconds, else: .notApplicable) },
    MetricDeclaration(
      "latency_actual_p50_ns", .nanoseconds, better: .lower,
      doc: "latency from the actual issue under `--rate`, p50"
    ) { .percentile(50, of: $0.result.openLoop?.actualLatency) },
    MetricDeclaration(
      "latency_actual_p99_ns", .nanoseconds, better: .lower,
      doc: "latency from the actual issue under `--rate`, p99"
    ) { .percentile(99, of: $0.result.openLoop?.actualLatency) },
    MetricDeclaration(
      "latency_actual_max_ns", .nanoseconds, better: .lower,
      doc: "latency from the actual issue under `--rate`, maximum"
    ) { .percentile(nil, of: $0.result.openLoop?.actualLatency) },
    MetricDeclaration(
      "invalidations", .count, better: .none, doc: "invalidations the window issued"
    ) { .integer($0.result.invalidations) },
    MetricDeclaration(
      "evictions", .count, better: .none, doc: "entries evicted by `--capacity`"
    ) { .integer($0.result.evictions) },
    MetricDeclaration(
      "expirations", .count, better: .none, doc: "entries expired by `--ttl`"
    ) { .integer($0.result.expirations) },
    MetricDeclaration(
      "writes", .count, better: .equal, rule: .exact,
      doc: "writes to the store (repository designs); empty for the others"
    ) { .integer($0.result.repository?.writes, else: .notApplicable) },
    MetricDeclaration(
      "conflicts", .count, better: .none,
      doc: "writes that raced a load of the same key (repository designs)"
    ) { .integer($0.result.repository?.conflicts, else: .notApplicable) },
    MetricDeclaration(
      "stale_rejected", .count, better: .lower, rule: .exact,
      doc: "completions refused because the entry's identity or generation moved on"
    ) { .integer($0.result.staleRejected, else: .notApplicable) },
    MetricDeclaration(
      "stale_served_after_write", .count, better: .lower, rule: .exact,
      doc: "reads served a value older than a completed write (repository designs)"
    ) { .integer($0.result.repository?.staleServedAfterWrite, else: .notApplicable) },
  ]
}
