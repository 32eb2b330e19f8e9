import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// What every design reports through the `Cache` protocol beyond lookups.
@Suite(.timeLimit(.minutes(2)))
struct CacheTests {
  /// A design under test, built over a given fetcher.
  struct Design: Sendable, CustomTestStringConvertible {
    var name: String
    var make: @Sendable (any Fetcher) -> any Cache

    var testDescription: String { name }

    static let all = [
      Design(name: "naive") { NaiveActorCache(fetcher: $0, decoder: nil) },
      Design(name: "coalescing") { CoalescingActorCache(fetcher: $0, decoder: nil) },
      Design(name: "sharded(4)") { ShardedCache(shards: 4, fetcher: $0, decoder: nil) },
      Design(name: "mutex") { MutexCache(fetcher: $0, decoder: nil) },
      Design(name: "fetch-outside") { FetchOutsideCache(fetcher: $0, decoder: nil) },
      Design(name: "split") { SplitResponsibilityCache(fetcher: $0, decoder: nil) },
    ]
  }

  @Test(arguments: Design.all)
  func readyEntriesCountFetchedKeysButNotFetchesInFlight(design: Design) async throws {
    let fetcher = ControllableFetcher()
    let cache = design.make(fetcher)
    #expect(await cache.readyEntryCount == 0)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for key in 1...3 {
        group.addTask { _ = try await cache.lookup(key) }
      }
      await fetcher.waitForStarts(3)
      #expect(await cache.readyEntryCount == 0)
      fetcher.release(key: 1)
      fetcher.release(key: 2)
      try await group.next()
      try await group.next()
      #expect(await cache.readyEntryCount == 2)
      fetcher.release(key: 3)
      try await group.waitForAll()
    }
    #expect(await cache.readyEntryCount == 3)
  }

  /// A cache that knows nothing about its entries.
  private struct OpaqueCache: Cache {
    func lookup(_ key: Int) async throws -> CacheLookup {
      CacheLookup(
        value: CachedValue(payload: Payload(key: 0, bytes: []), decoded: nil), outcome: .hit,
        timing: .singleSegment(enteredAt: MonotonicClock.now()))
    }

    func invalidate(_ key: Int) async {}
  }

  @Test func aDesignThatCannotCountItsEntriesReportsUnknown() async {
    #expect(await OpaqueCache().readyEntryCount == nil)
  }
}
