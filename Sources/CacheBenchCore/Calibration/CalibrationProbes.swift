import Synchronization

/// One round of a probe: a fixed number of operations of one mechanism, returning nanoseconds per
/// operation. Made by a probe factory that builds the probe's state once, so rounds can be repeated.
typealias ProbeRound = () async -> Double

/// The measurements behind `Calibration`: each probe times one mechanism in isolation, with nothing else of
/// cachebench running, as nanoseconds per operation (see `Calibration`).
///
/// Most probes are factories of rounds, run by `bestOfInterleavedRounds`: round 1 of every probe, then
/// round 2 of every probe, and so on, keeping each probe's best round. Interleaving puts every probe through
/// the same quiet and busy moments of a shared machine, so ratios between figures (a hit path over the empty
/// actor call) hold up even when absolute times drift. Probes run from a `@concurrent` function, i.e. from a
/// task on the global concurrent executor, as the driver's clients do; never from the main actor, whose hops
/// cost tens of microseconds.
enum CalibrationProbes {
  /// Runs `rounds` rounds of every probe, interleaved, and returns each probe's best (lowest) round; NaN
  /// for a probe any of whose rounds returned NaN (it saw something other than what it measures).
  static func bestOfInterleavedRounds(_ probes: [ProbeRound], rounds: Int) async -> [Double] {
    var best = [Double](repeating: .infinity, count: probes.count)
    for _ in 0..<max(1, rounds) {
      for index in probes.indices {
        let round = await probes[index]()
        best[index] = best[index].isNaN || round.isNaN ? .nan : min(best[index], round)
      }
    }
    return best
  }

  /// One `MonotonicClock.now()`, the read every timed request makes several of.
  static func clockRead(budget: CalibrationBudget) -> ProbeRound {
    let operations = budget.operations(scaledBy: 4)
    return {
      var sum: UInt64 = 0
      let start = MonotonicClock.now()
      for _ in 0..<operations { sum &+= MonotonicClock.now() }
      let nanoseconds = mean(since: start, operations: operations)
      blackHole(sum)
      return nanoseconds
    }
  }

  /// One `LatencyHistogram.record(_:)` of values spread over a latency-like range, into one histogram.
  static func histogramRecord(budget: CalibrationBudget) -> ProbeRound {
    let operations = budget.operations(scaledBy: 4)
    let recorder = HistogramBox()
    return {
      let start = MonotonicClock.now()
      for index in 0..<operations {
        recorder.histogram.record(UInt64(truncatingIfNeeded: 200 &+ (index &* 7_919) & 0xF_FFFF))
      }
      let nanoseconds = mean(since: start, operations: operations)
      blackHole(UInt64(recorder.histogram.totalCount))
      return nanoseconds
    }
  }

  /// A call of `Cache.lookup` on a cache that answers at once without suspending, through the `Cache`
  /// witness table, as the driver calls a design whose factory returns `any Cache`: what such a call
  /// costs before a design does anything (the callee's async frame, the returned value's copy and
  /// reference count). A design whose factory returns one concrete type is called without it
  /// (`CacheSpecialisation`).
  static func asyncCall(budget: CalibrationBudget) -> ProbeRound {
    let cache = AnswerAtOnceCache.existential()
    let operations = budget.operations(scaledBy: 1)
    return { await HitLookups.unspecialised(cache, 0, operations) }
  }

  /// A call from a task into an actor method that only increments the actor's counter, and back: the
  /// cheapest call that still has to take the actor's executor.
  static func emptyActorCall(budget: CalibrationBudget) -> ProbeRound {
    let target = CounterActor()
    let operations = budget.operations(scaledBy: 1)
    return { await emptyActorCalls(target, operations: operations) }
  }

  /// `emptyActorCall`'s round. `nonisolated(nonsending)`, as the client loop and the hit-path probe
  /// are (`ClientLoop`, `HitLookups`), so the floor and the hit paths read against it return from the
  /// actor the same way.
  nonisolated(nonsending) private static func emptyActorCalls(
    _ target: CounterActor, operations: Int
  ) async -> Double {
    let start = MonotonicClock.now()
    for _ in 0..<operations { await target.increment() }
    return mean(since: start, operations: operations)
  }

  /// `emptyActorCall` with the method timing itself exactly as the caches do (`IsolationTiming`) and the
  /// caller keeping the result: the cost of the `actor_wait`/`actor_service` measurement is the difference.
  static func timedActorCall(budget: CalibrationBudget) -> ProbeRound {
    let target = CounterActor()
    let operations = budget.operations(scaledBy: 1)
    return { await timedActorCalls(target, operations: operations) }
  }

