import CacheBenchCore

extension MetricCatalogue {
  /// Scheduling delay, the spread of requests over clients, the busy part of `actor_wait` and the
  /// isolation's utilisation, then the main actor's responsiveness.
  static let probes: [MetricDeclaration] =
    [("p50", 50), ("p99", 99), ("p999", 99.9), ("max", nil)].map { name, percentile in
      MetricDeclaration(
        "sched_delay_\(name)_ns", .nanoseconds, better: .lower,
        doc: "how long a runnable task waited for a thread, \(name); `n/a` without a sample"
      ) { .sampled(percentile, of: $0.result.schedulingDelay) }
    } + [
      MetricDeclaration(
        "sched_delay_samples", .count, better: .none, doc: "samples of `sched_delay_*`"
      ) { .integer($0.result.schedulingDelay.totalCount) },
      MetricDeclaration(
        "client_requests_min", .count, better: .none, doc: "fewest requests one client completed"
      ) { .integer($0.result.clientSpread?.minimum) },
      MetricDeclaration(
        "client_requests_median", .count, better: .none, doc: "median requests per client"
      ) { .integer($0.result.clientSpread?.median) },
      MetricDeclaration(
        "client_requests_max", .count, better: .none, doc: "most requests one client completed"
      ) { .integer($0.result.clientSpread?.maximum) },
      MetricDeclaration(
        "client_fairness", .ratio, better: .higher, doc: "Jain's index of requests per client"
      ) { .decimal($0.result.clientSpread?.jainIndex, fractionDigits: 3, else: .notMeasured) },
      MetricDeclaration(
        "clients_starved", .count, better: .lower, doc: "clients that completed no request"
      ) { .integer($0.result.clientSpread?.starved) },
    ]
    + isolation(
      "actor_busy_wait", \.actorBusyWait,
      "the part of `actor_wait` while the actor ran other work", known: \.busyWaitTimed)
    + [
      MetricDeclaration(
        "actor_utilisation_max", .ratio, better: .lower,
        doc: "busy share of the window of the busiest isolation domain"
      ) { .decimal($0.result.utilisation?.maximum, fractionDigits: 4, else: .notMeasured) },
      MetricDeclaration(
        "actor_utilisation_mean", .ratio, better: .lower,
        doc: "mean busy share of the window over the isolation domains"
      ) { .decimal($0.result.utilisation?.mean, fractionDigits: 4, else: .notMeasured) },
      MetricDeclaration(
        "isolation_domains", .count, better: .none, doc: "isolation domains with busy totals"
      ) { .integer($0.result.utilisation?.domains) },
    ] + mainActor

  /// How long main-actor jobs waited during the window (`--caller main`).
  private static let mainActor: [MetricDeclaration] =
    [("p50", 50), ("p99", 99), ("max", nil)].map { name, percentile in
      MetricDeclaration(
        "main_delay_\(name)_ns", .nanoseconds, better: .lower,
        doc: "main-actor job delay, \(name), under `--caller main`"
      ) { $0.mainActor { .sampled(percentile, of: $0.delay) } }
    } + [
      MetricDeclaration(
        "main_delay_samples", .count, better: .none, doc: "samples of `main_delay_*`"
      ) { $0.mainActor { .integer($0.delay.totalCount) } },
      MetricDeclaration(
        "main_hitches", .count, better: .lower, doc: "main-actor delays past a frame"
      ) { $0.mainActor { .integer($0.hitches) } },
      MetricDeclaration(
        "main_hangs", .count, better: .lower, doc: "main-actor delays past a hang's threshold"
      ) { $0.mainActor { .integer($0.hangs) } },
    ]
}
