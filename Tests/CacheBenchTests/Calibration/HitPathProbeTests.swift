import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// What the hit-path probe measures of a user's design as it is written, and what it says instead of a
/// figure when the design has no hit to time.
@Suite(.timeLimit(.minutes(2)))
struct HitPathProbeTests {
  /// The quick budget with a warm-up limit beyond the suite's, as in `CalibrationTests`: a crowded test
  /// process may take seconds to answer two lookups.
  private static let budget = CalibrationBudget.quick.waiting(upTo: .seconds(150))

  @Test(arguments: [true, false])
  func aHooklessCacheThatCachesHasATimedAndAnUntimedHitPath(timed: Bool) async throws {
    let probe = await HitPathProbe.prepare(
      design: .plainUserActor(), shards: 1, timed: timed, budget: Self.budget)
    let round = try #require(probe.round)
    let nanoseconds = await round()
    #expect(nanoseconds > 0 && nanoseconds.isFinite)
  }

  @Test(arguments: [true, false])
  func aCacheThatFetchesOnEveryLookupHasNoHitPathAndSaysWhy(timed: Bool) async {
    let probe = await HitPathProbe.prepare(
      design: .hookless(), shards: 1, timed: timed, budget: Self.budget)
    #expect(probe.unmeasuredReason == .fetchesOnLookup)
  }

  @Test func aCacheTimingItselfWithoutBusyTotalsHasNoUntimedHitPathAndSaysWhy() async throws {
    let timed = await HitPathProbe.prepare(
      design: .selfTimingUserActor, shards: 1, timed: true, budget: Self.budget)
    let round = try #require(timed.round)
    #expect(await round() > 0)
    let untimed = await HitPathProbe.prepare(
      design: .selfTimingUserActor, shards: 1, timed: false, budget: Self.budget)
    #expect(untimed.unmeasuredReason == .timesItself)
  }

  @Test func aDesignWhoseFactoryThrowsIsUnmeasuredWithTheError() async {
    let probe = await HitPathProbe.prepare(
      design: .failingFactory, shards: 1, budget: Self.budget)
    guard case .factoryThrew = probe.unmeasuredReason else {
      Issue.record("expected the factory's error: \(String(describing: probe.unmeasuredReason))")
      return
    }
  }

  @Test func aDesignWhoseWarmUpNeverAnswersIsUnmeasuredOnceTheLimitPasses() async {
    let hang = LookupHang()
    let probe = await HitPathProbe.prepare(
      design: .hanging(hang), shards: 1, budget: .quick.waiting(upTo: .milliseconds(50)))
    #expect(probe.unmeasuredReason == .noAnswer(within: .milliseconds(50)))
    hang.release()
    while !hang.allLeft { await Task.yield() }
  }

  @Test func theProbesCacheServesTheRunsPayloadSizeAndIsBuiltForItsKeys() async throws {
    let seen = SanitizerVisibleMutex<(keys: Int, payloadBytes: Int)>((0, 0))
    let design = CacheDesign.plainUserActor { keys, payloadBytes in
      seen.withLock { $0 = (keys, payloadBytes) }
    }
    let probe = await HitPathProbe.prepare(
      design: design, shards: 1, payloadBytes: 4_096, keys: 1_000, budget: Self.budget)
    #expect(probe.round != nil)
    #expect(seen.withLock { $0 == (1_000, 4_096) })
  }

  @Test func aCalibrationListsEveryDesignAndSaysWhyAFigureIsMissing() async {
    let calibration = await Calibration.measure(
      concurrency: 2, keys: KeySequence(distribution: .uniform, keys: 10, seed: 1),
      hitPaths: [(.repository, 1), (.hookless(), 1), (.plainUserActor(), 1)],
      payloadBytes: 256, budget: Self.budget)
    let byName = Dictionary(
      uniqueKeysWithValues: calibration.hitPaths.map { ($0.design.name, $0) })
    #expect(byName["repository"]?.nanoseconds != nil)
    #expect(byName["repository"]?.untimedNanoseconds != nil)
    #expect(byName["plain-user-actor"]?.nanoseconds != nil)
    #expect(byName["plain-user-actor"]?.untimedNanoseconds != nil)
    #expect(byName["hookless"]?.nanoseconds == nil)
    #expect(byName["hookless"]?.unmeasured == .fetchesOnLookup)
    #expect(
      CalibrationTableWriter.unmeasuredLines(calibration)
        == "n/a: hookless: lookups of a warm key fetch again, so there is no hit to time\n")
  }
}

extension HitPathProbe.Preparation {
  /// Why the probe could not be prepared; nil when it has rounds.
  var unmeasuredReason: Calibration.Unmeasured? {
    if case .unmeasured(let reason) = self { reason } else { nil }
  }
}

/// A user's cache as most are written: an actor over a dictionary of ready payloads, with no hook at
/// all (no outcome, no timing, no busy totals). It does not coalesce; a miss fetches and stores.
private actor PlainUserActor: Cache {
  let fetcher: any Fetcher
  let onPayload: @Sendable (Int) -> Void
  private var ready: [Int: Payload] = [:]

  init(fetcher: any Fetcher, onPayload: @escaping @Sendable (Int) -> Void) {
    self.fetcher = fetcher
    self.onPayload = onPayload
  }

  func lookup(_ key: Int) async throws -> CacheLookup {
    if let payload = ready[key] { return CacheLookup(value: CachedValue(payload: payload)) }
    let payload = try await fetcher.fetch(key)
    onPayload(payload.bytes.count)
    ready[key] = payload
    return CacheLookup(value: CachedValue(payload: payload))
  }

  func invalidate(_ key: Int) async { ready[key] = nil }
}

/// A user's actor that times its hits with the clock itself, without `IsolationBusyTime`.
private actor SelfTimingUserActor: Cache {
  let fetcher: any Fetcher
  private var ready: [Int: Payload] = [:]

  init(fetcher: any Fetcher) {
    self.fetcher = fetcher
  }

  func lookup(_ key: Int) async throws -> CacheLookup {
    let entered = MonotonicClock.now()
    if let payload = ready[key] {
      return CacheLookup(
        value: CachedValue(payload: payload), outcome: .hit,
        timing: .singleSegment(enteredAt: entered))
    }
    let payload = try await fetcher.fetch(key)
    ready[key] = payload
    return CacheLookup(value: CachedValue(payload: payload), outcome: .leader)
  }

  func invalidate(_ key: Int) async { ready[key] = nil }
}

extension CacheDesign {
  /// A user's design over `PlainUserActor`; `built` is told the environment's key count and the size of
  /// the payload the cache was served.
  fileprivate static func plainUserActor(
    _ built: @escaping @Sendable (_ keys: Int, _ payloadBytes: Int) -> Void = { _, _ in }
  ) -> CacheDesign {
    CacheDesign(name: "plain-user-actor", summary: "an actor over a dictionary, no hooks") {
      environment in
      PlainUserActor(fetcher: environment.fetcher) { built(environment.keys, $0) }
    }
  }

  /// A user's design over `SelfTimingUserActor`.
  fileprivate static let selfTimingUserActor = CacheDesign(
    name: "self-timing", summary: "an actor timing its hits without busy totals"
  ) { SelfTimingUserActor(fetcher: $0.fetcher) }
}
