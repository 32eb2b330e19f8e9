/// Builds the cache of a variant over a given fetcher.
enum CacheFactory {
  /// A new, empty cache of `variant`'s design; `decoder` is handed to the cache only when the variant decodes
  /// inside it. Every cache design keeps ready entries as `retention` says (per shard when sharded); the
  /// repository designs keep every admitted entity (the options refuse a retention for them) and sit in
  /// front of a new `EntityStore` that loads through `fetcher` and times writes with `writeFetcher`
  /// (`fetcher` when nil).
  static func makeCache(
    for variant: Variant, fetcher: any Fetcher, decoder: PayloadDecoder,
    retention: RetentionPolicy = .unbounded, writeFetcher: (any Fetcher)? = nil
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
    case .repository:
      return RepositoryActorCache(
        store: EntityStore(reads: fetcher, writes: writeFetcher ?? fetcher), decoder: inside)
    case .naiveRepository:
      return NaiveRepositoryCache(
        store: EntityStore(reads: fetcher, writes: writeFetcher ?? fetcher), decoder: inside)
    }
  }
}
