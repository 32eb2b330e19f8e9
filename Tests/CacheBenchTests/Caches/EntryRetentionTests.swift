import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The LRU and TTL bookkeeping, driven synchronously with explicit instants.
struct EntryRetentionTests {
  @Test func admittingPastTheCapacityEvictsTheLeastRecentlyUsed() {
    var retention = EntryRetention(policy: RetentionPolicy(capacity: 2))
    #expect(retention.admit(1, now: 0) == [])
    #expect(retention.admit(2, now: 0) == [])
    #expect(retention.touch(1, now: 0) == .fresh, "1 is now the most recent")
    #expect(retention.admit(3, now: 0) == [2])
    #expect(retention.admit(4, now: 0) == [1])
    #expect(retention.count == 2)
  }

  @Test func onlyTheFirstMissAfterAnEvictionIsAttributedToIt() {
    var retention = EntryRetention(policy: RetentionPolicy(capacity: 1))
    _ = retention.admit(1, now: 0)
    #expect(retention.admit(2, now: 0) == [1])
    #expect(retention.missCause(1) == .evicted)
    #expect(retention.missCause(1) == .cold)
    #expect(retention.missCause(7) == .cold)
  }

  @Test func anEntryExpiresExactlyItsTimeToLiveAfterAdmission() {
    var retention = EntryRetention(policy: RetentionPolicy(timeToLive: 100))
    _ = retention.admit(1, now: 1_000)
    #expect(retention.touch(1, now: 1_099) == .fresh)
    #expect(retention.touch(1, now: 1_100) == .expired)
    #expect(retention.count == 0, "an expired entry is forgotten")
    _ = retention.admit(1, now: 2_000)
    #expect(retention.touch(1, now: 2_050) == .fresh, "re-admission restarts the time to live")
  }

  @Test func aRemovedKeyMissesColdAndFreesItsPlace() {
    var retention = EntryRetention(policy: RetentionPolicy(capacity: 2))
    _ = retention.admit(1, now: 0)
    _ = retention.admit(2, now: 0)
    retention.remove(1)
    #expect(retention.admit(3, now: 0) == [])
    #expect(retention.missCause(1) == .cold)
  }

  @Test func withoutAPolicyNothingIsTrackedOrEvicted() {
    var retention = EntryRetention(policy: .unbounded)
    for key in 0..<100 { #expect(retention.admit(key, now: 0) == []) }
    #expect(retention.count == 0)
    #expect(retention.touch(3, now: .max) == .fresh)
  }

  @Test func theTableLeadsOnAnExpiredEntryAndEvictsPastItsCapacity() {
    var table = InFlightTable<Int>(retention: RetentionPolicy(capacity: 1, timeToLive: 50))
    func fill(_ key: Int, at now: UInt64) {
      guard case .lead(let identity) = table.lookup(key, now: now) else {
        Issue.record("expected a lead for \(key)")
        return
      }
      table.begin(key, identity: identity, task: Task { 0 })
      #expect(table.complete(key, identity: identity, value: key, now: now) == .admitted)
    }
    fill(1, at: 0)
    #expect(table.leadCause == .cold)
    guard case .hit = table.lookup(1, now: 49) else { return #expect(Bool(false)) }
    guard case .lead = table.lookup(1, now: 50) else { return #expect(Bool(false)) }
    #expect(table.leadCause == .expired)
    fill(2, at: 60)
    fill(1, at: 60)
    #expect(table.readyCount == 1, "admitting 1 evicted 2")
    guard case .lead = table.lookup(2, now: 61) else { return #expect(Bool(false)) }
    #expect(table.leadCause == .evicted)
  }
}
