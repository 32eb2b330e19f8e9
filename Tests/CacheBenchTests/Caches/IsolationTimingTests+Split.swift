import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The split design's two actors, one held: a hit on the store never queues behind the tracker, and a miss
/// queues at the tracker with its wait counted as busy. Here with the other tests that hold an actor,
/// which the suite runs one at a time.
///
/// The holder runs on a thread of its own (a `DedicatedThreadsExecutor` it prefers; a default actor runs
/// on the thread of the task that takes it), so it spins there and leaves the cooperative pool whole for
/// the callers and for every other test running meanwhile. Held on a pool thread, the first of these took
/// 33 s in a full parallel run, the rest of the suite queued behind one thread.
extension IsolationTimingTests {
  /// Runs `hold`, which holds an actor until its gate opens, in a task on a thread of its own; returns
  /// that task and the executor to shut down after it.
  private static func holdOnOwnThread(
    _ hold: @escaping @Sendable () async -> Void
  ) async -> (holder: Task<Void, Never>, executor: DedicatedThreadsExecutor) {
    let executor = await DedicatedThreadsExecutor.start(threadCount: 1, name: "cb-holder")
    let holder = Task { await withTaskExecutorPreference(executor) { await hold() } }
    return (holder, executor)
  }

  @Test(.enabled(if: HostInfo.onlineCores >= 2, "holding an actor takes a whole pool thread"))
  func theSplitDesignServesAHitWhileItsTrackerIsHeld() async throws {
    let fetcher = ControllableFetcher()
    let cache = SplitResponsibilityCache(fetcher: fetcher, decoder: nil)
    let warm = Task { try await cache.lookup(1) }
    await fetcher.waitForStarts(1)
    fetcher.release(key: 1)
    #expect(try await warm.value.outcome == .leader)

    let gate = OccupancyGate()
    let (holder, executor) = await Self.holdOnOwnThread { await cache.tracker.hold(until: gate) }
    await eventually("the tracker is held") { gate.isHeld }
    let hit = try await cache.lookup(1)
    #expect(gate.isHeld, "served before the tracker was let go")
    gate.open()
    await holder.value
    await executor.shutdown()
    #expect(hit.outcome == .hit)
    #expect(hit.timing?.busyWait == 0, "the store was not busy")
  }

  @Test(.enabled(if: HostInfo.onlineCores >= 2, "holding an actor takes a whole pool thread"))
  func aMissOfTheSplitDesignQueuesAtItsHeldTrackerAndItsWaitIsBusy() async throws {
    let fetcher = ControllableFetcher()
    let cache = SplitResponsibilityCache(fetcher: fetcher, decoder: nil)
    let gate = OccupancyGate()
    let (holder, executor) = await Self.holdOnOwnThread { await cache.tracker.hold(until: gate) }
    await eventually("the tracker is held") { gate.isHeld }
    let issued = MonotonicClock.now()
    let miss = Task { try await cache.lookup(2) }
    // The miss has looked at the store once the store's busy total moves.
    await eventually("the miss passed the store") { cache.store.busy.nanoseconds > 0 }
    let opened = gate.open()
    await holder.value
    await executor.shutdown()
    await fetcher.waitForStarts(1)
    fetcher.release(key: 2)
    let led = try await miss.value
    #expect(led.outcome == .leader)
    let timing = try #require(led.timing)
    #expect(timing.entered < opened, "the store served the miss's first segment")
    // The holder entered before the miss was issued and left at the opening: busy the whole time.
    #expect(timing.busyWait >= opened - issued, "the tracker was busy while the miss queued")
    #expect(timing.queueDelay(issued: issued) + timing.service <= MonotonicClock.now() - issued)
  }
}
