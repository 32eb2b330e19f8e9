import Foundation
import Synchronization
import Testing

@testable import CacheBench

/// The sweep on threads of its own (`DedicatedThreadsExecutor`), so the number of workers is known
/// whatever the concurrently running tests do. Timeouts are generous; nothing here measures time.
@Suite(.timeLimit(.minutes(1)))
struct ThreadCacheSweepTests {
  /// Records which thread each flush ran on.
  private final class FlushLog: Sendable {
    private let threads = Mutex<[ObjectIdentifier]>([])

    func record() {
      let thread = ObjectIdentifier(Thread.current)
      threads.withLock { $0.append(thread) }
    }

    var flushes: [ObjectIdentifier] { threads.withLock { $0 } }
  }

  /// Census answers handed out in order.
  private final class Census: Sendable {
    private let answers: Mutex<[Int?]>

    init(_ answers: [Int?]) {
      self.answers = Mutex(answers)
    }

    func next() -> Int? {
      answers.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
  }

  /// Runs `body` with child tasks preferring three dedicated threads named `name`.
  private func onThreeThreads<Result: Sendable>(
    named name: String, _ body: () async -> Result
  ) async -> Result {
    let executor = await DedicatedThreadsExecutor.start(threadCount: 3, name: name)
    defer { executor.shutdown() }
    return await withTaskExecutorPreference(executor) { await body() }
  }

  @Test func theCensusCountsTheWorkersTheCallersChildTasksRunOn() async {
    let workers = await onThreeThreads(named: "census-pool") {
      await ThreadCacheSweep.workerCount()
    }
    #expect(workers == 3)
  }

  @Test func aSweepFlushesOnceOnEachWorkerCountedByTheCensus() async {
    let log = FlushLog()
    let reached = await onThreeThreads(named: "sweep-pool") {
      await ThreadCacheSweep(minimumWidth: 1, timeout: .seconds(20)).run { log.record() }
    }
    #expect(reached)
    #expect(log.flushes.count == 3)
    #expect(Set(log.flushes).count == 3)
  }

  @Test func aSweepWiderThanThePoolGivesUpAndSaysSo() async {
    let log = FlushLog()
    let reached = await onThreeThreads(named: "narrow-pool") {
      await ThreadCacheSweep(minimumWidth: 4, timeout: .milliseconds(20)) { nil }.run {
        log.record()
      }
    }
    #expect(reached == false)
    #expect(log.flushes.count == 4, "every task still flushed and returned")
  }

  @Test func aPoolThatGrewWhileMeetingIsSweptAgainAtItsNewWidth() async {
    let log = FlushLog()
    let census = Census([2, 3, 3])
    let reached = await onThreeThreads(named: "growing-pool") {
      await ThreadCacheSweep(minimumWidth: 1, timeout: .seconds(20)) { census.next() }.run {
        log.record()
      }
    }
    #expect(reached)
    #expect(log.flushes.count == 2 + 3)
  }

  @Test func aPoolThatKeepsGrowingFailsTheSweep() async {
    let census = Census([1, 2, 3])
    let reached = await onThreeThreads(named: "growing-pool") {
      await ThreadCacheSweep(minimumWidth: 1, timeout: .seconds(20)) { census.next() }.run {}
    }
    #expect(reached == false)
  }

  @Test func concurrentSweepsTakeTurnsInsteadOfHoldingEachOthersWorkers() async {
    let results = await onThreeThreads(named: "shared-pool") {
      let sweep = ThreadCacheSweep(minimumWidth: 3, timeout: .seconds(20)) { nil }
      async let first = sweep.run {}
      async let second = sweep.run {}
      async let third = sweep.run {}
      return await [first, second, third]
    }
    #expect(results == [true, true, true])
  }
}
