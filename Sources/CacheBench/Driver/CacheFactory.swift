/// Builds the cache of a variant over a given fetcher.
enum CacheFactory {
  /// A new, empty cache of `variant`'s design; `decoder` is handed to the cache only when the variant decodes
  /// inside it. Every design keeps ready entries as `retention` says (per shard when sharded).
  static func makeCache(
    for variant: Variant, fetcher: any Fetcher, decoder: PayloadDecoder,
    retention: RetentionPolicy = .unbounded
  ) -> any Cache {
    let inside = variant.decode == .inside ? decoder : nil
    switch variant.design {
    case .naive:
      return NaiveActorCache(fetcher: fetcher, decoder: inside, retention: retention)
    case .coalescing:
      return CoalescingActorCache(fetcher: fetcher, decoder: inside, retention: retention)
    case .sharded:
      return ShardedCache(
        shards: variant.shards, fetcher: fetcher, decoder: inside, retention: retention)
    case .mutex:
      return MutexCache(fetcher: fetcher, decoder: inside, retention: retention)
    }
  }
}
