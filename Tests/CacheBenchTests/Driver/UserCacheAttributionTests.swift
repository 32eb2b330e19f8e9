import Synchronization
import Testing

@testable import CacheBenchCore

/// A user's caches written with no hooks at all, measured with a fetcher the test controls: the harness
/// attributes their hits, joins and leaders itself, and the answers are known because the test forces
/// every overlap with gates, never with timing.
@Suite(.timeLimit(.minutes(1)))
struct UserCacheAttributionTests {
  /// Counts the lookups that have entered a cache, and lets the test wait for a number of them.
  final class Arrivals: Sendable {
    private let state = SanitizerVisibleMutex(
      (count: 0, waiters: [(Int, CheckedContinuation<Void, Never>)]()))

    func arrive() {
      let ready = state.withLock { state in
        state.count += 1
        let count = state.count
        let ready = state.waiters.filter { $0.0 <= count }.map(\.1)
        state.waiters.removeAll { $0.0 <= count }
        return ready
      }
      for waiter in ready { waiter.resume() }
    }

    func wait(for count: Int) async {
      await withCheckedContinuation { continuation in
        let done = state.withLock { state in
          if state.count >= count { return true }
          state.waiters.append((count, continuation))
          return false
        }
        if done { continuation.resume() }
      }
    }
  }

  /// A coalescing actor cache as an app writes one: a dictionary of values and one of fetch tasks.
  actor CoalescingUserCache: Cache {
    let fetcher: any Fetcher
    let arrivals: Arrivals
    private var values: [Int: Payload] = [:]
    private var fetches: [Int: Task<Payload, any Error>] = [:]

    init(fetcher: any Fetcher, arrivals: Arrivals) {
      self.fetcher = fetcher
      self.arrivals = arrivals
    }

    func lookup(_ key: Int) async throws -> CacheLookup {
      arrivals.arrive()
      if let value = values[key] { return CacheLookup(value: CachedValue(payload: value)) }
      if let fetch = fetches[key] {
        return CacheLookup(value: CachedValue(payload: try await fetch.value))
      }
      let fetch = Task { [fetcher] in try await fetcher.fetch(key) }
      fetches[key] = fetch
      defer { fetches[key] = nil }
      let payload = try await fetch.value
      values[key] = payload
      return CacheLookup(value: CachedValue(payload: payload))
    }

    func invalidate(_ key: Int) { values[key] = nil }
  }

  /// The reentrant cache of the problem statement: check, await the fetch, store.
  actor ReentrantUserCache: Cache {
    let fetcher: any Fetcher
    private var values: [Int: Payload] = [:]

    init(fetcher: any Fetcher) { self.fetcher = fetcher }

    func lookup(_ key: Int) async throws -> CacheLookup {
      if let value = values[key] { return CacheLookup(value: CachedValue(payload: value)) }
      let payload = try await fetcher.fetch(key)
      values[key] = payload
      return CacheLookup(value: CachedValue(payload: payload))
    }

    func invalidate(_ key: Int) { values[key] = nil }
  }

  /// One window of `design` over one key, `requests` requests from `clients` clients, no warm-up, its
  /// fetches through `fetcher`, while `release` lets them go.
  private func measure(
    _ design: CacheDesign, fetcher: ControllableFetcher, clients: Int, requests: Int,
    release: @escaping @Sendable () async -> Void
  ) async throws -> VariantResult {
    var driver = BenchmarkDriver(
      scenario: Scenario(
        variants: [Variant(design: design, decode: .noDecode, shards: 1)], keys: 1,
        distribution: .uniform, concurrency: clients, stop: .requests(requests),
        warmupRequests: 0, payloadBytes: 16))
    driver.remote = { fetcher }
    let releaser = Task { await release() }
    defer { releaser.cancel() }
    return try #require(try await driver.run().first)
  }

  @Test func oneClientGetsOneLeaderThenHits() async throws {
    let fetcher = ControllableFetcher()
    let design = CacheDesign(name: "user-coalescing", summary: "a user's cache") {
      CoalescingUserCache(fetcher: $0.fetcher, arrivals: Arrivals())
    }
    let result = try await measure(design, fetcher: fetcher, clients: 1, requests: 10) {
      await fetcher.waitForStarts(1)
      fetcher.release()
    }
    #expect(result.outcomesReported, "\(result.outcomeAttribution?.note ?? "no note")")
    #expect([result.hits, result.joins, result.leaders] == [9, 0, 1])
    #expect(result.fetches == 1)
    #expect(result.outcomeAttribution?.hitsAndJoinsExact == true)
    #expect(result.outcomeAttribution?.note == nil)
  }

  @Test func fourOverlappingCallersOfACoalescingCacheGiveOneExactLeaderAndNoGuessedSplit()
    async throws
  {
    let fetcher = ControllableFetcher()
    let arrivals = Arrivals()
    let design = CacheDesign(name: "user-coalescing", summary: "a user's cache") {
      CoalescingUserCache(fetcher: $0.fetcher, arrivals: arrivals)
    }
    let result = try await measure(design, fetcher: fetcher, clients: 4, requests: 4) {
      await fetcher.waitForStarts(1)
      await arrivals.wait(for: 4)
      fetcher.release()
    }
    #expect(result.requests == 4)
    #expect(result.fetches == 1)
    #expect(result.leadersReported)
    #expect(result.leaders == 1)
    #expect(!result.outcomesReported)
    let attribution = try #require(result.outcomeAttribution)
    #expect(attribution.figures?.contended == 3)
    #expect(attribution.note?.contains("3 requests overlapped a fetch of their key") == true)
    #expect(CacheBenchmarkResult(result).hits == nil)
    #expect(CacheBenchmarkResult(result).leaders == 1)
  }

  @Test func fourOverlappingCallersOfAReentrantCacheAreFourExactLeaders() async throws {
    let fetcher = ControllableFetcher()
    let design = CacheDesign(name: "user-reentrant", summary: "a user's cache") {
      ReentrantUserCache(fetcher: $0.fetcher)
    }
    let result = try await measure(design, fetcher: fetcher, clients: 4, requests: 4) {
      await fetcher.waitForStarts(4)
      fetcher.release()
    }
    #expect(result.outcomesReported, "\(result.outcomeAttribution?.note ?? "no note")")
    #expect([result.hits, result.joins, result.leaders] == [0, 0, 4])
    #expect(result.fetches == 4)
    #expect(result.duplicateFetches == 3)
  }

  @Test func aFetchFromADetachedTaskLeavesEveryOutcomeNotAvailable() async throws {
    let fetcher = ControllableFetcher()
    let design = CacheDesign(name: "user-detached", summary: "a user's cache") { environment in
      DetachedFetchCache(fetcher: environment.fetcher)
    }
    let result = try await measure(design, fetcher: fetcher, clients: 1, requests: 3) {
      for count in 1...3 {
        await fetcher.waitForStarts(count)
        fetcher.release()
      }
    }
    #expect(!result.outcomesReported)
    #expect(!result.leadersReported)
    let attribution = try #require(result.outcomeAttribution)
    #expect(attribution.figures?.strayFetches == 3)
    #expect(attribution.note?.contains("3 fetches began outside any open request") == true)
  }

  /// Fetches every lookup from `Task.detached`, which inherits no task-local.
  struct DetachedFetchCache: Cache {
    let fetcher: any Fetcher

    func lookup(_ key: Int) async throws -> CacheLookup {
      let fetch = Task.detached { [fetcher] in try await fetcher.fetch(key) }
      return CacheLookup(value: CachedValue(payload: try await fetch.value))
    }

    func invalidate(_ key: Int) async {}
  }
}
