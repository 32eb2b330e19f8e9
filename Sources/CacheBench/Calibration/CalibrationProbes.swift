import Synchronization

/// The measurements behind `Calibration`: each probe times one mechanism in isolation, with nothing else of
/// cachebench running, and returns nanoseconds per operation as the best round mean (see `Calibration`).
///
/// Probes run from a `@concurrent` function, i.e. from a task on the global concurrent executor, as the
/// driver's clients do; never from the main actor, whose hops cost tens of microseconds.
enum CalibrationProbes {
  /// One `MonotonicClock.now()`, the read every timed request makes several of.
  static func clockRead(budget: CalibrationBudget) -> Double {
    let operations = budget.operations(scaledBy: 4)
    var sum: UInt64 = 0
    let best = bestRoundMean(rounds: budget.rounds, operations: operations) {
      for _ in 0..<operations { sum &+= MonotonicClock.now() }
    }
    blackHole(sum)
    return best
  }

  /// One `LatencyHistogram.record(_:)` of values spread over a latency-like range, into one histogram.
  static func histogramRecord(budget: CalibrationBudget) -> Double {
    let operations = budget.operations(scaledBy: 4)
    var histogram = LatencyHistogram()
    let best = bestRoundMean(rounds: budget.rounds, operations: operations) {
      for index in 0..<operations {
        histogram.record(UInt64(truncatingIfNeeded: 200 &+ (index &* 7_919) & 0xF_FFFF))
      }
    }
    blackHole(UInt64(histogram.totalCount))
    return best
  }

  /// A call of `Cache.lookup` on a cache that answers at once without suspending, through the same
  /// unspecialised call the driver makes: what every lookup costs before a design does anything (the
  /// callee's async frame, the returned value's copy and reference count).
  @concurrent
  static func asyncCall(budget: CalibrationBudget) async -> Double {
    await asyncCall(on: AnswerAtOnceCache.existential(), budget: budget)
  }

  private static func asyncCall<C: Cache>(on cache: C, budget: CalibrationBudget) async -> Double {
    let operations = budget.operations(scaledBy: 1)
    var best = Double.infinity
    var hits = 0
    for _ in 0..<budget.rounds {
      let start = MonotonicClock.now()
      for index in 0..<operations {
        if let lookup = try? await cache.lookup(index), lookup.outcome == .hit { hits &+= 1 }
      }
      best = min(best, mean(since: start, operations: operations))
    }
    blackHole(UInt64(truncatingIfNeeded: hits))
    return best
  }

  /// A call from a task into an actor method that only increments the actor's counter, and back: the
  /// cheapest call that still has to take the actor's executor.
  @concurrent
  static func emptyActorCall(budget: CalibrationBudget) async -> Double {
    let target = CounterActor()
    let operations = budget.operations(scaledBy: 1)
    var best = Double.infinity
    for _ in 0..<budget.rounds {
      let start = MonotonicClock.now()
      for _ in 0..<operations { await target.increment() }
      best = min(best, mean(since: start, operations: operations))
    }
    blackHole(UInt64(await target.count))
    return best
  }

  /// `emptyActorCall` with the method timing itself exactly as the caches do (`IsolationTiming`) and the
  /// caller keeping the result: the cost of the `actor_wait`/`actor_service` measurement is the difference.
  @concurrent
  static func timedActorCall(budget: CalibrationBudget) async -> Double {
    let target = CounterActor()
    let operations = budget.operations(scaledBy: 1)
    var best = Double.infinity
    var sum: UInt64 = 0
    for _ in 0..<budget.rounds {
      let start = MonotonicClock.now()
      for _ in 0..<operations {
        let timing = await target.timedIncrement()
        sum &+= timing.entered &+ timing.service
      }
      best = min(best, mean(since: start, operations: operations))
    }
    blackHole(sum)
    return best
  }

