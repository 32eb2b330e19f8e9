import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// A coalescing cache under test with the probe tests need: how many callers have joined an in-flight fetch.
struct CoalescingDesign: Sendable, CustomTestStringConvertible {
  var name: String
  var make: @Sendable (any Fetcher) -> (cache: any Cache, joins: @Sendable () async -> Int)

  var testDescription: String { name }

  static let all: [CoalescingDesign] = [
    CoalescingDesign(name: "coalescing") { fetcher in
      let cache = CoalescingActorCache(fetcher: fetcher, decoder: nil)
      return (cache, { await cache.joinCount })
    },
    CoalescingDesign(name: "sharded(4)") { fetcher in
      let cache = ShardedCache(shards: 4, fetcher: fetcher, decoder: nil)
      return (cache, { await cache.joinCount })
    },
    CoalescingDesign(name: "mutex") { fetcher in
      let cache = MutexCache(fetcher: fetcher, decoder: nil)
      return (cache, { cache.joinCount })
    },
    CoalescingDesign(name: "split") { fetcher in
      let cache = SplitResponsibilityCache(fetcher: fetcher, decoder: nil)
      return (cache, { await cache.joinCount })
    },
  ]
}
