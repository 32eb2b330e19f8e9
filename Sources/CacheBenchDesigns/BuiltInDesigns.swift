import CacheBenchCore

/// The designs that come with cachebench, registered through the same public API as a user's
/// (`CacheDesign`, `CacheEnvironment`): each is a name, a summary, its traits and a factory.
///
/// Every cache design keeps ready entries as the environment's retention says (per shard when sharded).
/// The repository designs keep every admitted entity (the options refuse a retention for them) and sit in
/// front of a new `EntityStore` that loads through the environment's fetcher and times writes with its
/// write fetcher.
extension CacheDesign {
  /// One actor: check, await the fetch, store. Overlapping misses each fetch.
  public static let naive = CacheDesign(
    name: "naive",
    summary: "one actor: check, await the fetch, store; overlapping misses each fetch",
    traits: [.supportsRetention, .measuredByDefault, .cancelsUnawaitedFetch, .reportsOutcomes]
  ) { environment in
    NaiveActorCache(
      fetcher: environment.fetcher, decoder: environment.decoder,
      retention: environment.retention)
  }

  /// One actor that records the in-flight fetch before suspending, so overlapping misses join it.
  public static let coalescing = CacheDesign(
    name: "coalescing",
    summary: "one actor that stores the in-flight fetch before awaiting it; misses join it",
    traits: [.coalesces, .supportsRetention, .measuredByDefault, .placesDecode, .reportsOutcomes]
  ) { environment in
    CoalescingActorCache(
      fetcher: environment.fetcher, decoder: environment.decoder,
      retention: environment.retention)
  }

  /// Several coalescing actors, the key picking one by a stable hash.
  public static let sharded = CacheDesign(
    name: "sharded",
    summary: "--shards coalescing actors, the key picking one by a stable hash",
    traits: [
      .coalesces, .sharded, .supportsRetention, .measuredByDefault, .placesDecode, .reportsOutcomes,
    ]
  ) { environment in
    ShardedCache(
      shards: environment.shards, fetcher: environment.fetcher, decoder: environment.decoder,
      retention: environment.retention)
  }

  /// The coalescing semantics over a `Mutex`-protected table, no actor.
  public static let mutex = CacheDesign(
    name: "mutex", summary: "the coalescing table behind a Mutex, no actor",
    traits: [.coalesces, .supportsRetention, .lockIsolated, .measuredByDefault, .reportsOutcomes]
  ) { environment in
    MutexCache(
      fetcher: environment.fetcher, decoder: environment.decoder,
      retention: environment.retention)
  }

  /// An actor in front of an entity store with revisions: generations keep stale loads out, writes carry
  /// an expected revision (`RepositoryActorCache`).
  public static let repository = CacheDesign(
    name: "repository",
    summary: "an actor over a store with revisions; generations keep stale loads out",
    traits: [.coalesces, .takesWrites, .reportsOutcomes]
  ) { environment in
    RepositoryActorCache(
      store: EntityStore(reads: environment.fetcher, writes: environment.writeFetcher),
      decoder: environment.decoder)
  }

  /// The same repository without generations or revision checks (`NaiveRepositoryCache`).
  public static let naiveRepository = CacheDesign(
    name: "naive-repository",
    summary: "the repository without generations or revision checks",
    traits: [.takesWrites, .cancelsUnawaitedFetch, .reportsOutcomes]
  ) { environment in
    NaiveRepositoryCache(
      store: EntityStore(reads: environment.fetcher, writes: environment.writeFetcher),
      decoder: environment.decoder)
  }

  /// An actor that only looks up and stores; the caller checks, fetches outside it and stores
  /// (`FetchOutsideCache`). The actor never awaits, and overlapping misses each fetch.
  public static let fetchOutside = CacheDesign(
    name: "fetch-outside",
    summary:
      "an actor that only looks up and stores; callers fetch outside it, so misses duplicate",
    traits: [.supportsRetention, .cancelsUnawaitedFetch, .reportsOutcomes]
  ) { environment in
    FetchOutsideCache(
      fetcher: environment.fetcher, decoder: environment.decoder,
      retention: environment.retention)
  }

  /// A store actor for ready values and a tracker actor that coalesces misses and decodes
  /// (`SplitResponsibilityCache`): one actor split by responsibility rather than by key.
  public static let split = CacheDesign(
    name: "split",
    summary: "a store actor for hits and a tracker actor that coalesces misses and decodes",
    traits: [.coalesces, .supportsRetention, .reportsOutcomes]
  ) { environment in
    SplitResponsibilityCache(
      fetcher: environment.fetcher, decoder: environment.decoder,
      retention: environment.retention)
  }

  /// The designs that come with cachebench, in the order `--help` lists them and a run measures them.
  public static let builtIn: [CacheDesign] = [
    .naive, .coalescing, .sharded, .mutex, .repository, .naiveRepository, .fetchOutside, .split,
  ]
}

extension DesignRegistry {
  /// The built-in designs alone.
  public static let builtIn: DesignRegistry = {
    do {
      return try DesignRegistry(builtIn: CacheDesign.builtIn)
    } catch {
      preconditionFailure("the built-in designs do not register: \(error)")
    }
  }()

  /// The built-in designs and `designs`, refused as the registry refuses them.
  public static func withBuiltIn(adding designs: [CacheDesign]) throws(DesignRegistryError)
    -> DesignRegistry
  {
    try DesignRegistry(builtIn: CacheDesign.builtIn, added: designs)
  }
}
