import Testing

@testable import CacheBenchCore

/// The fetch timer's rules, without threads or time: deadline order, and a cancellation at any step of a
/// sleep resuming it exactly once.
struct DeadlineQueueTests {
  /// Parks `waiter` with a fresh id; the id.
  private func park(_ waiter: String, at deadline: UInt64, in queue: inout DeadlineQueue<String>)
    -> UInt64
  {
    let id = queue.reserve()
    _ = queue.park(id, until: deadline, notBefore: 0, waiter)
    return id
  }

  /// Every waiter due at `now`, in the order the queue gives them.
  private func drain(_ queue: inout DeadlineQueue<String>, at now: UInt64) -> [String] {
    var due: [String] = []
    while let next = queue.popDue(at: now) { due.append(next.waiter) }
    return due
  }

  @Test func sleepersComeDueInDeadlineOrderAndNotBefore() {
    var queue = DeadlineQueue<String>()
    for (name, deadline) in [("c", 30), ("a", 10), ("e", 50), ("b", 20), ("d", 40)] {
      _ = park(name, at: UInt64(deadline), in: &queue)
    }
    #expect(queue.nextDue == 10)
    #expect(queue.popDue(at: 9) == nil)
    #expect(drain(&queue, at: 30) == ["a", "b", "c"])
    #expect(queue.nextDue == 40)
    #expect(drain(&queue, at: 100) == ["d", "e"])
    #expect(queue.nextDue == nil)
    #expect(queue.pendingCount == 0)
  }

  @Test func onlyASleeperDueSoonerThanEveryOtherAsksToWakeTheTimer() {
    var queue = DeadlineQueue<String>()
    for (deadline, isEarliest) in [(50, true), (70, false), (50, false), (20, true)] {
      let parking = queue.park(
        queue.reserve(), until: UInt64(deadline), notBefore: 0, "\(deadline)")
      #expect(parking == .parked(isEarliest: isEarliest), "deadline \(deadline)")
    }
  }

  @Test func aCancelledParkedSleeperIsHandedBackOnceAndNeverComesDue() {
    var queue = DeadlineQueue<String>()
    let early = park("early", at: 10, in: &queue)
    _ = park("late", at: 20, in: &queue)
    #expect(queue.cancel(early) == "early")
    #expect(queue.cancel(early) == nil, "a second cancellation finds nothing")
    #expect(queue.nextDue == 20)
    #expect(drain(&queue, at: 100) == ["late"])
    #expect(queue.pendingCount == 0)
  }

  @Test func aCancellationBeforeParkingRefusesTheSleeperWhenItParks() {
    var queue = DeadlineQueue<String>()
    let id = queue.reserve()
    #expect(queue.cancel(id) == nil, "nothing to resume yet")
    #expect(queue.park(id, until: 10, notBefore: 0, "refused") == .cancelled)
    #expect(queue.nextDue == nil)
    #expect(drain(&queue, at: 100).isEmpty)
    #expect(queue.pendingCount == 0, "the refusal leaves nothing behind")
  }

  @Test func aCancellationAfterTheSleeperCameDueFindsNothing() {
    var queue = DeadlineQueue<String>()
    let id = park("resumed", at: 10, in: &queue)
    #expect(drain(&queue, at: 10) == ["resumed"])
    #expect(queue.cancel(id) == nil)
    #expect(queue.pendingCount == 0)
  }

  /// A heap of many sleepers, some cancelled, still gives the rest in deadline order.
  @Test func manySleepersWithCancellationsComeDueSorted() {
    var queue = DeadlineQueue<String>()
    var generator = SplitMix64(seed: 7)
    var expected: [(UInt64, String)] = []
    for index in 0..<500 {
      let deadline = generator.next() % 10_000
      let id = park("\(index)", at: deadline, in: &queue)
      if index % 3 == 0 {
        #expect(queue.cancel(id) == "\(index)")
      } else {
        expected.append((deadline, "\(index)"))
      }
    }
    var previous: UInt64 = 0
    var names: [String] = []
    while let deadline = queue.nextDue {
      #expect(deadline >= previous)
      previous = deadline
      names.append(contentsOf: drain(&queue, at: deadline))
    }
    #expect(Set(names) == Set(expected.map(\.1)))
    #expect(names.count == expected.count)
  }

  @Test func theLeadMovesOneStepTowardsEachWakesLatenessWithinItsBounds() {
    var queue = DeadlineQueue<String>()
    let step = DeadlineQueue<String>.leadStep
    queue.learn(wokeAt: 1_070_000, aimedAt: 1_000_000)
    #expect(queue.lead == step, "late by 70 µs: one step, not 70 µs")
    queue.learn(wokeAt: 900_000, aimedAt: 1_000_000)
    #expect(queue.lead == 0, "early counts as on time, and the lead never goes below 0")
    for _ in 0..<1_000 { queue.learn(wokeAt: 10_000_000, aimedAt: 0) }
    #expect(queue.lead == DeadlineQueue<String>.maximumLead)
    queue.learn(wokeAt: 1_000 + queue.lead, aimedAt: 1_000)
    #expect(queue.lead == DeadlineQueue<String>.maximumLead, "a wake exactly as late leaves it")
  }

  /// Wakes late by 70 µs, then 30 µs, half of them preempted by milliseconds: the lead settles at the
  /// median lateness, not the mean.
  @Test func theLeadSettlesOnTheMedianLatenessWhateverTheOutliers() {
    var queue = DeadlineQueue<String>()
    for index in 0..<400 {
      let lateness: UInt64 = index % 4 == 0 ? 5_000_000 : 70_000
      queue.learn(wokeAt: 1_000_000 + lateness, aimedAt: 1_000_000)
    }
    #expect((68_000...74_000).contains(queue.lead), "lead \(queue.lead)")
    for _ in 0..<400 { queue.learn(wokeAt: 1_030_000, aimedAt: 1_000_000) }
    #expect(queue.lead == 30_000)
  }

  @Test func aSleeperIsDueTheLeadBeforeItsDeadlineButNeverBeforeItsFloor() {
    var queue = DeadlineQueue<String>()
    for _ in 0..<25 { queue.learn(wokeAt: 2_050_000, aimedAt: 2_000_000) }
    #expect(queue.lead == 50_000)
    _ = queue.park(queue.reserve(), until: 1_000_000, notBefore: 500_000, "long")
    #expect(queue.nextDue == 950_000)
    #expect(queue.popDue(at: 949_999) == nil)
    #expect(queue.popDue(at: 950_000)?.aimedAt == 950_000)
    _ = queue.park(queue.reserve(), until: 1_060_000, notBefore: 1_030_000, "short")
    #expect(queue.nextDue == 1_030_000, "half of a 60 µs sleep, not 50 µs before its deadline")
  }
}
