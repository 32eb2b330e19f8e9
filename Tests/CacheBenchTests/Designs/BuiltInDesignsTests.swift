import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The built-in designs as they register: names, traits, what their factories build, and how their
/// variants are named.
struct BuiltInDesignsTests {
  /// Each built-in design with the traits its documentation (docs/designs.md; `BuiltInDesigns`)
  /// gives it, and the names `--help` prints for them.
  static let documentedTraits: [(design: CacheDesign, traits: DesignTraits, names: [String])] = [
    (
      .naive, [.supportsRetention, .measuredByDefault, .cancelsUnawaitedFetch],
      ["capacity/ttl", "default", "cancels-unawaited"]
    ),
    (
      .coalescing, [.coalesces, .supportsRetention, .measuredByDefault, .placesDecode],
      ["coalesces", "capacity/ttl", "default", "placements"]
    ),
    (
      .sharded, [.coalesces, .sharded, .supportsRetention, .measuredByDefault, .placesDecode],
      ["coalesces", "sharded", "capacity/ttl", "default", "placements"]
    ),
    (
      .mutex, [.coalesces, .supportsRetention, .lockIsolated, .measuredByDefault],
      ["coalesces", "capacity/ttl", "lock", "default"]
    ),
    (.repository, [.coalesces, .takesWrites], ["coalesces", "takes-writes"]),
    (
      .naiveRepository, [.takesWrites, .cancelsUnawaitedFetch],
      ["takes-writes", "cancels-unawaited"]
    ),
    (
      .fetchOutside, [.supportsRetention, .cancelsUnawaitedFetch],
      ["capacity/ttl", "cancels-unawaited"]
    ),
    (.split, [.coalesces, .supportsRetention], ["coalesces", "capacity/ttl"]),
  ]

  @Test(arguments: documentedTraits)
  func eachBuiltInDesignHasItsDocumentedTraits(
    design: CacheDesign, traits: DesignTraits, names: [String]
  ) {
    // Every built-in reports its outcomes, a trait `--help` does not list.
    #expect(design.traits == traits.union(.reportsOutcomes))
    #expect(design.traits.names == names)
  }

  @Test func theTableCoversEveryBuiltInDesignInRegistrationOrder() {
    #expect(Self.documentedTraits.map(\.design.name) == CacheDesign.builtIn.map(\.name))
  }

