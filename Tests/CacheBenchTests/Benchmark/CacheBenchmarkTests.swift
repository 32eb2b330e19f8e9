import CacheBenchCore
import Testing

/// `CacheBenchmark` as a user's test calls it: this file imports the core plainly, so everything it names
/// is public. The caches below are written as a user writes them; overlap is forced with a fetcher the
/// test releases (`ControllableFetcher`), so every count asserted is exact whatever the machine's load.
@Suite(.timeLimit(.minutes(1)))
struct CacheBenchmarkTests {
  static let callers = 8

  /// Checks, awaits the fetch, stores: each overlapping miss fetches. Decodes inside, on its actor.
  actor ReentrantCache: Cache {
    let environment: CacheEnvironment
    var values: [Int: CachedValue] = [:]

    init(_ environment: CacheEnvironment) { self.environment = environment }

    func lookup(_ key: Int) async throws -> CacheLookup {
      if let value = values[key] { return CacheLookup(value: value) }
      let payload = try await environment.fetcher.fetch(key)
      let value = CachedValue(payload: payload, decoded: environment.decoder?.decode(payload))
      values[key] = value
      return CacheLookup(value: value)
    }

    func invalidate(_ key: Int) { values[key] = nil }
  }

  /// Records the fetch task before awaiting it, and says how it served each request.
  actor InFlightCache: Cache {
    let fetcher: any Fetcher
    var tasks: [Int: Task<Payload, any Error>] = [:]

    init(_ environment: CacheEnvironment) { fetcher = environment.fetcher }

    func lookup(_ key: Int) async throws -> CacheLookup {
      let outcome: CacheOutcome
      let task: Task<Payload, any Error>
      if let existing = tasks[key] {
        task = existing
        outcome = .join
      } else {
        task = Task { [fetcher] in try await fetcher.fetch(key) }
        tasks[key] = task
        outcome = .leader
      }
      let payload = try await task.value
      return CacheLookup(value: CachedValue(payload: payload), outcome: outcome)
    }

    func invalidate(_ key: Int) { tasks[key] = nil }
  }

  /// One key, one request per caller, no warm-up: `callers` overlapping callers of one key.
  static func hotKey(_ remote: ControllableFetcher, decode: DecodePlacement = .noDecode)
    -> CacheBenchmark.Workload
  {
    CacheBenchmark.Workload(
      keys: 1, concurrency: callers, requests: callers, warmupRequests: 0, decode: decode,
      decodeCost: .zero, fetcher: { remote })
  }

  @Test func aReentrantCacheFetchesOncePerOverlappingCallerAndDecodesOnItsActor() async throws {
    let remote = ControllableFetcher()
    let design = CacheDesign(name: "reentrant", summary: "check, await, store") {
      ReentrantCache($0)
    }
    let benchmark = CacheBenchmark(design: design, workload: Self.hotKey(remote, decode: .inside))
    async let running = benchmark.run()
    // No fetch returns until every caller has missed and started its own.
    await remote.waitForStarts(Self.callers)
    remote.release()
    let result = try await running
    #expect(result.variant == "reentrant/inside")
    #expect(result.requests == Self.callers)
    #expect(result.fetches == Self.callers)
    #expect(result.duplicateFetches == Self.callers - 1)
    #expect(result.errors == 0 && result.cancellations == 0)
    // It reports no outcome: the harness finds every caller the leader of its own fetch. No
    // timing: unknown, not 0.
    #expect(result.hits == 0 && result.joins == 0 && result.leaders == Self.callers)
    #expect(result.actorWait == nil && result.actorUtilisation == nil)
    #expect(result.decodes == Self.callers)
    #expect(result.decodeOnActorShare == 1)
  }

  @Test func anInFlightCacheFetchesOnceForEveryOverlappingCaller() async throws {
    let remote = ControllableFetcher()
    let design = CacheDesign(name: "in-flight", summary: "the fetch task recorded first") {
      InFlightCache($0)
    }
    async let running = CacheBenchmark(design: design, workload: Self.hotKey(remote)).run()
    await remote.waitForStarts(1)
    remote.release()
    let result = try await running
    #expect(result.fetches == 1)
    #expect(result.duplicateFetches == 0)
    #expect(result.leaders == 1)
    // Whether the others joined the fetch or found nothing else depends on when each arrived.
    #expect(result.joins.map { $0 + (result.hits ?? 0) } == Self.callers - 1)
    #expect(result.decodes == nil && result.decodeOnActorShare == nil)
  }

  @Test func aWorkloadOutOfRangeIsRefusedBeforeAnythingRuns() async {
    let design = CacheDesign(name: "reentrant", summary: "check, await, store") {
      ReentrantCache($0)
    }
    let workload = CacheBenchmark.Workload(requests: 0)
    let refusal = CacheBenchmarkError.invalidWorkload("requests is 0: must be at least 1")
    await #expect(throws: refusal) {
      try await CacheBenchmark(design: design, workload: workload).run()
    }
    // `reentrant` has no `.placesDecode`, so it cannot run an awaited placement.
    let awaited = CacheBenchmark.Workload(decode: .concurrent)
    await #expect(throws: CacheBenchmarkError.self) {
      try await CacheBenchmark(design: design, workload: awaited).run()
    }
  }

  @Test func aDesignWhoseFactoryThrowsIsNotMeasured() async {
    struct Unavailable: Error, CustomStringConvertible {
      var description: String { "no cache today" }
    }
    let design = CacheDesign(name: "unavailable", summary: "throws") { _ throws -> any Cache in
      throw Unavailable()
    }
    let workload = CacheBenchmark.Workload(requests: 10, warmupRequests: 0)
    await #expect(throws: CacheBenchmarkError.notMeasured("its factory threw: no cache today")) {
      try await CacheBenchmark(design: design, workload: workload).run()
    }
  }
}
