import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Windows whose clients run on threads of their own (`Scenario.threads`, `--threads`): which threads the
/// clients and the cache's actor ran on, the request count, and that no thread outlives the run. Other
/// tests' windows may run client threads of the same name meanwhile, so a leak is looked for by id.
@Suite(.timeLimit(.minutes(2)))
struct BenchmarkDriverThreadsTests {
  /// How `ThreadNotingCache` fetches a missing key.
  enum FetchStyle: Sendable {
    /// As `naive` does: the actor's method awaits the fetch, so only clients ever call the actor.
    case awaitedByTheActor
    /// As `coalescing` does: in an unstructured task, which then calls the actor to admit the payload.
    case inAFetchTask
  }

  /// A user's cache that notes the thread of each request outside its actor (where the client runs,
  /// since `lookup` is `nonisolated(nonsending)`), inside it, and in its fetch.
  struct ThreadNotingCache: Cache {
    /// The entries, behind a default actor, as the built-in designs keep theirs.
    actor Store {
      private var entries: [Int: Payload] = [:]
      let fetcher: any Fetcher
      let style: FetchStyle
      let log: ThreadLog

      init(fetcher: any Fetcher, style: FetchStyle, log: ThreadLog) {
        self.fetcher = fetcher
        self.style = style
        self.log = log
      }

      func payload(for key: Int) async throws -> Payload {
        log.record("actor")
        if let payload = entries[key] { return payload }
        let payload: Payload
        switch style {
        case .awaitedByTheActor:
          payload = try await Self.fetch(key, from: fetcher, log: log)
          entries[key] = payload
        case .inAFetchTask:
          payload = try await startFetch(key).value
        }
        log.record("actor after the fetch")
        return payload
      }

      /// A nonisolated fetch, awaited by the actor.
      private static func fetch(_ key: Int, from fetcher: any Fetcher, log: ThreadLog) async throws
        -> Payload
      {
        log.record("fetch awaited by the actor")
        return try await fetcher.fetch(key)
      }

      /// A fetch in an unstructured task, as `CoalescingActorCache.startFetch` starts it.
      private nonisolated func startFetch(_ key: Int) -> Task<Payload, any Error> {
        Task { [fetcher, log] in
          log.record("fetch task")
          let payload = try await fetcher.fetch(key)
          await self.admit(key, payload: payload)
          return payload
        }
      }

      private func admit(_ key: Int, payload: Payload) {
        log.record("actor, called by the fetch task")
        entries[key] = payload
      }
    }

    let store: Store
    let log: ThreadLog

    func lookup(_ key: Int) async throws -> CacheLookup {
      log.record("client")
      let payload = try await store.payload(for: key)
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

  static func threadNoting(_ log: ThreadLog, _ style: FetchStyle) -> CacheDesign {
    CacheDesign(name: "thread-noting", summary: "notes its threads") { environment in
      ThreadNotingCache(
        store: .init(fetcher: environment.fetcher, style: style, log: log), log: log)
    }
  }

  /// The one result of a run of `scenario`.
  private func run(_ scenario: Scenario) async throws -> VariantResult {
    let results = try await BenchmarkDriver(scenario: scenario).run()
    return try #require(results.first)
  }

  /// What runs when only the clients call the actor.
  private let clientPlaces = [
    "client", "actor", "fetch awaited by the actor", "actor after the fetch",
    "client after the actor",
  ]

  @Test func withOneThreadTheClientsAndAnActorOnlyTheyCallRunOnThatOneThread() async throws {
    let log = ThreadLog()
    let result = try await run(
      Self.scenario(Self.threadNoting(log, .awaitedByTheActor), threads: 1))
    #expect(result.requests == Self.requests)
    #expect(Set(log.places) == Set(clientPlaces))
    let threads = clientPlaces.reduce(into: Set<Int32>()) { $0.formUnion(log[$1]) }
    #expect(threads.count == 1)
    for place in clientPlaces {
      #expect(log.names(place) == [BenchmarkDriver.clientThreadsName], "\(place)")
    }
    // A joined thread can stay in /proc/self/task for a moment after `pthread_join` returns (the kernel
    // clears its id before it unlists it), so the census is taken until the run's threads have left.
    await eventually("the run's client threads left /proc/self/task") {
      ProcessThreads.threadIDs(named: BenchmarkDriver.clientThreadsName)?.isDisjoint(with: threads)
        == true
    }
  }

  /// An actor runs on the thread of whichever task holds it, and runs what was queued for it meanwhile:
  /// once a fetch task (on the global executor) calls the actor, client calls can run on the global
  /// executor's workers too, and the fetch task's call on a client thread. Only what is certain is held
  /// here; docs/measurements.md gives the shares measured.
  @Test func withOneThreadAFetchTaskRunsOnTheGlobalExecutorAndSharesTheActor() async throws {
    let log = ThreadLog()
    let result = try await run(Self.scenario(Self.threadNoting(log, .inAFetchTask), threads: 1))
    #expect(result.requests == Self.requests)
    for place in ["client", "client after the actor"] {
      #expect(log.names(place) == [BenchmarkDriver.clientThreadsName], "\(place)")
      #expect(log[place].count == 1, "\(place)")
    }
    #expect(!log.names("fetch task").isEmpty)
    #expect(!log.names("fetch task").contains(BenchmarkDriver.clientThreadsName))
    #expect(log.names("actor").contains(BenchmarkDriver.clientThreadsName))
    #expect(!log.names("actor, called by the fetch task").isEmpty)
  }

  @Test func withTwoThreadsTheClientsAndTheActorRunOnAtMostThoseTwo() async throws {
    let log = ThreadLog()
    let result = try await run(
      Self.scenario(Self.threadNoting(log, .awaitedByTheActor), threads: 2))
    #expect(result.requests == Self.requests)
    let threads = clientPlaces.reduce(into: Set<Int32>()) { $0.formUnion(log[$1]) }
    #expect((1...2).contains(threads.count))
    for place in clientPlaces {
      #expect(log.names(place) == [BenchmarkDriver.clientThreadsName], "\(place)")
    }
  }

  @Test func withoutThreadsTheClientsRunOnTheGlobalExecutor() async throws {
    let log = ThreadLog()
    let result = try await run(
      Self.scenario(Self.threadNoting(log, .awaitedByTheActor), threads: nil))
    #expect(result.requests == Self.requests)
    for place in clientPlaces {
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
  }
}
