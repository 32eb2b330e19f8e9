import CacheBenchCore

extension MetricCatalogue {
  /// Queue delay before, and time inside, the cache's isolation; the variant's uncontended hit path
  /// against its floor; the run's calibration (the same in every row); and the clients left inside a
  /// request when the window ended.
  static let contention: [MetricDeclaration] =
    isolation("actor_wait", \.actorWait, "queue delay before entering the cache's isolation")
    + isolation("actor_service", \.actorService, "time inside the cache's isolation")
    + hitPath + floors
    + [
      MetricDeclaration(
        "undrained_clients", .count, better: .lower,
        doc: "clients abandoned still inside a request when the window ended"
      ) { .integer($0.result.undrainedClients) }
    ]

  /// p50, p99, p99.9 and the maximum of an isolation histogram; `n/a` when the design did not time
  /// every request.
  static func isolation(
    _ prefix: String, _ histogram: KeyPath<VariantResult, LatencyHistogram> & Sendable,
    _ doc: String, known: KeyPath<VariantResult, Bool> & Sendable = \.isolationTimed
  ) -> [MetricDeclaration] {
    [("p50", 50), ("p99", 99), ("p999", 99.9), ("max", nil)].map { name, percentile in
      MetricDeclaration(
        "\(prefix)_\(name)_ns", .nanoseconds, better: .lower, doc: "\(doc), \(name)"
      ) { $0.isolation(percentile, histogram, known: known) }
    }
  }

  /// The variant's uncontended hit, timed and untimed, and its ratio to the floor of its mechanism.
  private static let hitPath: [MetricDeclaration] = [
    MetricDeclaration(
      "hit_path_ns", .nanoseconds, better: .lower,
      doc: "the variant's uncontended hit (calibration); empty without one"
    ) { .cost($0.calibration?.hitPath(of: $0.result.variant)) },
    MetricDeclaration(
      "hit_path_floor_ratio", .ratio, better: .lower,
      rule: MetricRule(better: .lower, relative: 1.0),
      doc: "`hit_path_ns` over the floor of its mechanism"
    ) { .ratio($0.calibration?.hitPathRatio(of: $0.result.variant)) },
    MetricDeclaration(
      "hit_path_untimed_ns", .nanoseconds, better: .lower,
      doc: "the uncontended hit without the design's clock reads"
    ) { .cost($0.calibration?.untimedHitPath(of: $0.result.variant)) },
    MetricDeclaration(
      "hit_path_untimed_floor_ratio", .ratio, better: .lower,
      doc: "`hit_path_untimed_ns` over the floor of its mechanism"
    ) { .ratio($0.calibration?.untimedHitPathRatio(of: $0.result.variant)) },
  ]

  /// The run's calibration: what the mechanisms a cache is built from cost on this host.
  private static let floors: [MetricDeclaration] =
    [
      floor("clock_read", "a monotonic clock read") { $0.clockRead },
      floor("histogram_record", "recording one histogram sample") { $0.histogramRecord },
      floor("async_call", "an async call with no hop") { $0.asyncCall },
      floor("empty_actor_call", "a call into an empty actor") { $0.emptyActorCall },
      floor("timing_overhead", "the harness's timing of one request") { $0.timingOverhead },
      floor("actor_to_actor_call", "a call from one actor into another") { $0.actorToActorCall },
      floor("mutex_uncontended", "an uncontended `Mutex` lock and unlock") { $0.mutexUncontended },
      floor("mutex_contended", "a contended `Mutex` lock and unlock") { $0.mutexContended },
      MetricDeclaration(
        "floor_mutex_contended_tasks", .count, better: .none,
        doc: "tasks contending in `floor_mutex_contended_ns`"
      ) { $0.calibration.map { .integer($0.contendingTasks) } ?? .notApplicable },
      floor("task_creation", "creating and awaiting a task") { $0.taskCreation },
      floor("sleep_overshoot_50us", "`Task.sleep` overshoot at 50 µs") {
        $0.sleepOvershoot(atTarget: 50_000)
      },
      floor("sleep_overshoot_1ms", "`Task.sleep` overshoot at 1 ms") {
        $0.sleepOvershoot(atTarget: 1_000_000)
      },
      floor("sleep_overshoot_10ms", "`Task.sleep` overshoot at 10 ms") {
        $0.sleepOvershoot(atTarget: 10_000_000)
      },
      MetricDeclaration(
        "harness_ns_per_request", .nanoseconds, better: .lower,
        doc: "the harness's own cost per request (calibration)"
      ) { .cost($0.calibration?.harness.nanosecondsPerRequest) },
      MetricDeclaration(
        "harness_allocated_bytes_per_request", .bytes, better: .lower,
        doc: "bytes the harness allocates per request (calibration)"
      ) {
        .decimal($0.calibration?.harness.allocatedBytesPerRequest, fractionDigits: 3)
      },
    ]

  /// A floor figure of the calibration in nanoseconds with one decimal.
  static func floor(
    _ name: String, _ doc: String, _ figure: @escaping @Sendable (Calibration) -> Double?
  ) -> MetricDeclaration {
    MetricDeclaration(
      "floor_\(name)_ns", .nanoseconds, better: .none,
      doc: "floor: \(doc) (calibration); empty without one"
    ) { .cost($0.calibration.flatMap(figure)) }
  }
}
