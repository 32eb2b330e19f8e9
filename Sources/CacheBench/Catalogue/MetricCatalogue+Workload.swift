import CacheBenchCore

extension MetricCatalogue {
  /// The fetch pool's queue, the open loop, the operation mix, retention and the repository designs.
  static let workload: [MetricDeclaration] = [
    MetricDeclaration(
      "fetch_queue_p50_ns", .nanoseconds, better: .lower,
      doc: "ns: wait for a fetch-pool slot, before the fetch begins; empty without `--fetch-limit`"
    ) { .percentile(50, of: $0.result.fetchQueue) },
    MetricDeclaration(
      "fetch_queue_p99_ns", .nanoseconds, better: .lower,
      doc: "ns; empty without `--fetch-limit`"
    ) { .percentile(99, of: $0.result.fetchQueue) },
    MetricDeclaration(
      "fetch_queue_max_ns", .nanoseconds, better: .lower,
      doc: "ns; empty without `--fetch-limit`"
    ) { .percentile(nil, of: $0.result.fetchQueue) },
    MetricDeclaration(
      "rate_achieved", .perSecond, better: .higher,
      doc:
        "requests/s, 1 decimal: requests issued / time from window start to the last actual start; empty in a closed-loop run"
    ) { $0.result.openLoop.map { .fixed($0.achievedRate, fractionDigits: 1) } ?? .notApplicable },
    MetricDeclaration(
      "backlog", .count, better: .lower,
      doc:
        "count: requests due before the window ended (by duration: its deadline) but never issued; empty in a closed-loop run"
    ) { .integer($0.result.openLoop?.backlog, else: .notApplicable) },
    MetricDeclaration(
      "start_lag_max_ns", .nanoseconds, better: .lower,
      doc:
        "ns: the largest delay of a request's actual start behind its intended start; empty in a closed-loop run"
    ) { .integer($0.result.openLoop?.maximumStartLagNanoseconds, else: .notApplicable) },
    MetricDeclaration(
      "latency_actual_p50_ns", .nanoseconds, better: .lower,
      doc: "ns: latency from the actual start (uncorrected); empty in a closed-loop run"
    ) { .percentile(50, of: $0.result.openLoop?.actualLatency) },
    MetricDeclaration(
      "latency_actual_p99_ns", .nanoseconds, better: .lower,
      doc: "ns; empty in a closed-loop run"
    ) { .percentile(99, of: $0.result.openLoop?.actualLatency) },
    MetricDeclaration(
      "latency_actual_max_ns", .nanoseconds, better: .lower,
      doc: "ns; empty in a closed-loop run"
    ) { .percentile(nil, of: $0.result.openLoop?.actualLatency) },
    MetricDeclaration(
      "invalidations", .count, better: .none,
      doc: "count: `invalidate` calls issued in the window (operations, not requests)"
    ) { .integer($0.result.invalidations) },
    MetricDeclaration(
      "evictions", .count, better: .none,
      doc: "count: leaders whose key's entry had been evicted for capacity"
    ) { .integer($0.result.evictions) },
    MetricDeclaration(
      "expirations", .count, better: .none,
      doc: "count: leaders whose key's entry had outlived `--ttl`"
    ) { .integer($0.result.expirations) },
    MetricDeclaration(
      "writes", .count, better: .equal, rule: .exact,
      doc:
        "count: writes sent through a repository design (operations, not requests); empty for the other designs"
    ) { .integer($0.result.repository?.writes, else: .notApplicable) },
    MetricDeclaration(
      "conflicts", .count, better: .none,
      doc:
        "count: writes the store refused because the entity's revision was not the one the cache expected; empty for the other designs"
    ) { .integer($0.result.repository?.conflicts, else: .notApplicable) },
    MetricDeclaration(
      "stale_rejected", .count, better: .lower, rule: .exact,
      doc:
        "count: completed fetches refused admission because their entry's identity or generation moved on: invalidated or replaced while in flight (coalescing, sharded, mutex, split), or, for `repository`, a write began after the load did or a newer revision was known; always 0 for `naive`, `fetch-outside` and `naive-repository`, which store whatever returns"
    ) { .integer($0.result.staleRejected, else: .notApplicable) },
    MetricDeclaration(
      "stale_served_after_write", .count, better: .lower, rule: .exact,
      doc:
        "count: reads that returned a revision older than one whose write had completed before they began (the tool's own correctness check; must be 0 for `repository`); empty for the designs without writes, and for a design that gives the harness no store to witness its writes (`Cache.entityStore`)"
    ) { .integer($0.result.repository?.staleServedAfterWrite, else: .notApplicable) },
  ]
}
