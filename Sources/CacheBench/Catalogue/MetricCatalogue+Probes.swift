import CacheBenchCore

extension MetricCatalogue {
  /// Scheduling delay, the spread of requests over clients, the busy part of `actor_wait` and the
  /// isolation's utilisation, then the main actor's responsiveness.
  static let probes: [MetricDeclaration] =
    zip(
      [("p50", 50, 50), ("p99", 99, 60), ("p999", 99.9, nil), ("max", nil, nil)],
      [
        "ns: scheduling delay, how long a runnable task waited for a thread of the clients' executor during the window, sampled once a millisecond by a probe beside the clients (not per request); `n/a` when the window took no sample, and under valgrind, where no probe runs"
      ] + Array(repeating: "ns, as `sched_delay_p50_ns`", count: 3)
    ).map { percentile, doc in
      let declaration = MetricDeclaration(
        "sched_delay_\(percentile.0)_ns", .nanoseconds, better: .lower, doc: doc
      ) { .sampled(percentile.1, of: $0.result.schedulingDelay) }
      guard let position = percentile.2 else { return declaration }
      return declaration.shown(
        in: .contention, as: "sched \(percentile.0)", at: position, .latency)
    } + [
      MetricDeclaration(
        "sched_delay_samples", .count, better: .none,
        doc: "count: samples the probe took; fewer under heavy load, when its own wake-up waits too"
      ) { .integer($0.result.schedulingDelay.totalCount) },
      MetricDeclaration(
        "client_requests_min", .count, better: .none,
        doc:
          "count: fewest requests one client completed, over the clients that returned; `n/a` when none did"
      ) { .integer($0.result.clientSpread?.minimum) },
      MetricDeclaration(
        "client_requests_median", .count, better: .none,
        doc: "count: the median client's requests (the lower middle for an even count)"
      ) { .integer($0.result.clientSpread?.median) },
      MetricDeclaration(
        "client_requests_max", .count, better: .none,
        doc: "count: most requests one client completed"
      ) { .integer($0.result.clientSpread?.maximum) },
      MetricDeclaration(
        "client_fairness", .ratio, better: .higher,
        doc:
          "number in (0, 1], three decimals: Jain's index over requests per client, (Σx)²/(n·Σx²); 1 when every client did the same, 1/n when one did all"
      ) { .decimal($0.result.clientSpread?.jainIndex, fractionDigits: 3, else: .notMeasured) },
      MetricDeclaration(
        "clients_starved", .count, better: .lower,
        doc:
          "count: clients that completed under a tenth of the fair share (requests ÷ clients); stderr warns when they are more than half"
      ) { .integer($0.result.clientSpread?.starved) },
    ]
    + isolation(
      "actor_busy_wait", \.actorBusyWait,
      "ns: the part of each request's `actor_wait` during which its isolation domain was running other work (contention proper; an upper bound, clamped to the wait); `n/a` for a design that does not measure it (`IsolationBusyTime`)",
      known: \.busyWaitTimed, shown: ("busy", at: 30),
      paired: PairedThreshold(threshold: 1.50, floor: 1_000, position: 70))
    + [
      MetricDeclaration(
        "actor_utilisation_max", .ratio, better: .lower,
        doc:
          "number, four decimals: the busiest isolation domain's busy time over the window (1 = busy throughout); work for no single request (admitting a fetch, decoding inside) included; `n/a` for a design that keeps no busy totals"
      ) { .decimal($0.result.utilisation?.maximum, fractionDigits: 4, else: .notMeasured) }
      .shown(in: .contention, as: "util", at: 90, .utilisation),
      MetricDeclaration(
        "actor_utilisation_mean", .ratio, better: .lower,
        doc:
          "number, four decimals: the mean over the design's isolation domains (shards); equal to the maximum for one domain"
      ) { .decimal($0.result.utilisation?.mean, fractionDigits: 4, else: .notMeasured) },
      MetricDeclaration(
        "isolation_domains", .count, better: .none,
        doc:
          "count: the design's isolation domains (1 for an actor or a lock, the shard count for `sharded`)"
      ) { .integer($0.result.utilisation?.domains) },
    ] + mainActor

  /// How long main-actor jobs waited during the window (`--caller main`).
  private static let mainActor: [MetricDeclaration] =
    [
      (
        "p50", 50,
        "ns: how long a trivial main-actor job waited to start, sampled every 1 ms during the window (`--caller main`); empty for `pool`, `n/a` when no probe ran (under valgrind)"
      ),
      ("p99", 99, "ns"), ("max", nil, "ns: the longest wait sampled"),
    ].map { name, percentile, doc in
      MetricDeclaration("main_delay_\(name)_ns", .nanoseconds, better: .lower, doc: doc) {
        $0.mainActor { .sampled(percentile, of: $0.delay) }
      }
    } + [
      MetricDeclaration(
        "main_delay_samples", .count, better: .none, doc: "count: samples taken"
      ) { $0.mainActor { .integer($0.delay.totalCount) } },
      MetricDeclaration(
        "main_hitches", .count, better: .lower,
        doc: "count: samples over 16 ms (a frame at 60 Hz), counted exactly"
      ) { $0.mainActor { .integer($0.hitches) } },
      MetricDeclaration(
        "main_hangs", .count, better: .lower, doc: "count: samples over 250 ms (each also a hitch)"
      ) { $0.mainActor { .integer($0.hangs) } },
    ]
}
