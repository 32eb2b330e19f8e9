import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct ShardedCacheTests {
  @Test func shardIndexIsAFixedFunctionOfTheKey() {
    // Pinned values: a change here means keys move between shards from one version to the next.
    // Key 0 mixes to splitmix64's first output from state 0, 0xE220A8397B1DCDAF, whose top 3 bits are 7.
    let indices = (0..<8).map { ShardedCache.shardIndex(for: $0, shardCount: 8) }
    #expect(indices == [7, 4, 4, 0, 3, 3, 5, 3])
  }

  @Test(arguments: [1, 2, 7, 8, 64])
  func keysSpreadEvenlyOverShards(shardCount: Int) {
    var counts = [Int](repeating: 0, count: shardCount)
    let keys = 64_000
    for key in 0..<keys {
      let index = ShardedCache.shardIndex(for: key, shardCount: shardCount)
      #expect((0..<shardCount).contains(index))
      counts[index] += 1
    }
    let expected = Double(keys) / Double(shardCount)
    for count in counts {
      #expect(abs(Double(count) - expected) < expected * 0.1)
    }
  }

  @Test(
    arguments: [
      ([2, 0, 3], 5 as Int?),
      ([2, nil, 3], nil),
      ([nil], nil),
      ([0], 0),
    ] as [([Int?], Int?)])
  func aShardWhoseCountIsUnknownMakesTheTotalUnknown(counts: [Int?], expected: Int?) {
    #expect(ShardedCache.total(counts) == expected)
  }

  @Test func aShardedCacheWithNothingRefusedCountsZeroNotUnknown() async {
    let cache = ShardedCache(shards: 4, fetcher: ControllableFetcher(), decoder: nil)
    #expect(await cache.staleRejectedCount == 0)
  }
}