  @Test func onlyMutexIsLockIsolatedAndOnlyShardedIsSharded() {
    #expect(
      CacheDesign.builtIn.filter { $0.traits.contains(.lockIsolated) }.map(\.name) == ["mutex"])
    #expect(CacheDesign.builtIn.filter(\.isSharded).map(\.name) == ["sharded"])
  }

  @Test func theWritingDesignsTakeWritesAndRefuseARetention() {
    let writing = CacheDesign.builtIn.filter(\.takesWrites)
    #expect(writing.map(\.name) == ["repository", "naive-repository"])
    for design in writing {
      #expect(!design.traits.contains(.supportsRetention), "\(design)")
      #expect(!design.traits.contains(.measuredByDefault), "\(design)")
    }
  }

  @Test func theReadingDesignsSupportARetentionAndTheFirstFourAreMeasuredByDefault() {
    let reading = CacheDesign.builtIn.filter { !$0.takesWrites }
    #expect(
      reading.map(\.name) == ["naive", "coalescing", "sharded", "mutex", "fetch-outside", "split"])
    for design in reading {
      #expect(design.traits.contains(.supportsRetention), "\(design)")
    }
    #expect(
      reading.filter { $0.traits.contains(.measuredByDefault) }.map(\.name) == [
        "naive", "coalescing", "sharded", "mutex",
      ])
  }

  /// An environment over a zero-latency fetcher counted in `ledger`.
  private static func environment(
    ledger: FetchLedger, decoder: PayloadDecoder? = nil, shards: Int = 1
  ) -> CacheEnvironment {
    let fetcher = ConstantLatencyFetcher(
      latency: .zero, payloadBytes: 16, ledger: ledger)
    return CacheEnvironment(
      fetcher: fetcher, decodePlacement: decoder == nil ? .noDecode : .inside, decoder: decoder,
      keys: 100, shards: shards)
  }

  @Test func eachFactoryBuildsItsOwnCacheType() throws {
    let environment = Self.environment(ledger: FetchLedger())
    #expect(try CacheDesign.naive.makeCache(environment) is NaiveActorCache)
    #expect(try CacheDesign.coalescing.makeCache(environment) is CoalescingActorCache)
    #expect(try CacheDesign.sharded.makeCache(environment) is ShardedCache)
    #expect(try CacheDesign.mutex.makeCache(environment) is MutexCache)
    #expect(try CacheDesign.repository.makeCache(environment) is RepositoryActorCache)
    #expect(try CacheDesign.naiveRepository.makeCache(environment) is NaiveRepositoryCache)
    #expect(try CacheDesign.fetchOutside.makeCache(environment) is FetchOutsideCache)
    #expect(try CacheDesign.split.makeCache(environment) is SplitResponsibilityCache)
  }

  @Test(arguments: CacheDesign.builtIn)
  func onlyTheWritingDesignsHaveAnEntityStore(design: CacheDesign) throws {
    let cache = try design.makeCache(Self.environment(ledger: FetchLedger()))
    #expect((cache.entityStore != nil) == design.takesWrites)
  }

  @Test(arguments: [1, 3, 8])
  func theShardedFactoryBuildsAsManyShardsAsTheEnvironmentSays(shards: Int) throws {
    let cache = try #require(
      try CacheDesign.sharded.makeCache(Self.environment(ledger: FetchLedger(), shards: shards))
        as? ShardedCache)
    let distinct = Set((0..<1_000).map { ObjectIdentifier(cache.shard(for: $0)) })
    #expect(distinct.count == shards)
  }

  @Test(.timeLimit(.minutes(2)), arguments: CacheDesign.builtIn)
  func eachFactoryFetchesThroughTheEnvironmentAndDecodesInsideOncePerFetch(
    design: CacheDesign
  ) async throws {
    let ledger = FetchLedger()
    let decodes = DecodeCounter()
    let cache = try design.makeCache(
      Self.environment(ledger: ledger, decoder: PayloadDecoder(steps: 1).counted(by: decodes)))
    let first = try await cache.lookup(7)
    let second = try await cache.lookup(7)
    #expect(first.value.payload.key == 7)
    #expect(second.value.payload.key == 7)
    #expect(first.value.decoded != nil)
    #expect(ledger.totals.fetches == 1)
    #expect(decodes.total == 1)
  }

  @Test func variantsOfAShardedDesignAreNamedWithTheirShardCount() {
    let variants = Variant.all(
      designs: CacheDesign.builtIn, placements: [.inside, .noDecode], shards: 8)
    #expect(
      variants.map(\.description) == [
        "naive/inside", "naive/none", "coalescing/inside", "coalescing/none",
        "sharded(8)/inside", "sharded(8)/none", "mutex/inside", "mutex/none",
        "repository/inside", "repository/none", "naive-repository/inside",
        "naive-repository/none", "fetch-outside/inside", "fetch-outside/none", "split/inside",
        "split/none",
      ])
    #expect(variants.map(\.shards) == [1, 1, 1, 1, 8, 8, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
  }

  @Test(arguments: [1, 16, 4_096])
  func aUserShardedDesignIsNamedLikeTheBuiltInOne(shards: Int) {
    let mine = CacheDesign.hookless(name: "mine", traits: [.sharded])
    let unsharded = CacheDesign.hookless(name: "plain")
    let variants = Variant.all(designs: [mine, unsharded], placements: [.outside], shards: shards)
    #expect(variants.map(\.name) == ["mine(\(shards))", "plain"])
    #expect(variants.map(\.description) == ["mine(\(shards))/outside", "plain/outside"])
    #expect(variants.map(\.shards) == [shards, 1])
  }
}
