import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// `cachebench check`'s report card on designs whose answers are known: the built-ins, and a user's
/// image cache keyed by URL and holding bytes of its own type, with no hook, in a reentrant and an
/// in-flight version. Every fetch waits for the check, so the verdicts do not depend on the scheduler;
/// only how many of a reentrant design's callers reach their fetch before the release does, and the
/// checks below ask only that it be more than one.
@Suite(.timeLimit(.minutes(2)))
struct DesignCheckTests {
  /// A check with room for a loaded machine: the callers are taken to be parked once no fetch has
  /// started for half a second.
  static func check(_ design: CacheDesign) -> DesignCheck {
    var check = DesignCheck(design: design)
    check.quiet = .milliseconds(500)
    check.patience = .seconds(60)
    check.includesHitScaling = false
    return check
  }

  static func verdicts(_ outcomes: [DesignCheck.Outcome]) -> [String: DesignCheck.Verdict] {
    Dictionary(uniqueKeysWithValues: outcomes.map { ($0.check, $0.verdict) })
  }

  @Test func theNaiveActorFailsReentrancyWithMoreThanOneFetchAndSaysWhatToChange() async throws {
    let outcome = try await Self.check(.naive).reentrancy()
    #expect(outcome.verdict == .fail)
    #expect(outcome.evidence.contains("16 overlapping callers of one cold key made "))
    #expect(!outcome.evidence.contains("made 1 fetch"), "\(outcome.evidence)")
    #expect(outcome.fix?.contains("in-flight Task") == true)
  }

  @Test(arguments: [CacheDesign.coalescing, .sharded, .mutex])
  func theCoalescingDesignsPassReentrancyWithOneFetch(design: CacheDesign) async throws {
    let outcome = try await Self.check(design).reentrancy()
    #expect(outcome.verdict == .pass, "\(outcome)")
    #expect(
      outcome.evidence == "16 overlapping callers of one cold key made 1 fetch: no duplicate")
  }

  @Test(arguments: [CacheDesign.naive, .coalescing, .sharded, .mutex])
  func noBuiltInCachesAFailedFetchOrCancelsAFetchForAJoinersSake(design: CacheDesign) async throws {
    let check = Self.check(design)
    let failed = try await check.failedFetch()
    #expect(failed.verdict == .pass, "\(failed)")
    #expect(failed.evidence.contains("4 waiters of a failing fetch all got its error"))
    let joiner = try await check.cancelledJoiner()
    #expect(joiner.verdict == .pass, "\(joiner)")
  }

  @Test(arguments: [CacheDesign.coalescing, .sharded, .mutex])
  func theDesignsThatCancelAnInvalidatedFetchFetchAgainAfterIt(design: CacheDesign) async throws {
    let outcome = try await Self.check(design).invalidateDuringFetch()
    #expect(outcome.verdict == .pass, "\(outcome)")
    #expect(outcome.evidence.hasSuffix("(fetch 2); the invalidate cancelled the fetch in flight"))
  }

  @Test func theNaiveActorStoresItsFetchOverAnInvalidateThatCameDuringIt() async throws {
    let outcome = try await Self.check(.naive).invalidateDuringFetch()
    #expect(outcome.verdict == .fail)
    #expect(outcome.evidence.contains("got the value of fetch 1, which was in flight"))
  }

  @Test func aUsersReentrantURLCacheWithoutHooksGetsTheSameVerdictsAsTheNaiveActor() async throws {
    let verdicts = Self.verdicts(await Self.check(URLImageCache.design(coalescing: false)).run())
    #expect(verdicts["reentrancy"] == .fail)
    #expect(verdicts["failed-fetch"] == .pass)
    #expect(verdicts["cancelled-joiner"] == .pass)
  }

  @Test func aUsersInFlightURLCachePassesAndItsGenerationCheckSurvivesAnInvalidate() async throws {
    let outcomes = await Self.check(URLImageCache.design(coalescing: true)).run()
    // It has no decode step, so the two decode checks warn that it ignores --decode inside
    // (DesignCheckDecodeTests, DesignCheckMainActorTests).
    let decodeChecks = [DesignCheck.decodePlacementCheck, DesignCheck.mainActorCheck]
    for outcome in outcomes where !decodeChecks.contains(outcome.check) {
      #expect(outcome.verdict == .pass, "\(outcome)")
    }
    #expect(outcomes.map(\.check) == DesignCheck.checks.map(\.0))
  }

  @Test func aCacheThatStoresACompletedFetchOverAnInvalidateFailsNamingTheFetch() async throws {
    let design = URLImageCache.design(coalescing: true, checksGeneration: false)
    let outcome = try await Self.check(design).invalidateDuringFetch()
    #expect(outcome.verdict == .fail)
    #expect(outcome.evidence.contains("got the value of fetch 1, which was in flight"))
  }

  @Test func aFailedFetchThatIsCachedFails() async throws {
    let design = URLImageCache.design(coalescing: true, keepsFailures: true)
    let outcome = try await Self.check(design).failedFetch()
    #expect(outcome.verdict == .fail)
    #expect(outcome.evidence.contains("the next lookup did not fetch: the failure was cached"))
  }

  @Test func aDesignThatCannotBeBuiltFailsEveryCheckSayingWhy() async {
    struct Refused: Error, CustomStringConvertible { var description: String { "no cache today" } }
    let design = CacheDesign(name: "unbuildable", summary: "throws") { _ -> any Cache in
      throw Refused()
    }
    let outcomes = await Self.check(design).run()
    #expect(outcomes.count == DesignCheck.checks.count)
    for outcome in outcomes {
      #expect(outcome.verdict == .fail)
      #expect(outcome.evidence == "the design could not be built: no cache today")
    }
  }
}

