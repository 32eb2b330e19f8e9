import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The in-flight rules of the split design's tracker, synchronously.
struct InFlightTrackerTests {
  private static func task() -> Task<Int, any Error> { Task { 0 } }

  @Test func aLookupLeadsUntilItsFetchIsRecordedAndThenJoins() {
    var tracker = InFlightTracker<Int>()
    guard case .lead(let identity) = tracker.lookup(1) else {
      Issue.record("an empty tracker leads")
      return
    }
    tracker.begin(1, identity: identity, task: Self.task())
    guard case .join = tracker.lookup(1) else {
      Issue.record("a recorded fetch is joined")
      return
    }
    #expect(tracker.joinCount == 1)
    #expect(tracker.count == 1)
    tracker.finish(1, identity: identity)
    #expect(tracker.count == 0)
    guard case .lead(let next) = tracker.lookup(1) else {
      Issue.record("a finished fetch is led again")
      return
    }
    #expect(next != identity, "identities are never reused")
  }

  @Test func finishingAnInvalidatedFetchLeavesItsReplacement() {
    var tracker = InFlightTracker<Int>()
    guard case .lead(let first) = tracker.lookup(2) else {
      Issue.record("an empty tracker leads")
      return
    }
    tracker.begin(2, identity: first, task: Self.task())
    #expect(tracker.invalidate(2) != nil, "its task is handed back to be cancelled")
    #expect(tracker.invalidate(2) == nil)
    guard case .lead(let second) = tracker.lookup(2) else {
      Issue.record("an invalidated key leads again")
      return
    }
    tracker.begin(2, identity: second, task: Self.task())
    tracker.finish(2, identity: first)
    #expect(tracker.isCurrent(2, identity: second))
    #expect(!tracker.isCurrent(2, identity: first))
    tracker.finish(2, identity: second)
    #expect(tracker.count == 0)
  }
}
