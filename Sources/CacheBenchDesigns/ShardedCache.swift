import CacheBenchCore

/// Several independent `CoalescingActorCache` shards, each key served by the shard its stable hash picks.
///
/// Sharding spreads the serial work of one hot actor (bookkeeping, and decoding when it runs inside) over
/// several executors. The hash is a fixed mix of the key, not `Hasher` (seeded per process), so a key lands on
/// the same shard in every run and runs repeat. Semantics per key are exactly the coalescing actor's.
///
/// Timing is the shard actor's (see `CoalescingActorCache`); the queue delay also covers picking the shard,
/// a few arithmetic instructions before the hop.
struct ShardedCache: Cache {
  private let shards: [CoalescingActorCache]

  /// `count` shards over one shared `fetcher`; each shard keeps ready entries as `retention` says, so a
  /// capacity is per shard.
  init(
    shards count: Int, fetcher: any Fetcher, decoder: PayloadDecoder?,
    retention: RetentionPolicy = .unbounded,
    clock: @escaping @Sendable () -> UInt64 = MonotonicClock.now
  ) {
    precondition(count >= 1)
    shards = (0..<count).map { _ in
      CoalescingActorCache(fetcher: fetcher, decoder: decoder, retention: retention, clock: clock)
    }
  }

  @inline(__always)
  nonisolated(nonsending) func lookup(_ key: Int) async throws -> CacheLookup {
    try await shard(for: key).lookup(key)
  }

  func invalidate(_ key: Int) async {
    await shard(for: key).invalidate(key)
  }

  /// Lookups that have joined another caller's fetch so far, over all shards.
  var joinCount: Int {
    get async {
      var total = 0
      for shard in shards { total += await shard.joinCount }
      return total
    }
  }

  /// Completions refused over all shards; nil (n/a) when any shard cannot tell its own (`total`).
  var staleRejectedCount: Int? {
    get async {
      var counts: [Int?] = []
      for shard in shards { counts.append(await shard.staleRejectedCount) }
      return Self.total(counts)
    }
  }

  var readyEntryCount: Int? {
    get async {
      var total = 0
      for shard in shards { total += await shard.readyCount }
      return total
    }
  }

  /// The shard that owns `key`.
  var isolationBusyTimes: [IsolationBusyTime]? { shards.map(\.busy) }

  func shard(for key: Int) -> CoalescingActorCache {
    shards[Self.shardIndex(for: key, shardCount: shards.count)]
  }

  /// The sum of the shards' counts, or nil when any of them is nil: a shard that cannot tell its count
  /// leaves the total unknown, and reading it as 0 would pass an unmeasured figure off as a measured one.
  static func total(_ counts: [Int?]) -> Int? {
    var total = 0
    for count in counts {
      guard let count else { return nil }
      total += count
    }
    return total
  }

  /// The stable shard index of `key`: splitmix64's finalizer (`TableKey.mixed` with a fixed seed, so the
  /// same in every process), reduced without modulo bias worth measuring.
  static func shardIndex(for key: Int, shardCount: Int) -> Int {
    let mixed = UInt64(bitPattern: Int64(TableKey.mixed(key, seed: 0)))
    return Int(mixed.multipliedFullWidth(by: UInt64(shardCount)).high)
  }
}