/// A user's image cache as written for an app: keyed by URL string, holding bytes of its own type, an
/// actor with no cachebench hook, behind the thin adapter a user writes (the key becomes a URL, the
/// image's bytes become the payload).
actor URLImageCache {
  struct Image: Sendable { var bytes: [UInt8] }
  private enum Entry {
    case loading(Task<Image, any Error>, generation: Int)
    case ready(Image)
    case failed(any Error)
  }

  private var entries: [String: Entry] = [:]
  private var generation = 0
  private let download: @Sendable (String) async throws -> Image
  let coalescing: Bool
  let checksGeneration: Bool
  let keepsFailures: Bool

  init(
    coalescing: Bool, checksGeneration: Bool, keepsFailures: Bool,
    download: @escaping @Sendable (String) async throws -> Image
  ) {
    (self.coalescing, self.checksGeneration, self.keepsFailures) =
      (coalescing, checksGeneration, keepsFailures)
    self.download = download
  }

  func image(at url: String) async throws -> Image {
    switch entries[url] {
    case .ready(let image): return image
    case .failed(let error): throw error
    case .loading(let task, _): return try await task.value
    case nil: break
    }
    generation += 1
    let mine = generation
    let download = download
    let task = Task { try await download(url) }
    if coalescing { entries[url] = .loading(task, generation: mine) }
    do {
      let image = try await task.value
      if !checksGeneration || !coalescing || isCurrent(url, mine) { entries[url] = .ready(image) }
      return image
    } catch {
      if keepsFailures {
        entries[url] = .failed(error)
      } else if isCurrent(url, mine) {
        entries[url] = nil
      }
      throw error
    }
  }

  private func isCurrent(_ url: String, _ generation: Int) -> Bool {
    if case .loading(_, let current) = entries[url] { current == generation } else { false }
  }

  func remove(_ url: String) { entries[url] = nil }

  static func design(
    coalescing: Bool, checksGeneration: Bool = true, keepsFailures: Bool = false
  ) -> CacheDesign {
    CacheDesign(name: coalescing ? "url-inflight" : "url-reentrant", summary: "a user's cache") {
      environment in
      URLImageAdapter(
        cache: URLImageCache(
          coalescing: coalescing, checksGeneration: checksGeneration,
          keepsFailures: keepsFailures
        ) { [fetcher = environment.fetcher] url in
          let key = Int(url.split(separator: "/").last ?? "") ?? -1
          return Image(bytes: try await fetcher.fetch(key).bytes)
        })
    }
  }
}

/// The adapter: an Int key becomes the image's URL, the image's bytes the payload.
struct URLImageAdapter: Cache {
  let cache: URLImageCache

  nonisolated(nonsending) func lookup(_ key: Int) async throws -> CacheLookup {
    let image = try await cache.image(at: "https://images.example/\(key)")
    return CacheLookup(value: CachedValue(payload: Payload(key: key, bytes: image.bytes)))
  }

  func invalidate(_ key: Int) async { await cache.remove("https://images.example/\(key)") }
}