  /// `timedActorCall`'s round, `nonisolated(nonsending)` as `emptyActorCalls` is.
  nonisolated(nonsending) private static func timedActorCalls(
    _ target: CounterActor, operations: Int
  ) async -> Double {
    var sum: UInt64 = 0
    let start = MonotonicClock.now()
    for _ in 0..<operations {
      let timing = await target.timedIncrement()
      sum &+= timing.entered &+ timing.service
    }
    let nanoseconds = mean(since: start, operations: operations)
    blackHole(sum)
    return nanoseconds
  }

  /// A call from inside one actor to another actor's counter method, and back to the first actor.
  static func actorToActorCall(budget: CalibrationBudget) -> ProbeRound {
    let caller = CounterActor()
    let target = CounterActor()
    let operations = budget.operations(scaledBy: 1)
    return {
      Double(await caller.call(target, times: operations)) / Double(operations)
    }
  }

  /// One `Mutex.withLock` that increments the protected integer, on one thread with no contention.
  static func mutexUncontended(budget: CalibrationBudget) -> ProbeRound {
    let counter = MutexCounter()
    let operations = budget.operations(scaledBy: 4)
    return {
      let start = MonotonicClock.now()
      for _ in 0..<operations { counter.increment() }
      let nanoseconds = mean(since: start, operations: operations)
      blackHole(UInt64(counter.value))
      return nanoseconds
    }
  }

  /// A hit of the coalescing actor a developer writes by hand: an isolated async method over a
  /// `Dictionary` of ready payloads and one of fetches in flight, with no timing and none of cachebench's
  /// interface (`ReferenceCoalescingActor`). The reference a design's untimed hit path is read against:
  /// what the mechanism costs as people write it, measured in the same run.
  static func referenceCoalescingHit(budget: CalibrationBudget) async -> ProbeRound {
    let cache = ReferenceCoalescingActor()
    _ = try? await cache.value(for: 0)
    let operations = budget.operations(scaledBy: 1)
    return { await referenceHits(cache, operations: operations) }
  }

  /// `referenceCoalescingHit`'s round, `nonisolated(nonsending)` as `emptyActorCalls` is.
  nonisolated(nonsending) private static func referenceHits(
    _ cache: ReferenceCoalescingActor, operations: Int
  ) async -> Double {
    var served = 0
    let start = MonotonicClock.now()
    for _ in 0..<operations {
      if let value = try? await cache.value(for: 0), value.key == 0 { served &+= 1 }
    }
    let nanoseconds = mean(since: start, operations: operations)
    return served == operations ? nanoseconds : .nan
  }

  /// Creating an unstructured task that returns at once, letting it run, and awaiting its value, amortised
  /// over a batch created back to back (the way a coalescing cache starts a fetch task).
  static func taskCreation(budget: CalibrationBudget) -> ProbeRound {
    let operations = budget.operations(scaledBy: 0.04)
    return {
      var tasks: [Task<Int, Never>] = []
      tasks.reserveCapacity(operations)
      var sum = 0
      let start = MonotonicClock.now()
      for index in 0..<operations {
        tasks.append(Task { index })
      }
      for task in tasks { sum &+= await task.value }
      let nanoseconds = mean(since: start, operations: operations)
      blackHole(UInt64(truncatingIfNeeded: sum))
      return nanoseconds
    }
  }

  /// The same `Mutex` operation with several tasks hammering one `Mutex` at the same moment: wall time
  /// from the first task starting to the last finishing, over all their operations.
  ///
  /// Only as many tasks as there are cores can run at once, so `concurrency` clients contend
  /// `min(concurrency, cores)` ways, and that is how many tasks run here. They meet at a spinning start
  /// line first, so that they overlap for their whole run rather than one finishing before another is
  /// scheduled (a task group of short tasks showed no contention at all); a task that waits more than
  /// 10 ms for the others starts anyway, so the probe cannot hang when a core is busy elsewhere.
  ///
  /// On a machine shared with other work the tasks still do not always start side by side, and a round in
  /// which one ran after the other measures no contention at all. So a round counts only when the last
  /// task started within the first tenth of the round, and of those the best is kept (the least disturbed,
  /// as for every floor). Once started together, a task the lock starves is part of the cost. Returns
  /// nanoseconds per operation, `nil` when no round started together, and the number of tasks.
  @concurrent
  static func mutexContended(
    concurrency: Int, budget: CalibrationBudget
  ) async -> (nanoseconds: Double?, tasks: Int) {
    let counter = MutexCounter()
    let tasks = max(1, min(concurrency, HostInfo.onlineCores))
    let perTask = budget.operations(scaledBy: 4)
    var best = Double.infinity
    for _ in 0..<max(1, budget.rounds) {
      let startLine = StartLine()
      let runs = await withTaskGroup(of: (start: UInt64, end: UInt64).self) { group in
        for _ in 0..<tasks {
          group.addTask {
            startLine.arriveAndWait(for: tasks, timeout: 10_000_000)
            let start = MonotonicClock.now()
            for _ in 0..<perTask { counter.increment() }
            return (start, MonotonicClock.now())
          }
        }
        return await group.reduce(into: []) { $0.append($1) }
      }
      let span = runs.map(\.end).max()! &- runs.map(\.start).min()!
      let startSpread = runs.map(\.start).max()! &- runs.map(\.start).min()!
      guard startSpread <= span / 10 else { continue }
      best = min(best, Double(span) / Double(perTask * tasks))
    }
    blackHole(UInt64(counter.value))
    return (best.isFinite ? best : nil, tasks)
  }

