/// The floor of each mechanism a cache is built from, measured in this process on this machine: what the
/// cheapest possible operation costs, so the figures of a run can be read as multiples of it.
///
/// Absolute times drift on a shared machine; ratios measured in the same process drift much less. Every
/// figure is nanoseconds per operation, the best (lowest) round mean of several rounds, because other work
/// on the machine only ever adds time (the same policy as `PayloadDecoder`'s calibration). The
/// `Task.sleep` overshoots are medians instead, because sleeping is what they measure. `CalibrationProbes`
/// defines each figure precisely.
package struct Calibration: Sendable, Equatable {
  /// One `MonotonicClock.now()`.
  package var clockRead: Double
  /// One `LatencyHistogram.record(_:)`.
  package var histogramRecord: Double
  /// `Cache.lookup` on a cache that answers at once (`AnswerAtOnceCache`), called as the driver calls it:
  /// what every lookup costs before the design does anything.
  package var asyncCall: Double
  /// A call from a task into an actor method that increments a stored counter, and back.
  package var emptyActorCall: Double
  /// The same call with the method measuring itself as the caches do (`IsolationTiming`); the difference
  /// from `emptyActorCall` is what the `actor_wait`/`actor_service` measurement costs per actor call.
  package var timedActorCall: Double
  /// A call from inside one actor into another actor's counter method, and back.
  package var actorToActorCall: Double
  /// One `Mutex.withLock` incrementing the protected value, with no other thread contending.
  package var mutexUncontended: Double
  /// The same operation with `contendingTasks` tasks hammering one `Mutex` at once: wall time divided by
  /// the operations of all tasks together; `nil` when the tasks never managed to start together.
  package var mutexContended: Double?
  /// The run's concurrency, for which `mutexContended` was measured.
  package var contendedConcurrency: Int
  /// The tasks that contended: the run's concurrency, capped at the cores that can run them at once.
  package var contendingTasks: Int
  /// Creating an unstructured `Task` that returns at once, running it, and awaiting its value, amortised
  /// over a batch.
  package var taskCreation: Double
  /// A hit of the coalescing actor its users write by hand (`ReferenceCoalescingActor`): an isolated
  /// async method over a `Dictionary`, untimed. What a design's untimed hit path is read against; NaN
  /// when its lookups did not all hit.
  package var referenceCoalescingHit: Double
  /// How late `Task.sleep` wakes, for each target duration measured.
  package var sleepOvershoots: [SleepOvershoot]
  /// What the driver costs per request around `lookup`.
  package var harness: HarnessCost
  /// The uncontended hit path of each cache design measured.
  package var hitPaths: [HitPath]
  /// What the typed design API adds to a hit, against an Int-keyed twin (`AdapterTwin`); nil when not
  /// measured.
  package var typedAdapter: TypedAdapterCost? = nil

  /// The median lateness of `Task.sleep` at one target duration.
  package struct SleepOvershoot: Sendable, Equatable {
    /// The requested sleep, in nanoseconds.
    package var target: UInt64
    /// Median of (elapsed - target) over the samples, in nanoseconds; `nil` when the sleeps were cancelled.
    package var overshoot: Double?
  }

  /// The per-request cost of the driver's client loop (`ClientLoop`) around a `lookup` that returns at once.
  package struct HarnessCost: Sendable, Equatable {
    /// Nanoseconds per request.
    package var nanosecondsPerRequest: Double
    /// Bytes allocated per request in steady state; `nil` when it could not be measured (jemalloc's
    /// per-thread counter unavailable, or the loop changed threads). 0 means no allocation at all.
    package var allocatedBytesPerRequest: Double?
  }

  /// The cost of a hit in one cache design: one task, a ready key, back-to-back lookups.
  package struct HitPath: Sendable, Equatable {
    package var design: CacheDesign
    /// Shard count (1 except for `sharded`).
    package var shards: Int
    /// Nanoseconds per lookup; `nil` when the probe's lookups were not hits (`unmeasured` says why).
    package var nanoseconds: Double?
    /// Nanoseconds per lookup of a cache of the design whose isolation domains read no clock: the
    /// design's own work on a hit plus its mechanism, without the `IsolationTiming` measurement (see
    /// `HitPathProbe`). For a design with no timing hooks (its hits report no `IsolationTiming` and it
    /// keeps no busy totals) the same lookups timed on a second cache, since none of the measurement is
    /// inside them. `nil` when not measured (`untimedUnmeasured` says why).
    package var untimedNanoseconds: Double?
    /// Why `nanoseconds` is nil, when the probe knows.
    package var unmeasured: Unmeasured?
    /// Why `untimedNanoseconds` is nil, when the probe knows.
    package var untimedUnmeasured: Unmeasured?

    package init(
      design: CacheDesign, shards: Int, nanoseconds: Double?, untimedNanoseconds: Double? = nil,
      unmeasured: Unmeasured? = nil, untimedUnmeasured: Unmeasured? = nil
    ) {
      self.design = design
      self.shards = shards
      self.nanoseconds = nanoseconds
      self.untimedNanoseconds = untimedNanoseconds
      self.unmeasured = unmeasured
      self.untimedUnmeasured = untimedUnmeasured
    }
  }

  /// Which mechanism bounds a design's hit path from below.
  package enum FloorMechanism: Sendable, Equatable {
    /// `emptyActorCall`: the actor designs (for `sharded`, the shard actor).
    case emptyActorCall
    /// `asyncCall` plus `mutexUncontended`: the `mutex` design, whose `lookup` is an async call that
    /// takes the lock inside it, with no hop; the Mutex op alone would leave out the call. Through the
    /// loop specialised for its type (`CacheSpecialisation`) that call is inlined, so this floor is a
    /// generous one: it holds an unspecialised async call the specialised hit path does not make.
    case uncontendedMutex

    /// How the mechanism is named in tables.
    package var name: String {
      switch self {
      case .emptyActorCall: "empty actor call"
      case .uncontendedMutex: "async call + Mutex op"
      }
    }
  }

  /// The mechanism `design`'s hit path is compared with.
  package static func floorMechanism(of design: CacheDesign) -> FloorMechanism {
    design.traits.contains(.lockIsolated) ? .uncontendedMutex : .emptyActorCall
  }

  /// The cost of `mechanism`, in nanoseconds.
  func cost(of mechanism: FloorMechanism) -> Double {
    switch mechanism {
    case .emptyActorCall: emptyActorCall
    case .uncontendedMutex: asyncCall + mutexUncontended
    }
  }

  /// Nanoseconds the `IsolationTiming` measurement adds to each actor call: the timed call less the empty
  /// one, never below 0.
  package var timingOverhead: Double { max(0, timedActorCall - emptyActorCall) }

  /// The hit path of `variant`'s design and shard count, in nanoseconds, when it was measured.
  package func hitPath(of variant: Variant) -> Double? {
    hitPaths.first { $0.design == variant.design && $0.shards == variant.shards }?.nanoseconds
  }

  /// `variant`'s hit path as a multiple of its design's floor mechanism, when both are known and the floor
  /// is above 0.
  package func hitPathRatio(of variant: Variant) -> Double? {
    guard let hitPath = hitPath(of: variant) else { return nil }
    let floor = cost(of: Self.floorMechanism(of: variant.design))
    return floor > 0 ? hitPath / floor : nil
  }

  /// The untimed hit path of `variant`'s design and shard count (`HitPath.untimedNanoseconds`), in
  /// nanoseconds, when it was measured.
  package func untimedHitPath(of variant: Variant) -> Double? {
    hitPaths.first { $0.design == variant.design && $0.shards == variant.shards }?
      .untimedNanoseconds
  }

  /// `variant`'s untimed hit path as a multiple of its design's bare floor mechanism: the design's own
  /// work on a hit against the mechanism it is built on, with the measurement taken out of both.
  package func untimedHitPathRatio(of variant: Variant) -> Double? {
    guard let hitPath = untimedHitPath(of: variant) else { return nil }
    let floor = cost(of: Self.floorMechanism(of: variant.design))
    return floor > 0 ? hitPath / floor : nil
  }

  /// `variant`'s untimed hit path as a multiple of the hand-written coalescing actor's hit
  /// (`referenceCoalescingHit`): 1 means the design's own work on a hit costs what the actor its users
  /// would write costs, so no weight of cachebench's is left in it.
  package func untimedReferenceRatio(of variant: Variant) -> Double? {
    guard let hitPath = untimedHitPath(of: variant), referenceCoalescingHit.isFinite,
      referenceCoalescingHit > 0
    else { return nil }
    return hitPath / referenceCoalescingHit
  }

  /// `variant`'s hit path as a multiple of its floor mechanism with the `IsolationTiming` measurement
  /// added (`timingOverhead`; for an actor design, the timed actor call): what the design's own work on a
  /// hit costs beyond the mechanism it is built on and the two clock reads inside its isolation that
  /// every timed hit makes for `actor_wait`, `actor_service` and the busy totals.
  package func timedHitPathRatio(of variant: Variant) -> Double? {
    guard let hitPath = hitPath(of: variant) else { return nil }
    let floor = cost(of: Self.floorMechanism(of: variant.design)) + timingOverhead
    return floor > 0 ? hitPath / floor : nil
  }

  /// The overshoot at `target` nanoseconds, when it was measured.
  package func sleepOvershoot(atTarget target: UInt64) -> Double? {
    sleepOvershoots.first { $0.target == target }?.overshoot
  }
}
