import CacheBenchCore

extension MetricCatalogue {
  /// Queue delay before, and time inside, the cache's isolation; the variant's uncontended hit path
  /// against its floor; the run's calibration (the same in every row); and the clients left inside a
  /// request when the window ended.
  static let contention: [MetricDeclaration] =
    isolation(
      "actor_wait", \.actorWait,
      "ns: queue delay before entering the cache's isolation (actor, shard actor; `mutex`: lock wait)",
      others: ["ns", "ns (99.9th percentile)", "ns"],
      shown: ("wait", at: 10), paired: PairedThreshold(threshold: 1.50, floor: 1_000, position: 60))
    + isolation(
      "actor_service", \.actorService,
      "ns: time inside the cache's isolation per request (`mutex`: lock hold time)",
      others: ["ns", "ns (99.9th percentile)", "ns"], shown: ("service", at: 70))
    + hitPath + floors
    + [
      MetricDeclaration(
        "undrained_clients", .count, better: .lower,
        doc:
          "count: clients of this window abandoned while still inside a request (see Interruption)"
      ) { .integer($0.result.undrainedClients) }
    ]

  /// p50, p99, p99.9 and the maximum of an isolation histogram; `n/a` when the design did not time
  /// every request. `doc` is the p50's line; `others` those of the rest, by default a reference to it.
  /// `shown` puts the p50 and p99 in the contention table as `<title> p50` and `<title> p99` at
  /// `position` and the next ten; `paired` has the A/B gate judge the p50.
  static func isolation(
    _ prefix: String, _ histogram: KeyPath<VariantResult, LatencyHistogram> & Sendable,
    _ doc: String, others: [String]? = nil,
    known: KeyPath<VariantResult, Bool> & Sendable = \.isolationTimed,
    shown: (title: String, at: Int)? = nil, paired: PairedThreshold? = nil
  ) -> [MetricDeclaration] {
    let docs = [doc] + (others ?? Array(repeating: "ns, as `\(prefix)_p50_ns`", count: 3))
    return zip([("p50", 50), ("p99", 99), ("p999", 99.9), ("max", nil)], docs).enumerated().map {
      index, entry in
      let (percentile, doc) = entry
      var declaration = MetricDeclaration(
        "\(prefix)_\(percentile.0)_ns", .nanoseconds, better: .lower, doc: doc
      ) { $0.isolation(percentile.1, histogram, known: known) }
      if let shown, index < 2 {
        declaration = declaration.shown(
          in: .contention, as: "\(shown.title) \(percentile.0)", at: shown.at + 10 * index, .latency
        )
      }
      if let paired, index == 0 { declaration = declaration.paired(paired) }
      return declaration
    }
  }

  /// The variant's uncontended hit, timed and untimed, and its ratio to the floor of its mechanism.
  /// The contention table ends with the untimed pair, the design's own work, or the timed one for a
  /// design whose clock reads cannot be switched off, said so (`, timed`).
  private static let hitPath: [MetricDeclaration] = [
    MetricDeclaration(
      "hit_path_ns", .nanoseconds, better: .lower,
      doc: "ns, 1 decimal: uncontended hit of this design and shard count (calibration)"
    ) { .cost($0.calibration?.hitPath(of: $0.result.variant)) }
    .paired(PairedThreshold(threshold: 1.05, position: 10)),
    MetricDeclaration(
      "hit_path_floor_ratio", .ratio, better: .lower,
      rule: MetricRule(better: .lower, relative: 1.0),
      doc:
        "ratio, 2 decimals: `hit_path_ns` / `floor_empty_actor_call_ns` (`mutex`: / `floor_mutex_uncontended_ns`)"
    ) { .ratio($0.calibration?.hitPathRatio(of: $0.result.variant)) },
    MetricDeclaration(
      "hit_path_untimed_ns", .nanoseconds, better: .lower,
      doc:
        "ns, 1 decimal: the same hit with the design's clock reads switched off (`IsolationBusyTime`): its own work, without the measurement; empty for a design that keeps no busy totals"
    ) { .cost($0.calibration?.untimedHitPath(of: $0.result.variant)) }
    .shown(
      in: .contention, as: "hit path", at: 1_000, .cost, notApplicable: "n/a",
      fallback: "hit_path_ns"),
    MetricDeclaration(
      "hit_path_untimed_floor_ratio", .ratio, better: .lower,
      doc: "ratio, 2 decimals: `hit_path_untimed_ns` / the same floor as `hit_path_floor_ratio`"
    ) { .ratio($0.calibration?.untimedHitPathRatio(of: $0.result.variant)) }
    .shown(
      in: .contention, as: "vs floor", at: 1_010, .floorMultiple, notApplicable: "n/a",
      fallback: "hit_path_floor_ratio"),
  ]

