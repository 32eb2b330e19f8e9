import CacheBenchCore
import Testing

/// A user's cache with no timing hooks, measured through the public API: adopting the instrumented
/// executor (an actor) or lock (no actor) gives it actor wait, busy wait, service and utilisation, which
/// read n/a without it. Overlap is forced with a fetcher the test releases.
@Suite(.timeLimit(.minutes(1)))
struct InstrumentedIsolationBenchmarkTests {
  static let callers = 8

  /// Checks, awaits the fetch, stores; no hooks. `Instrumented` adds the two opt-in lines, nothing else.
  actor ReentrantCache: Cache {
    let fetcher: any Fetcher
    var values: [Int: CachedValue] = [:]

    init(_ environment: CacheEnvironment) { fetcher = environment.fetcher }

    func lookup(_ key: Int) async throws -> CacheLookup {
      if let value = values[key] { return CacheLookup(value: value) }
      let value = CachedValue(payload: try await fetcher.fetch(key))
      values[key] = value
      return CacheLookup(value: value)
    }

    func invalidate(_ key: Int) { values[key] = nil }
  }

  actor InstrumentedReentrantCache: Cache {
    let executor = InstrumentedExecutor()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    let fetcher: any Fetcher
    var values: [Int: CachedValue] = [:]

    init(_ environment: CacheEnvironment) { fetcher = environment.fetcher }

    func lookup(_ key: Int) async throws -> CacheLookup {
      if let value = values[key] { return CacheLookup(value: value) }
      let value = CachedValue(payload: try await fetcher.fetch(key))
      values[key] = value
      return CacheLookup(value: value)
    }

    func invalidate(_ key: Int) { values[key] = nil }
  }

  /// A table behind a lock, no actor, no hooks: its `Mutex` swapped for the instrumented one.
  struct LockedCache: Cache {
    let fetcher: any Fetcher
    let values = InstrumentedMutex<[Int: CachedValue]>([:])

    init(_ environment: CacheEnvironment) { fetcher = environment.fetcher }

    func lookup(_ key: Int) async throws -> CacheLookup {
      if let value = values.withLock({ $0[key] }) { return CacheLookup(value: value) }
      let value = CachedValue(payload: try await fetcher.fetch(key))
      values.withLock { $0[key] = value }
      return CacheLookup(value: value)
    }

    func invalidate(_ key: Int) async { values.withLock { $0[key] = nil } }
  }

  /// `callers` overlapping misses of one key, each fetching, released together.
  static func measure(_ design: CacheDesign) async throws -> CacheBenchmarkResult {
    let remote = ControllableFetcher()
    let workload = CacheBenchmark.Workload(
      keys: 1, concurrency: callers, requests: callers, warmupRequests: 0, decode: .noDecode,
      decodeCost: .zero, fetcher: { remote })
    async let running = CacheBenchmark(design: design, workload: workload).run()
    await remote.waitForStarts(callers)
    remote.release()
    return try await running
  }

  @Test func aHooklessActorCacheReadsNotAvailableWithTheDefaultExecutor() async throws {
    let result = try await Self.measure(
      CacheDesign(name: "reentrant", summary: "default executor") { ReentrantCache($0) })
    #expect(result.fetches == Self.callers)
    #expect(result.actorWait == nil && result.actorBusyWait == nil)
    #expect(result.actorService == nil && result.actorUtilisation == nil)
  }

  @Test func aHooklessActorCacheOnTheInstrumentedExecutorGetsItsActorWaitAndBusyTime() async throws
  {
    let result = try await Self.measure(
      CacheDesign(name: "reentrant-timed", summary: "instrumented executor") {
        InstrumentedReentrantCache($0)
      })
    #expect(result.requests == Self.callers)
    #expect(result.fetches == Self.callers)
    #expect(result.actorWait != nil && result.actorBusyWait != nil && result.actorService != nil)
    #expect(result.actorUtilisation.map { $0 > 0 } == true)
  }

  @Test func aHooklessLockCacheWithTheInstrumentedMutexGetsItsWaitAndBusyTime() async throws {
    let result = try await Self.measure(
      CacheDesign(name: "locked-timed", summary: "instrumented mutex", traits: [.lockIsolated]) {
        LockedCache($0)
      })
    #expect(result.fetches == Self.callers)
    #expect(result.actorWait != nil && result.actorBusyWait != nil && result.actorService != nil)
    #expect(result.actorUtilisation.map { $0 > 0 } == true)
  }
}
