/// Builds the cache of a variant over a given fetcher.
enum CacheFactory {
  /// A new, empty cache of `variant`'s design; `decoder` is handed to the cache only when the variant decodes
  /// inside it.
  static func makeCache(
    for variant: Variant, fetcher: any Fetcher, decoder: PayloadDecoder
  ) -> any Cache {
    let inside = variant.decode == .inside ? decoder : nil
    switch variant.design {
    case .naive:
      return NaiveActorCache(fetcher: fetcher, decoder: inside)
    case .coalescing:
      return CoalescingActorCache(fetcher: fetcher, decoder: inside)
    case .sharded:
      return ShardedCache(shards: variant.shards, fetcher: fetcher, decoder: inside)
    case .mutex:
      return MutexCache(fetcher: fetcher, decoder: inside)
    }
  }
}
