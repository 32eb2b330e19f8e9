import Synchronization
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The probe on an executor of one thread of its own, where what its yield waits behind is known.
@Suite(.timeLimit(.minutes(2)))
struct SchedulingProbeTests {
  /// Holds the thread for `nanoseconds` of wall time, then yields, until cancelled: a client decoding.
  private static func burn(_ nanoseconds: UInt64) async {
    while !Task.isCancelled {
      let end = MonotonicClock.now() &+ nanoseconds
      while MonotonicClock.now() < end {}
      await Task.yield()
    }
  }

  /// On one thread shared with two tasks that each hold it for a millisecond between yields, every
  /// sample waits behind both: at least 2 ms, however loaded the machine (a load only adds to it).
  @Test func aSampleWaitsBehindEveryJobQueuedBeforeIt() async throws {
    let executor = await DedicatedThreadsExecutor.start(threadCount: 1, name: "probe-busy")
    let probe = SchedulingProbe(interval: .microseconds(100))
    let samples = await withTaskExecutorPreference(executor) {
      await withTaskGroup(of: Void.self) { group in
        group.addTask { await Self.burn(1_000_000) }
        group.addTask { await Self.burn(1_000_000) }
        group.addTask { await probe.run() }
        // Five samples taken while both burners ran; one in flight at the cancellation may come back
        // once they have stopped, so it is left out.
        var samples = probe.histogram
        while samples.totalCount < 5 {
          await Task.yield()
          samples = probe.histogram
        }
        group.cancelAll()
        return samples
      }
    }
    await executor.shutdown()
    #expect(samples.totalCount >= 5)
    #expect(samples.value(atPercentile: 0) >= 2_000_000, "min \(samples.value(atPercentile: 0))")
  }

  @Test func aProbeOnAFreeThreadSamplesUntilCancelled() async throws {
    let executor = await DedicatedThreadsExecutor.start(threadCount: 1, name: "probe-free")
    let probe = SchedulingProbe(interval: .microseconds(100))
    await withTaskExecutorPreference(executor) {
      await withTaskGroup(of: Void.self) { group in
        group.addTask { await probe.run() }
        while probe.histogram.totalCount < 5 { await Task.yield() }
        group.cancelAll()
      }
    }
    await executor.shutdown()
    #expect(probe.histogram.totalCount >= 5)
  }

  @Test func aCancelledProbeStopsWithoutASample() async {
    let probe = SchedulingProbe()
    let task = Task { await probe.run() }
    task.cancel()
    await task.value
    #expect(probe.histogram.totalCount == 0)
  }
}

/// The probe's tick bookkeeping, with continuations that record how they were resumed.
struct TickStateTests {
  /// Parks a continuation in `body` and returns what it was resumed with.
  private func resumed(_ body: @escaping @Sendable (UnsafeContinuation<Bool, Never>) -> Void) async
    -> Bool
  {
    await withUnsafeContinuation { body($0) }
  }

  @Test func aTickWakesTheWaiterAndATickWithNobodyWaitingIsKeptForTheNext() async {
    let state = SanitizerVisibleMutex(TickState())
    #expect(state.withLock { $0.tick() } == nil, "nobody waits: the tick is kept")
    let first = await resumed { waiter in
      if let answer = state.withLock({ $0.wait(waiter) }) { waiter.resume(returning: answer) }
    }
    #expect(first, "the kept tick answers at once")
    let second = await resumed { waiter in
      #expect(state.withLock { $0.wait(waiter) } == nil, "no tick kept: it waits")
      state.withLock { $0.tick() }?.resume(returning: true)
    }
    #expect(second)
  }

  @Test func stoppingWakesTheWaiterWithFalseAndAnswersEveryLaterWaitSo() async {
    let state = SanitizerVisibleMutex(TickState())
    let woken = await resumed { waiter in
      #expect(state.withLock { $0.wait(waiter) } == nil)
      state.withLock { $0.stop() }?.resume(returning: false)
    }
    #expect(!woken)
    #expect(state.withLock { $0.tick() } == nil, "a tick after the stop wakes nobody")
    let later = await resumed { waiter in
      if let answer = state.withLock({ $0.wait(waiter) }) { waiter.resume(returning: answer) }
    }
    #expect(!later)
  }
}
