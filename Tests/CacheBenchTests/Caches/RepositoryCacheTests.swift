import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The repository designs over an `EntityStore` whose loads and write round trips are controllable
/// fetchers, so the delayed-load race is forced step by step, never by sleeping.
@Suite(.timeLimit(.minutes(2)))
struct RepositoryCacheTests {
  private let reads = ControllableFetcher()
  private let writes = ControllableFetcher()
  private var store: EntityStore { EntityStore(reads: reads, writes: writes) }

  /// Sends a write of `key` and lets its response through; returns how it ended.
  private func completedWrite(_ key: Int, through cache: any Cache) async -> WriteResult? {
    let started = writes.startedCount
    async let result = cache.write(key)
    await writes.waitForStarts(started + 1)
    writes.release(fetch: started + 1)
    return await result
  }

  @Test func theDelayedLoadReleasedAfterANewerWriteIsNotAdmitted() async throws {
    let store = self.store
    let cache = RepositoryActorCache(store: store, decoder: nil)
    async let first = cache.lookup(1)
    await reads.waitForStarts(1)
    // The load read revision 1 as it arrived; a write now saves revision 2 and completes.
    #expect(await completedWrite(1, through: cache) == WriteResult(conflict: false, revision: 2))
    #expect(store.completedRevision(of: 1) == 2)
    reads.release(fetch: 1)
    // Its own caller, whose read began before the write, gets the snapshot; the cache does not keep it.
    let served = try await first
    #expect(served.outcome == .leader && served.revision == 1)
    #expect(await cache.staleRejectedCount == 1)
    #expect(await cache.readyEntryCount == 0)
    async let second = cache.lookup(1)
    await reads.waitForStarts(2)
    reads.release(fetch: 2)
    let reloaded = try await second
    #expect(reloaded.outcome == .leader && reloaded.revision == 2)
    let hit = try await cache.lookup(1)
    #expect(hit.outcome == .hit && hit.revision == 2)
  }

  @Test func theNaiveRepositoryServesTheDelayedLoadAfterTheWrite() async throws {
    let store = self.store
    let cache = NaiveRepositoryCache(store: store, decoder: nil)
    async let first = cache.lookup(1)
    await reads.waitForStarts(1)
    #expect(await completedWrite(1, through: cache) == WriteResult(conflict: false, revision: 2))
    reads.release(fetch: 1)
    #expect(try await first.revision == 1)
    // The old snapshot was stored after the write completed: a read that begins now is served stale.
    let floor = store.completedRevision(of: 1)
    let hit = try await cache.lookup(1)
    #expect(hit.outcome == .hit)
    #expect(try #require(hit.revision) < floor)
    #expect(await cache.staleRejectedCount == 0)
  }

  @Test func aReaderArrivingDuringAWriteDoesNotJoinTheOlderLoad() async throws {
    let cache = RepositoryActorCache(store: store, decoder: nil)
    async let first = cache.lookup(1)
    await reads.waitForStarts(1)
    async let write = cache.write(1)
    await writes.waitForStarts(1)
    // The write has begun (its response is still held): a new reader starts a load of its own.
    async let second = cache.lookup(1)
    await reads.waitForStarts(2)
    #expect(reads.ledger.totals.fetches == 2)
    writes.release()
    #expect(await write == WriteResult(conflict: false, revision: 2))
    reads.release()
    #expect(try await first.revision == 1)
    let late = try await second
    #expect(late.outcome == .leader)
    // The second load arrived after the write was applied, but began while it was in flight: refused.
    #expect(late.revision == 2)
    #expect(await cache.staleRejectedCount == 2)
  }

  @Test func overlappingReadsOfOneGenerationShareOneLoad() async throws {
    let cache = RepositoryActorCache(store: store, decoder: nil)
    async let first = cache.lookup(1)
    await reads.waitForStarts(1)
    async let second = cache.lookup(1)
    await eventually("the second reader joins") { await cache.joinCount == 1 }
    reads.release()
    let outcomes = [try await first.outcome, try await second.outcome]
    #expect(
      outcomes.sorted { String(describing: $0) < String(describing: $1) } == [.join, .leader])
    #expect(reads.ledger.totals.fetches == 1)
  }

  @Test func aWriteWithAStaleExpectedRevisionIsAConflictReportedToTheWriter() async throws {
    let store = self.store
    let cache = RepositoryActorCache(store: store, decoder: nil)
    let other = RepositoryActorCache(store: store, decoder: nil)
    // Another writer moves the entity to revision 2 behind this cache's back.
    #expect(await completedWrite(1, through: other) == WriteResult(conflict: false, revision: 2))
    // This cache knows no revision, so it expects revision 1: the store refuses, naming revision 2.
    #expect(await completedWrite(1, through: cache) == WriteResult(conflict: true, revision: 2))
    // The conflict told the cache revision 2 exists; its next write expects it and succeeds.
    #expect(await completedWrite(1, through: cache) == WriteResult(conflict: false, revision: 3))
    #expect(store.currentRevision(of: 1) == 3)
  }

  @Test func aFailedLoadIsNotCachedAndTheNextReaderRetries() async throws {
    let cache = RepositoryActorCache(store: store, decoder: nil)
    let first = Task { try await cache.lookup(1) }
    await reads.waitForStarts(1)
    reads.release(failure: ControllableFetcher.InjectedFailure())
    await #expect(throws: ControllableFetcher.InjectedFailure.self) { try await first.value }
    async let second = cache.lookup(1)
    await reads.waitForStarts(2)
    reads.release()
    #expect(try await second.outcome == .leader)
  }

  @Test func invalidationCancelsTheLoadAndItIsNotAdmitted() async throws {
    let cache = RepositoryActorCache(store: store, decoder: nil)
    let first = Task { try await cache.lookup(1) }
    await reads.waitForStarts(1)
    await cache.invalidate(1)
    await #expect(throws: CancellationError.self) { try await first.value }
    #expect(await cache.readyEntryCount == 0)
  }
}
