import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// What a design's client loop and hit-path probe are compiled for, and that a specialised loop records
/// exactly what the loop through the `Cache` witness table records.
@Suite(.timeLimit(.minutes(2)))
struct CacheSpecialisationTests {
  /// An environment over a zero-latency fetcher counted in `ledger`.
  private static func environment(ledger: FetchLedger = FetchLedger(), shards: Int = 1)
    -> CacheEnvironment
  {
    CacheEnvironment(
      fetcher: ConstantLatencyFetcher(
        latency: .zero, payloadBytes: 16, ledger: ledger),
      keys: 100, shards: shards)
  }

  @Test(arguments: CacheDesign.builtIn)
  func eachBuiltInDesignIsSpecialisedToTheTypeItsFactoryBuilds(design: CacheDesign) throws {
    let cache = try design.makeCache(Self.environment())
    let specialised = try #require(design.specialisation.cacheType)
    #expect(ObjectIdentifier(specialised) == ObjectIdentifier(type(of: cache)))
  }

  @Test func aUsersDesignWhoseFactoryBuildsOneTypeIsSpecialisedAsTheBuiltInsAre() throws {
    let specialised = try #require(CacheDesign.hookless().specialisation.cacheType)
    #expect(ObjectIdentifier(specialised) == ObjectIdentifier(HooklessCache.self))
  }

  @Test func aFactoryReturningAnExistentialGetsTheLoopThroughTheWitnessTable() async throws {
    let design = CacheDesign(name: "erased", summary: "returns any Cache") { environment in
      let cache: any Cache = CoalescingActorCache(fetcher: environment.fetcher, decoder: nil)
      return cache
    }
    #expect(design.specialisation.cacheType == nil)
    let recorder = await Self.run(
      design.specialisation.clientLoop, on: try design.makeCache(Self.environment()))
    #expect(recorder.requests == 500)
  }

  /// Runs `loop` over `cache` for `requests` requests of a 20-key uniform sequence, one client.
  private static func run(
    _ loop: ClientLoop.Runner, on cache: any Cache, requests: Int = 500
  ) async -> ClientRecorder {
    var recorder = ClientRecorder()
    await loop(
      cache,
      ClientLoop.Arguments(
        keys: KeySequence(distribution: .uniform, keys: 20, seed: 3), operations: .readsOnly,
        claims: RequestClaims(), limit: requests, deadline: .max, decoder: nil, windowStart: 0,
        schedule: nil, runStop: nil),
      &recorder)
    return recorder
  }

  @Test(arguments: ["naive", "coalescing", "sharded", "mutex"])
  func theSpecialisedLoopRecordsWhatTheLoopThroughTheWitnessTableRecords(name: String) async throws
  {
    let design = try #require(CacheDesign.builtIn.first { $0.name == name })
    var recorders: [ClientRecorder] = []
    var fetches: [Int] = []
    for loop in [design.specialisation.clientLoop, ClientLoop.unspecialised] {
      let ledger = FetchLedger()
      let cache = try design.makeCache(Self.environment(ledger: ledger, shards: 4))
      recorders.append(await Self.run(loop, on: cache))
      fetches.append(ledger.totals.fetches)
    }
    // One client over 20 keys: each key misses once, and every other request hits.
    for recorder in recorders {
      #expect(recorder.requests == 500)
      #expect(recorder.leaders == 20)
      #expect(recorder.hits == 480)
      #expect(recorder.actorWait.totalCount == 500)
      #expect(recorder.actorBusyWait.totalCount == 500)
    }
    #expect(fetches == [20, 20])
    #expect(recorders[0].checksum == recorders[1].checksum)
  }

  @Test func aLoopSpecialisedForOneTypeStillRunsACacheOfAnother() async {
    let loop = CacheSpecialisation(for: CoalescingActorCache.self).clientLoop
    let recorder = await Self.run(loop, on: AnswerAtOnceCache.existential(), requests: 300)
    #expect(recorder.requests == 300)
    #expect(recorder.hits == 300)
  }

  @Test func theHitPathProbeTimesHitsAndRefusesADesignWhoseWarmKeyDoesNotHit() async throws {
    let warm = try CacheDesign.coalescing.makeCache(Self.environment())
    _ = try await warm.lookup(1)
    let nanoseconds = await CacheDesign.coalescing.specialisation.hitLookups(warm, 1, 200)
    #expect(nanoseconds.isFinite && nanoseconds > 0)
    // The naive cache fetches on every miss, and a key that was never looked up misses.
    let cold = try CacheDesign.naive.makeCache(Self.environment())
    #expect(await CacheDesign.naive.specialisation.hitLookups(cold, 2, 1).isNaN)
  }
}