  /// The median of how much later than `target` a `Task.sleep(for: target, tolerance: .zero)` returns,
  /// over `budget.sleepSamples` sleeps, in nanoseconds; `nil` if the task is cancelled.
  @concurrent
  static func sleepOvershoot(target: Duration, budget: CalibrationBudget) async -> Double? {
    let targetNanoseconds = UInt64(max(0, target.nanoseconds))
    var overshoots: [UInt64] = []
    overshoots.reserveCapacity(budget.sleepSamples)
    for _ in 0..<max(1, budget.sleepSamples) {
      let start = MonotonicClock.now()
      do {
        try await Task.sleep(for: target, tolerance: .zero)
      } catch {
        return nil
      }
      let elapsed = MonotonicClock.now() &- start
      overshoots.append(elapsed > targetNanoseconds ? elapsed - targetNanoseconds : 0)
    }
    overshoots.sort()
    return Double(overshoots[overshoots.count / 2])
  }

  /// Nanoseconds per operation from `start` (a `MonotonicClock` reading) to now.
  static func mean(since start: UInt64, operations: Int) -> Double {
    Double(MonotonicClock.now() &- start) / Double(max(1, operations))
  }
}

/// The actor the actor-call probes call: a counter, the least state an isolated method can touch (an
/// empty method would let the optimiser drop the executor hop that is being measured).
private actor CounterActor {
  private(set) var count = 0

  /// Adds one to the counter.
  func increment() {
    count &+= 1
  }

  /// `increment()` timed from the inside, exactly as a cache times a hit.
  func timedIncrement() -> IsolationTiming {
    let entered = MonotonicClock.now()
    count &+= 1
    return .singleSegment(enteredAt: entered)
  }

  /// Calls `target.increment()` `times` times from inside this actor; returns the nanoseconds it took.
  func call(_ target: CounterActor, times: Int) async -> UInt64 {
    let start = MonotonicClock.now()
    for _ in 0..<times { await target.increment() }
    return MonotonicClock.now() &- start
  }
}

/// The smallest coalescing cache, as its users write one: a ready value is served, a key in flight awaits
/// its fetch, and a miss stores its fetch before its first suspension. Keys are `Int` in a `Dictionary`
/// (SipHash), the state is the actor's stored properties (checked for exclusive access at run time), and
/// the fetch makes a 64-byte payload at once.
private actor ReferenceCoalescingActor {
  private var ready: [Int: Payload] = [:]
  private var loading: [Int: Task<Payload, any Error>] = [:]

  func value(for key: Int) async throws -> Payload {
    if let value = ready[key] { return value }
    if let task = loading[key] { return try await task.value }
    let task = Task<Payload, any Error> { Payload(key: key, count: 64) }
    loading[key] = task
    let value = try await task.value
    ready[key] = value
    loading[key] = nil
    return value
  }
}

/// A histogram in a class, so a probe round can record into the same one every round.
private final class HistogramBox {
  /// The histogram every round records into.
  var histogram = LatencyHistogram()
}

/// Where the tasks of `mutexContended` wait for each other before they start.
private final class StartLine: Sendable {
  private let arrived = Atomic<Int>(0)

  /// Counts this task in, then spins until `count` tasks have arrived or `timeout` nanoseconds passed.
  func arriveAndWait(for count: Int, timeout: UInt64) {
    arrived.wrappingAdd(1, ordering: .acquiringAndReleasing)
    let start = MonotonicClock.now()
    while arrived.load(ordering: .acquiring) < count, MonotonicClock.now() &- start < timeout {}
  }
}

/// A `Mutex`-protected integer in a class, so several tasks can share the one lock.
private final class MutexCounter: Sendable {
  private let mutex = SanitizerVisibleMutex(0)

  /// One lock, increment, unlock.
  func increment() {
    mutex.withLock { $0 &+= 1 }
  }

  /// The count so far.
  var value: Int { mutex.withLock { $0 } }
}
