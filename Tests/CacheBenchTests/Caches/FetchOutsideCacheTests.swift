import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The design that keeps the network outside its actor: the actor never waits on a fetch, and nothing
/// coalesces, forced with a controllable fetcher.
@Suite(.timeLimit(.minutes(2)))
struct FetchOutsideCacheTests {
  static let callers = 16

  @Test func overlappingCallersOfOneKeyEachFetchWhileTheActorServesOthers() async throws {
    let fetcher = ControllableFetcher()
    let cache = FetchOutsideCache(fetcher: fetcher, decoder: nil)
    let warm = Task { try await cache.lookup(1) }
    await fetcher.waitForStarts(1)
    fetcher.release(key: 1)
    _ = try await warm.value

    let outcomes = try await withThrowingTaskGroup(of: CacheOutcome?.self) { group in
      for _ in 0..<Self.callers {
        group.addTask { try await cache.lookup(7).outcome }
      }
      await fetcher.waitForStarts(1 + Self.callers)
      // Every fetch of 7 is still held, and the actor holds none of them: a hit goes straight through.
      let hit = try await cache.lookup(1)
      #expect(hit.outcome == .hit)
      #expect(hit.timing?.reentryWait == 0)
      #expect(fetcher.release(key: 7) == Self.callers)
      return try await group.reduce(into: []) { $0.append($1) }
    }
    let totals = fetcher.ledger.totals
    #expect(totals.fetches == 1 + Self.callers)
    #expect(totals.duplicateFetches == Self.callers - 1)
    #expect(outcomes.filter { $0 == .leader }.count == Self.callers)
    #expect(try await cache.lookup(7).outcome == .hit)
    #expect(await cache.readyEntryCount == 2)
  }

  @Test func aFetchRunningAcrossAnInvalidationIsStoredAnyway() async throws {
    let fetcher = ControllableFetcher(ignoresCancellation: true)
    let cache = FetchOutsideCache(fetcher: fetcher, decoder: nil)
    let lookup = Task { try await cache.lookup(3) }
    await fetcher.waitForStarts(1)
    await cache.invalidate(3)
    fetcher.release(key: 3, bytes: 100)
    #expect(try await lookup.value.outcome == .leader)
    let again = try await cache.lookup(3)
    #expect(again.outcome == .hit, "nothing guards the store against the invalidation")
    #expect(again.value.payload.bytes.count == 100)
    #expect(await cache.staleRejectedCount == 0)
  }

  @Test func aCallerCancelledDuringItsFetchStoresNothing() async throws {
    let fetcher = ControllableFetcher()
    let cache = FetchOutsideCache(fetcher: fetcher, decoder: nil)
    let lookup = Task { try await cache.lookup(4) }
    await fetcher.waitForStarts(1)
    lookup.cancel()
    await #expect(throws: CancellationError.self) { try await lookup.value }
    #expect(await cache.readyEntryCount == 0)
  }

  @Test func aDecodeInsideRunsInTheStoreOncePerFetch() async throws {
    let fetcher = ControllableFetcher()
    let decodes = DecodeCounter()
    let cache = FetchOutsideCache(
      fetcher: fetcher, decoder: PayloadDecoder(steps: 1).counted(by: decodes))
    let lookup = Task { try await cache.lookup(5) }
    await fetcher.waitForStarts(1)
    #expect(decodes.total == 0, "nothing is decoded before the fetch returns")
    fetcher.release(key: 5)
    let led = try await lookup.value
    #expect(led.value.decoded != nil)
    #expect(try await cache.lookup(5).value.decoded == led.value.decoded)
    #expect(decodes.total == 1)
  }
}
