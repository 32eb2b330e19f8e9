import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The sweep on threads of its own (`DedicatedThreadsExecutor`), so the workers are known whatever the
/// concurrently running tests do. Timeouts are generous; nothing here measures time.
@Suite(.timeLimit(.minutes(2)))
struct ThreadCacheSweepTests {
  /// Records which thread each flush ran on.
  private final class FlushLog: Sendable {
    private let threads = SanitizerVisibleMutex<[ObjectIdentifier]>([])

    func record() {
      let thread = ObjectIdentifier(Thread.current)
      threads.withLock { $0.append(thread) }
    }

    var flushes: [ObjectIdentifier] { threads.withLock { $0 } }
  }

  /// Counts census calls, so a scripted census can answer differently the first time.
  private final class Calls: Sendable {
    private let count = SanitizerVisibleMutex(0)

    func next() -> Int {
      count.withLock {
        $0 += 1
        return $0
      }
    }
  }

  /// Runs `body` with child tasks preferring three dedicated threads named `name`.
  private func onThreeThreads<Result: Sendable>(
    named name: String, _ body: () async -> Result
  ) async -> Result {
    let executor = await DedicatedThreadsExecutor.start(threadCount: 3, name: name)
    let result = await withTaskExecutorPreference(executor) { await body() }
    await executor.shutdown()
    return result
  }

  @Test func theCensusListsTheThreadsNamedLikeTheWorkers() async {
    let workers = await onThreeThreads(named: "census-pool") {
      ProcessThreads.threadIDs(named: "census-pool")
    }
    #expect(workers?.count == 3)
  }

  @Test func aSweepFlushesOnceOnEachWorker() async {
    let log = FlushLog()
    let reached = await onThreeThreads(named: "sweep-pool") {
      await ThreadCacheSweep(width: 3, timeout: .seconds(20)).run { log.record() }
    }
    #expect(reached)
    #expect(log.flushes.count == 3)
    #expect(Set(log.flushes).count == 3)
  }

  @Test func aWorkerMissedByOneMeetingIsReachedByAnother() async {
    let log = FlushLog()
    let calls = Calls()
    let reached = await onThreeThreads(named: "missed-pool") {
      let sweep = ThreadCacheSweep(width: 3, timeout: .seconds(20)) { name in
        // The first census also lists a thread that the first meeting did not reach.
        let workers = ProcessThreads.threadIDs(named: name) ?? []
        return calls.next() == 1 ? workers.union([-1]) : workers
      }
      return await sweep.run { log.record() }
    }
    #expect(reached)
    #expect(log.flushes.count == 2 * 3)
  }

  @Test func aWorkerNoMeetingReachesFailsTheSweep() async {
    let log = FlushLog()
    let reached = await onThreeThreads(named: "unreached-pool") {
      let sweep = ThreadCacheSweep(width: 3, timeout: .seconds(20), attempts: 4) { name in
        (ProcessThreads.threadIDs(named: name) ?? []).union([-1])
      }
      return await sweep.run { log.record() }
    }
    #expect(reached == false)
    #expect(log.flushes.count == 4 * 3)
  }

  @Test func withoutACensusOneMeetingIsTrusted() async {
    let log = FlushLog()
    let reached = await onThreeThreads(named: "unnamed-pool") {
      await ThreadCacheSweep(width: 3, timeout: .seconds(20)) { _ in nil }.run { log.record() }
    }
    #expect(reached)
    #expect(log.flushes.count == 3)
  }

  @Test func aMeetingWiderThanThePoolGivesUpAndSaysSo() async {
    let log = FlushLog()
    let reached = await onThreeThreads(named: "narrow-pool") {
      await ThreadCacheSweep(width: 4, timeout: .milliseconds(20), attempts: 2) { _ in nil }.run {
        log.record()
      }
    }
    #expect(reached == false)
    #expect(
      log.flushes.count == 2 * 4,
      "the timed-out meeting was tried again, and every task of both still flushed and returned")
  }

  @Test func aMeetingThatTimedOutIsTriedAgain() async {
    let log = FlushLog()
    let calls = Calls()
    let timeout = Duration.milliseconds(100)
    let reached = await onThreeThreads(named: "late-pool") {
      await ThreadCacheSweep(width: 3, timeout: timeout, attempts: 4) { _ in nil }.run {
        // The first flush holds its thread past the first meeting's deadline (a worker busy elsewhere),
        // so that meeting cannot complete whatever the load; the later ones can.
        if calls.next() == 1 {
          let end = MonotonicClock.now() &+ UInt64(DecimalText.nanoseconds(timeout * 2))
          while MonotonicClock.now() < end { sched_yield() }
        }
        log.record()
      }
    }
    #expect(reached)
    #expect(log.flushes.count >= 2 * 3, "the first meeting failed, so another ran")
  }

  @Test func concurrentSweepsTakeTurnsInsteadOfHoldingEachOthersWorkers() async {
    let results = await onThreeThreads(named: "shared-pool") {
      let sweep = ThreadCacheSweep(width: 3, timeout: .seconds(20))
      async let first = sweep.run {}
      async let second = sweep.run {}
      async let third = sweep.run {}
      return await [first, second, third]
    }
    #expect(results == [true, true, true])
  }
}
