import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Windows whose clients are isolated to the main actor (`Scenario.caller`, `--caller main`): where the
/// clients and the cache's actor ran, the main actor's responsiveness probe, and a run whose answer is
/// known: a decode on the main actor freezes it.
@Suite(.timeLimit(.minutes(2)))
struct CallerMainTests {
  typealias ThreadNoting = BenchmarkDriverThreadsTests

  static func scenario(_ design: CacheDesign, caller: ClientIsolation) -> Scenario {
    var scenario = ThreadNoting.scenario(design, threads: nil)
    scenario.caller = caller
    return scenario
  }

  private func run(_ scenario: Scenario) async throws -> VariantResult {
    let results = try await BenchmarkDriver(scenario: scenario).run()
    return try #require(results.first)
  }

  /// A user's cache whose `lookup` is `nonisolated(nonsending)`, as `Cache` declares it, so it runs
  /// isolated to its caller's actor; it notes that isolation (`#isolation`, the caller's actor passed
  /// at run time) before and after its own actor's step, and the thread of each.
  struct CallerNotingCache: Cache {
    actor Store {
      private var entries: [Int: Payload] = [:]

      func payload(for key: Int) -> Payload {
        if let payload = entries[key] { return payload }
        let payload = Payload(key: key, count: 16)
        entries[key] = payload
        return payload
      }
    }

    let store = Store()
    let isolations: IsolationLog

    nonisolated(nonsending) func lookup(_ key: Int) async throws -> CacheLookup {
      isolations.record("client", #isolation)
      let payload = await store.payload(for: key)
      isolations.record("client after the actor", #isolation)
      return CacheLookup(value: CachedValue(payload: payload, decoded: nil))
    }

    func invalidate(_ key: Int) async {}
  }

  /// What each place of `CallerNotingCache` ran isolated to: the main actor or not, counted.
  final class IsolationLog: Sendable {
    private let counts = SanitizerVisibleMutex([String: (main: Int, other: Int)]())

    func record(_ place: String, _ isolation: (any Actor)?) {
      let isMain = isolation.map { $0 === MainActor.shared } ?? false
      counts.withLock { counts in
        var count = counts[place, default: (0, 0)]
        if isMain { count.main += 1 } else { count.other += 1 }
        counts[place] = count
      }
    }

    /// How many times `place` ran on the main actor and elsewhere.
    subscript(place: String) -> (main: Int, other: Int) {
      counts.withLock { $0[place] ?? (0, 0) }
    }
  }

  static func callerNoting(_ isolations: IsolationLog) -> CacheDesign {
    CacheDesign(name: "caller-noting", summary: "notes its caller's isolation") { _ in
      CallerNotingCache(isolations: isolations)
    }
  }

  @Test func mainActorClientsCallTheCacheFromTheMainActor() async throws {
    let isolations = IsolationLog()
    let result = try await run(Self.scenario(Self.callerNoting(isolations), caller: .main))
    #expect(result.requests == ThreadNoting.requests)
    #expect(result.errors == 0)
    for place in ["client", "client after the actor"] {
      #expect(isolations[place].main == ThreadNoting.requests, "\(place)")
      #expect(isolations[place].other == 0, "\(place)")
    }
    #expect(result.mainActorResponsiveness != nil, "the probe ran beside main-actor clients")
  }

  @Test func poolClientsCallTheCacheFromNoActor() async throws {
    let isolations = IsolationLog()
    let result = try await run(Self.scenario(Self.callerNoting(isolations), caller: .pool))
    #expect(result.requests == ThreadNoting.requests)
    #expect(isolations["client"].main == 0)
    #expect(isolations["client"].other == ThreadNoting.requests)
    #expect(result.mainActorResponsiveness == nil)
  }

  /// Decoding on the main actor, 40 ms a request, with 4 clients queued there: every main-actor job,
  /// the probe's included, waits behind whole decodes, so the probe sees at least one wait over 16 ms
  /// however loaded the machine is (load only lengthens the waits). The same scenario with the decode
  /// inside the cache is not held to any figure: its waits depend on the machine.
  @Test func aDecodeOnTheMainActorShowsAsHitches() async throws {
    let scenario = Scenario(
      variants: [Variant(design: .coalescing, decode: .outside, shards: 1)], keys: 4,
      distribution: .uniform, concurrency: 4, stop: .requests(12), warmupRequests: 0,
      fetchLatency: .zero, payloadBytes: 64, decodeCost: .milliseconds(40), caller: .main)
    let result = try await run(scenario)
    #expect(result.requests == 12)
    let responsiveness = try #require(result.mainActorResponsiveness)
    #expect(responsiveness.hitches >= 1)
    #expect(responsiveness.delay.max > MainActorResponsiveness.hitchNanoseconds)
    #expect(responsiveness.hangs <= responsiveness.hitches)
  }

  @Test(arguments: [
    (UInt64(16_000_000), 0, 0), (16_000_001, 1, 0), (250_000_000, 1, 0), (250_000_001, 1, 1),
    (1, 0, 0),
  ])
  func hitchesAreWaitsOver16msAndHangsOver250ms(delay: UInt64, hitches: Int, hangs: Int) {
    let probe = SchedulingProbe(target: .mainActor)
    probe.record(delay)
    let responsiveness = probe.responsiveness
    #expect(responsiveness.hitches == hitches)
    #expect(responsiveness.hangs == hangs)
    #expect(responsiveness.delay.totalCount == 1)
  }
}
