import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The coalescing state machine, driven synchronously step by step.
struct InFlightTableTests {
  private func idleTask() -> Task<Int, any Error> { Task { 0 } }

  @Test func aMissLeadsThenOverlappingLookupsJoinAndACompletionIsAHit() {
    var table = InFlightTable<Int>()
    guard case .lead(let identity) = table.lookup(1) else {
      Issue.record("first lookup must lead")
      return
    }
    table.begin(1, identity: identity, task: idleTask())
    guard case .join = table.lookup(1) else {
      Issue.record("second lookup must join")
      return
    }
    #expect(table.joinCount == 1)
    #expect(table.complete(1, identity: identity, value: 42) == .admitted)
    guard case .hit(let value) = table.lookup(1) else {
      Issue.record("lookup after completion must hit")
      return
    }
    #expect(value == 42)
    #expect(table.readyCount == 1)
  }

  @Test func aCompletionAfterInvalidationIsObsoleteAndTheReplacementStands() {
    var table = InFlightTable<Int>()
    guard case .lead(let old) = table.lookup(1) else { return #expect(Bool(false)) }
    table.begin(1, identity: old, task: idleTask())
    #expect(table.invalidate(1) != nil, "invalidation hands back the in-flight task")
    guard case .lead(let replacement) = table.lookup(1) else { return #expect(Bool(false)) }
    #expect(replacement != old)
    table.begin(1, identity: replacement, task: idleTask())

    #expect(table.complete(1, identity: old, value: 1) == .obsolete)
    #expect(table.isLoading(1), "the obsolete completion left the replacement in flight")
    #expect(table.complete(1, identity: replacement, value: 2) == .admitted)
  }

  @Test func aFailureRemovesOnlyItsOwnEntry() {
    var table = InFlightTable<Int>()
    guard case .lead(let old) = table.lookup(1) else { return #expect(Bool(false)) }
    table.begin(1, identity: old, task: idleTask())
    _ = table.invalidate(1)
    guard case .lead(let replacement) = table.lookup(1) else { return #expect(Bool(false)) }
    table.begin(1, identity: replacement, task: idleTask())

    table.fail(1, identity: old)
    #expect(table.isLoading(1), "a stale failure must not remove the replacement")
    table.fail(1, identity: replacement)
    #expect(!table.isLoading(1))
    guard case .lead = table.lookup(1) else {
      Issue.record("after a failure the next caller leads a new fetch")
      return
    }
  }

  @Test func invalidatingAReadyEntryReturnsNoTask() {
    var table = InFlightTable<Int>()
    guard case .lead(let identity) = table.lookup(1) else { return #expect(Bool(false)) }
    table.begin(1, identity: identity, task: idleTask())
    _ = table.complete(1, identity: identity, value: 5)
    #expect(table.invalidate(1) == nil)
    #expect(table.readyCount == 0)
  }
}
