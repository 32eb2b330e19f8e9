import Testing

@testable import CacheBenchCore

/// The fetch timer's thread: what holds on any load. A sleeper is never resumed before its floor nor more
/// than the largest lead before its deadline, every sleeper is resumed, and a cancelled one throws at
/// once, whether it was cancelled before or while it slept. How close to its deadline it resumes is a
/// figure for the benchmark (the fetch latency lines), not for a test.
@Suite(.timeLimit(.minutes(2)))
struct DeadlineTimerThreadTests {
  private let timer = DeadlineTimerThread.shared

  private static let maximumLead = DeadlineQueue<Int>.maximumLead

  @Test func aSleeperIsResumedNoEarlierThanItsFloorNorTheLargestLeadAndToldWhen() async throws {
    for microseconds: UInt64 in [0, 50, 300, 2_000] {
      let start = MonotonicClock.now()
      let deadline = start &+ microseconds * 1_000
      let floor = start &+ microseconds * 500
      let resumed = try await timer.sleep(until: deadline, notBefore: floor)
      let after = MonotonicClock.now()
      #expect(resumed >= floor)
      #expect(resumed &+ Self.maximumLead >= deadline)
      #expect(after >= resumed)
    }
  }

  @Test func everyOneOfManyOverlappingSleepersIsResumedAfterItsOwnFloor() async throws {
    let start = MonotonicClock.now()
    let early = try await withThrowingTaskGroup(of: Bool.self) { group in
      for index in 0..<1_000 {
        // Deadlines spread over 5 ms, added in an order unrelated to them.
        let deadline = start &+ UInt64((index * 7_919) % 1_000) * 5_000
        group.addTask { try await timer.sleep(until: deadline, notBefore: deadline) < deadline }
      }
      var early = 0
      for try await wasEarly in group where wasEarly { early += 1 }
      return early
    }
    #expect(early == 0)
  }

  @Test func aSleeperCancelledWhileItSleepsThrowsWithoutWaitingForItsDeadline() async {
    let parked = Task {
      let deadline = MonotonicClock.now() &+ 3_600 * 1_000_000_000
      return try await timer.sleep(until: deadline, notBefore: deadline)
    }
    parked.cancel()
    await #expect(throws: CancellationError.self) { try await parked.value }
  }

  @Test func aTaskCancelledBeforeItSleepsThrowsAtOnce() async {
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      let deadline = MonotonicClock.now() &+ 3_600 * 1_000_000_000
      return try await timer.sleep(until: deadline, notBefore: deadline)
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func theNoteSaysWhenTheThreadRunsAtNormalPriority() {
    switch timer.scheduling {
    case .realTime:
      #expect(timer.schedulingNote == nil)
    case .normal:
      #expect(
        timer.schedulingNote?.hasPrefix("fetch responses are timed by a thread at normal") == true)
    }
  }
}