  /// The run's calibration: what the mechanisms a cache is built from cost on this host.
  private static let floors: [MetricDeclaration] =
    [
      floor("clock_read", "ns, 1 decimal: one `MonotonicClock.now()`") { $0.clockRead },
      floor("histogram_record", "ns, 1 decimal: one histogram record") { $0.histogramRecord },
      floor("async_call", "ns, 1 decimal: `Cache.lookup` on a cache that answers at once") {
        $0.asyncCall
      },
      floor("empty_actor_call", "ns, 1 decimal: task → actor counter method → back") {
        $0.emptyActorCall
      },
      floor(
        "timing_overhead",
        "ns, 1 decimal: what the `actor_wait`/`actor_service` measurement adds per actor call"
      ) { $0.timingOverhead },
      floor("actor_to_actor_call", "ns, 1 decimal: actor → actor counter method → back") {
        $0.actorToActorCall
      },
      floor("mutex_uncontended", "ns, 1 decimal: one `Mutex.withLock`, one thread") {
        $0.mutexUncontended
      },
      floor(
        "mutex_contended",
        "ns, 1 decimal: wall time per `withLock` of `floor_mutex_contended_tasks` tasks on one `Mutex`"
      ) { $0.mutexContended },
      MetricDeclaration(
        "floor_mutex_contended_tasks", .count, better: .none,
        doc: "count: the run's concurrency, capped at the number of cores"
      ) { $0.calibration.map { .integer($0.contendingTasks) } ?? .notApplicable },
      floor("task_creation", "ns, 1 decimal: create, run and await an unstructured task") {
        $0.taskCreation
      },
      floor(
        "sleep_overshoot_50us",
        "ns, 1 decimal: median lateness of `Task.sleep(for: .microseconds(50))`"
      ) {
        $0.sleepOvershoot(atTarget: 50_000)
      },
      floor("sleep_overshoot_1ms", "ns, 1 decimal: the same at 1 ms") {
        $0.sleepOvershoot(atTarget: 1_000_000)
      },
      floor("sleep_overshoot_10ms", "ns, 1 decimal: the same at 10 ms") {
        $0.sleepOvershoot(atTarget: 10_000_000)
      },
      MetricDeclaration(
        "harness_ns_per_request", .nanoseconds, better: .lower,
        doc: "ns, 1 decimal: the driver's own cost per request"
      ) { .cost($0.calibration?.harness.nanosecondsPerRequest) },
      MetricDeclaration(
        "harness_allocated_bytes_per_request", .bytes, better: .lower,
        doc:
          "bytes, 3 decimals: allocated by the driver per request in steady state (0 = no allocation)"
      ) {
        .decimal($0.calibration?.harness.allocatedBytesPerRequest, fractionDigits: 3)
      },
    ]

  /// A floor figure of the calibration in nanoseconds with one decimal; empty without one.
  static func floor(
    _ name: String, _ doc: String, _ figure: @escaping @Sendable (Calibration) -> Double?
  ) -> MetricDeclaration {
    MetricDeclaration(
      "floor_\(name)_ns", .nanoseconds, better: .none, doc: doc
    ) { .cost($0.calibration.flatMap(figure)) }
  }
}
