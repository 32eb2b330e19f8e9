import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Windows whose clients run on threads of their own (`Scenario.threads`, `--threads`): which threads the
/// clients and the cache's actor ran on, the request count, and that no thread outlives the run.
/// Serialized, because the census of the clients' threads is by name, which every such window shares.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct BenchmarkDriverThreadsTests {
  /// A user's cache that notes the thread of each request outside its actor (where the client runs,
  /// since `lookup` is `nonisolated(nonsending)`) and inside it, before and after the fetch.
  struct ThreadNotingCache: Cache {
    /// The entries, behind a default actor, as the built-in designs keep theirs.
    actor Store {
      private var entries: [Int: Payload] = [:]
      let fetcher: any Fetcher

      init(fetcher: any Fetcher) { self.fetcher = fetcher }

      func payload(for key: Int, log: ThreadLog) async throws -> Payload {
        log.record("actor")
        if let payload = entries[key] { return payload }
        let payload = try await fetcher.fetch(key)
        log.record("actor after the fetch")
        entries[key] = payload
        return payload
      }
    }

    let store: Store
    let log: ThreadLog

    func lookup(_ key: Int) async throws -> CacheLookup {
      log.record("client")
      let payload = try await store.payload(for: key, log: log)
      log.record("client after the actor")
      return CacheLookup(value: CachedValue(payload: payload, decoded: nil))
    }

    func invalidate(_ key: Int) async {}
  }

  static let requests = 400

  /// A run of `design` by 8 clients over 50 uniform keys, with `threads` client threads and a fetch
  /// latency of 50 µs, so fetches suspend their caller.
  static func scenario(_ design: CacheDesign, threads: Int?, warmup: Int = 0) -> Scenario {
    Scenario(
      variants: Variant.all(designs: [design], placements: [.noDecode], shards: 1), keys: 50,
      distribution: .uniform, concurrency: 8, stop: .requests(requests), warmupRequests: warmup,
      fetchLatency: .microseconds(50), payloadBytes: 16, decodeCost: .zero, threads: threads)
  }

  static func threadNoting(_ log: ThreadLog) -> CacheDesign {
    CacheDesign(name: "thread-noting", summary: "notes its threads") { environment in
      ThreadNotingCache(store: .init(fetcher: environment.fetcher), log: log)
    }
  }

  /// The one result of a run of `scenario`.
  private func run(_ scenario: Scenario) async throws -> VariantResult {
    let results = try await BenchmarkDriver(scenario: scenario).run()
    return try #require(results.first)
  }

  private let everyPlace = ["client", "actor", "actor after the fetch", "client after the actor"]

  @Test func withOneThreadEveryClientAndTheActorRunOnThatOneThread() async throws {
    let log = ThreadLog()
    let result = try await run(Self.scenario(Self.threadNoting(log), threads: 1))
    #expect(result.requests == Self.requests)
    #expect(Set(log.places) == Set(everyPlace))
    let threads = everyPlace.reduce(into: Set<Int32>()) { $0.formUnion(log[$1]) }
    #expect(threads.count == 1)
    for place in everyPlace {
      #expect(log.names(place) == [BenchmarkDriver.clientThreadsName], "\(place)")
    }
    #expect(ProcessThreads.threadIDs(named: BenchmarkDriver.clientThreadsName) == [])
  }

  @Test func withTwoThreadsTheClientsAndTheActorRunOnAtMostThoseTwo() async throws {
    let log = ThreadLog()
    let result = try await run(Self.scenario(Self.threadNoting(log), threads: 2))
    #expect(result.requests == Self.requests)
    let threads = everyPlace.reduce(into: Set<Int32>()) { $0.formUnion(log[$1]) }
    #expect((1...2).contains(threads.count))
    for place in everyPlace {
      #expect(log.names(place) == [BenchmarkDriver.clientThreadsName], "\(place)")
    }
  }

  @Test func withoutThreadsTheClientsRunOnTheGlobalExecutor() async throws {
    let log = ThreadLog()
    let result = try await run(Self.scenario(Self.threadNoting(log), threads: nil))
    #expect(result.requests == Self.requests)
    for place in everyPlace {
      #expect(!log.names(place).contains(BenchmarkDriver.clientThreadsName), "\(place)")
    }
  }

  /// A built-in design through warm-up and window, each on threads of its own, with the accounting check
  /// the driver makes after every window.
  @Test(arguments: [CacheDesign.coalescing, .naive, .sharded, .mutex])
  func aBuiltInDesignOnOneThreadServesExactlyItsRequests(design: CacheDesign) async throws {
    let result = try await run(Self.scenario(design, threads: 1, warmup: 100))
    #expect(result.requests == Self.requests)
    #expect(result.hits + result.joins + result.leaders == Self.requests)
    #expect(result.undrainedClients == 0)
    #expect(!result.interrupted)
    #expect(ProcessThreads.threadIDs(named: BenchmarkDriver.clientThreadsName) == [])
  }
}
