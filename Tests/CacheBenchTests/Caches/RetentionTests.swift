import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Capacity and expiry through every design's real lookup path, with a manual clock.
@Suite(.timeLimit(.minutes(2)))
struct RetentionTests {
  /// A design under test, built with a retention policy and a clock.
  struct Design: Sendable, CustomTestStringConvertible {
    var name: String
    var make: @Sendable (any Fetcher, RetentionPolicy, ManualClock) -> any Cache
    var testDescription: String { name }
  }

  static let designs = [
    Design(name: "naive") {
      NaiveActorCache(fetcher: $0, decoder: nil, retention: $1, clock: $2.reader)
    },
    Design(name: "coalescing") {
      CoalescingActorCache(fetcher: $0, decoder: nil, retention: $1, clock: $2.reader)
    },
    // One shard, so the capacity of the shard is the capacity of the cache in this test.
    Design(name: "sharded(1)") {
      ShardedCache(shards: 1, fetcher: $0, decoder: nil, retention: $1, clock: $2.reader)
    },
    Design(name: "mutex") {
      MutexCache(fetcher: $0, decoder: nil, retention: $1, clock: $2.reader)
    },
    Design(name: "fetch-outside") {
      FetchOutsideCache(fetcher: $0, decoder: nil, retention: $1, clock: $2.reader)
    },
    Design(name: "split") {
      SplitResponsibilityCache(fetcher: $0, decoder: nil, retention: $1, clock: $2.reader)
    },
  ]

  /// Looks `key` up; when `fetches`, waits for the fetch it must start and releases it. A wrong
  /// expectation leaves the lookup or the wait suspended, and the time limit fails the test.
  private func read(
    _ key: Int, in cache: any Cache, fetcher: ControllableFetcher, fetches: Bool = true
  ) async throws -> CacheLookup {
    let started = fetcher.startedCount
    let lookup = Task { try await cache.lookup(key) }
    if fetches {
      await fetcher.waitForStarts(started + 1)
      fetcher.release(key: key)
    }
    return try await lookup.value
  }

  @Test(arguments: designs)
  func aKeyEvictedForCapacityMissesAsAnEviction(design: Design) async throws {
    let fetcher = ControllableFetcher()
    let clock = ManualClock()
    let cache = design.make(fetcher, RetentionPolicy(capacity: 2), clock)
    for key in [1, 2] {
      #expect(try await read(key, in: cache, fetcher: fetcher).missCause == .cold)
    }
    #expect(try await read(1, in: cache, fetcher: fetcher, fetches: false).outcome == .hit)
    #expect(try await read(3, in: cache, fetcher: fetcher).missCause == .cold)
    let evicted = try await read(2, in: cache, fetcher: fetcher)
    #expect(evicted.outcome == .leader)
    #expect(evicted.missCause == .evicted, "2 was the least recently used when 3 came in")
    #expect(await cache.readyEntryCount == 2)
  }

  @Test(arguments: designs)
  func anExpiredEntryMissesAsAnExpiration(design: Design) async throws {
    let fetcher = ControllableFetcher()
    let clock = ManualClock()
    let cache = design.make(fetcher, RetentionPolicy(timeToLive: 1_000), clock)
    #expect(try await read(5, in: cache, fetcher: fetcher).missCause == .cold)
    clock.advance(by: 999)
    #expect(try await read(5, in: cache, fetcher: fetcher, fetches: false).outcome == .hit)
    clock.advance(by: 1)
    let expired = try await read(5, in: cache, fetcher: fetcher)
    #expect(expired.outcome == .leader)
    #expect(expired.missCause == .expired)
    #expect(fetcher.ledger.totals.fetches == 2)
  }
}