  /// A call from inside one actor to another actor's counter method, and back to the first actor.
  @concurrent
  static func actorToActorCall(budget: CalibrationBudget) async -> Double {
    let caller = CounterActor()
    let target = CounterActor()
    let operations = budget.operations(scaledBy: 1)
    var best = Double.infinity
    for _ in 0..<budget.rounds {
      let nanoseconds = await caller.call(target, times: operations)
      best = min(best, Double(nanoseconds) / Double(operations))
    }
    blackHole(UInt64(await target.count))
    return best
  }

  /// One `Mutex.withLock` that increments the protected integer, on one thread with no contention.
  static func mutexUncontended(budget: CalibrationBudget) -> Double {
    let counter = MutexCounter()
    let operations = budget.operations(scaledBy: 4)
    let best = bestRoundMean(rounds: budget.rounds, operations: operations) {
      for _ in 0..<operations { counter.increment() }
    }
    blackHole(UInt64(counter.value))
    return best
  }

  /// The same `Mutex` operation with several tasks hammering one `Mutex` at the same moment: wall time
  /// from the first task starting to the last finishing, over all their operations.
  ///
  /// Only as many tasks as there are cores can run at once, so `concurrency` clients contend
  /// `min(concurrency, cores)` ways, and that is how many tasks run here. They meet at a spinning start
  /// line first, so that they overlap for their whole run rather than one finishing before another is
  /// scheduled (a task group of short tasks showed no contention at all); a task that waits more than
  /// 10 ms for the others starts anyway, so the probe cannot hang when a core is busy elsewhere.
  /// Returns nanoseconds per operation and the number of tasks that contended.
  @concurrent
  static func mutexContended(
    concurrency: Int, budget: CalibrationBudget
  ) async -> (nanoseconds: Double, tasks: Int) {
    let counter = MutexCounter()
    let tasks = max(1, min(concurrency, HostInfo.onlineCores))
    let perTask = budget.operations(scaledBy: 4)
    var best = Double.infinity
    for _ in 0..<max(1, budget.rounds / 2) {
      let startLine = StartLine()
      let span = await withTaskGroup(of: (start: UInt64, end: UInt64).self) { group in
        for _ in 0..<tasks {
          group.addTask {
            startLine.arriveAndWait(for: tasks, timeout: 10_000_000)
            let start = MonotonicClock.now()
            for _ in 0..<perTask { counter.increment() }
            return (start, MonotonicClock.now())
          }
        }
        var span = (start: UInt64.max, end: UInt64(0))
        for await task in group {
          span = (min(span.start, task.start), max(span.end, task.end))
        }
        return span
      }
      best = min(best, Double(span.end &- span.start) / Double(perTask * tasks))
    }
    blackHole(UInt64(counter.value))
    return (best, tasks)
  }

  /// Creating an unstructured task that returns at once, letting it run, and awaiting its value, amortised
  /// over a batch created back to back (the way a coalescing cache starts a fetch task).
  @concurrent
  static func taskCreation(budget: CalibrationBudget) async -> Double {
    let operations = budget.operations(scaledBy: 0.04)
    var tasks: [Task<Int, Never>] = []
    tasks.reserveCapacity(operations)
    var best = Double.infinity
    var sum = 0
    for _ in 0..<budget.rounds {
      tasks.removeAll(keepingCapacity: true)
      let start = MonotonicClock.now()
      for index in 0..<operations {
        tasks.append(Task { index })
      }
      for task in tasks { sum &+= await task.value }
      best = min(best, mean(since: start, operations: operations))
    }
    blackHole(UInt64(truncatingIfNeeded: sum))
    return best
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

  /// The best of `rounds` runs of `body`, each doing `operations` operations, as nanoseconds per operation.
  static func bestRoundMean(rounds: Int, operations: Int, _ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<max(1, rounds) {
      let start = MonotonicClock.now()
      body()
      best = min(best, mean(since: start, operations: operations))
    }
    return best
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
  private let mutex = Mutex(0)

  /// One lock, increment, unlock.
  func increment() {
    mutex.withLock { $0 &+= 1 }
  }

  var value: Int { mutex.withLock { $0 } }
}
