import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The main-actor check. Its exact half (decodes the runtime found on the main actor) is run for real,
/// on a built-in and on users' caches without hooks; its timed half (the main actor's waits against
/// the coalescing design's beside it) is judged on figures set by hand, since the machine's load moves
/// them.
@Suite(.timeLimit(.minutes(2)))
struct DesignCheckMainActorTests {
  @Test func theCoalescingActorDecodesOnItsOwnActorNeverOnTheMainActor() async throws {
    let outcome = try await DesignCheckTests.check(.coalescing).mainActor()
    #expect(outcome.verdict == .pass, "\(outcome)")
    #expect(
      outcome.evidence.hasPrefix(
        "8 main-actor callers, 32 cold lookups, a 20.0ms decode inside: 0 of 32 decodes ran on the"
          + " main actor"))
  }

  @Test func aUsersAdapterThatDecodesInItsLookupDecodesOnTheMainActorAndWarns() async throws {
    let outcome = try await DesignCheckTests.check(CallerDecodingAdapter.design).mainActor()
    #expect(outcome.verdict == .warn)
    #expect(outcome.evidence.contains(": 32 of 32 decodes ran on the main actor"))
    #expect(outcome.evidence.hasSuffix("each held the main thread for its whole decode, a hitch"))
    #expect(outcome.fix?.contains("@concurrent") == true)
  }

  @Test func aUsersCacheThatDecodesInItsActorPassesItsExactHalf() async throws {
    let outcome = try await DesignCheckTests.check(DecodingImageStore.design).mainActor()
    #expect(outcome.evidence.contains(": 0 of 32 decodes ran on the main actor"), "\(outcome)")
  }

  @Test func aUsersCacheWithNoDecodeStepWarnsThatTheCheckSawNoWork() async throws {
    let outcome = try await DesignCheckTests.check(URLImageCache.design(coalescing: true))
      .mainActor()
    #expect(outcome.verdict == .warn)
    #expect(outcome.evidence.contains("the design decoded nothing, so the check saw no work"))
  }

  /// A result of the main-actor run with `onMain` of its 32 decodes on the main actor, and the main
  /// actor's longest wait `longest` ns with `hitches` waits over 16 ms.
  static func run(onMain: Int = 0, longest: UInt64, hitches: Int) -> VariantResult {
    var result = FindingFixtures.result(.mutex, decode: .inside, fetches: 32, requests: 32)
    result.insideDecodes = 32
    result.decodesOnMainActor = onMain
    result.mainActorResponsiveness = MainActorResponsiveness(
      delay: OutputFixtures.histogram(longest), hitches: hitches, hangs: 0)
    return result
  }

  @Test func waitsOfADecodesLengthWithNoneBesideThemWarnAndTheNearMissesDoNot() throws {
    let lock = try DesignCheck.judgeMainActor(
      Self.run(longest: 27_800_000, hitches: 3),
      control: Self.run(longest: 4_000_000, hitches: 0))
    #expect(lock.verdict == .warn)
    #expect(
      lock.evidence.hasSuffix("waited a decode's length though no decode ran on the main actor"))
    #expect(lock.fix?.contains("do not hold a lock while decoding") == true)
    // The coalescing design beside it had a hitch too: the machine, not the design.
    let busyMachine = try DesignCheck.judgeMainActor(
      Self.run(longest: 27_800_000, hitches: 3), control: Self.run(longest: 28_000_000, hitches: 1))
    #expect(busyMachine.verdict == .pass)
    // One hitch, or waits shorter than a decode, or no control: not enough to say.
    for (longest, hitches) in [(27_800_000, 1), (17_800_000, 3)] {
      let short = try DesignCheck.judgeMainActor(
        Self.run(longest: UInt64(longest), hitches: hitches),
        control: Self.run(longest: 4_000_000, hitches: 0))
      #expect(short.verdict == .pass, "\(longest) \(hitches)")
    }
    let alone = try DesignCheck.judgeMainActor(
      Self.run(longest: 27_800_000, hitches: 3), control: nil)
    #expect(alone.verdict == .pass)
  }
}

/// A user's cache whose adapter decodes what its actor returns, in its own `lookup`: a
/// `nonisolated(nonsending)` function, so the decode runs on the caller's executor, here the main actor.
struct CallerDecodingAdapter: Cache {
  let cache: URLImageCache
  let decoder: PayloadDecoder?

  nonisolated(nonsending) func lookup(_ key: Int) async throws -> CacheLookup {
    let image = try await cache.image(at: "https://images.example/\(key)")
    let payload = Payload(key: key, bytes: image.bytes)
    return CacheLookup(value: CachedValue(payload: payload, decoded: decoder?.decode(payload)))
  }

  func invalidate(_ key: Int) async { await cache.remove("https://images.example/\(key)") }

  static let design = CacheDesign(name: "caller-decoding", summary: "a user's cache") {
    environment in
    CallerDecodingAdapter(
      cache: URLImageCache(coalescing: true, checksGeneration: true, keepsFailures: false) {
        [fetcher = environment.fetcher] url in
        URLImageCache.Image(
          bytes: try await fetcher.fetch(Int(url.split(separator: "/").last ?? "") ?? -1).bytes)
      },
      decoder: environment.decoder)
  }
}
