import CacheBenchCore
import Foundation
import Testing

/// A user's cache with its own key and value types (`URL`, `Data`) and no hooks, registered through
/// `CacheDesign`'s typed initialiser, measured against its Int-keyed twin on the untyped API. Overlap is
/// forced with `ControllableFetcher`, so every count is exact. Two minutes, as the check suites have:
/// in the whole suite on 2 shared cores one of these benchmarks took 104 s.
@Suite(.timeLimit(.minutes(2)))
struct TypedDesignTests {
  static let callers = 8

  static func hotKey(
    _ remote: ControllableFetcher, decode: DecodePlacement = .noDecode, warmup: Int = 0
  ) -> CacheBenchmark.Workload {
    CacheBenchmark.Workload(
      keys: 1, concurrency: callers, requests: callers, warmupRequests: warmup, decode: decode,
      decodeCost: .microseconds(1), fetcher: { remote })
  }

  /// `design` on `callers` overlapping callers of one key, released once `starts` fetches began.
  static func overlapping(
    _ design: CacheDesign, starts: Int, decode: DecodePlacement = .noDecode
  ) async throws -> CacheBenchmarkResult {
    let remote = ControllableFetcher()
    async let running = CacheBenchmark(
      design: design, workload: hotKey(remote, decode: decode)
    ).run()
    await remote.waitForStarts(starts)
    _ = remote.release()
    return try await running
  }

  @Test(arguments: [TypedUserCaches.reentrant(), TypedUserCaches.reentrantKeyed])
  func aTypedReentrantCacheCountsExactlyAsItsIntKeyedTwin(design: CacheDesign) async throws {
    let typed = try await Self.overlapping(design, starts: Self.callers)
    let twin = try await Self.overlapping(TypedUserCaches.reentrantTwin, starts: Self.callers)
    for result in [typed, twin] {
      #expect(result.requests == Self.callers)
      #expect(result.fetches == Self.callers)
      #expect(result.duplicateFetches == Self.callers - 1)
      #expect(result.wrongKeyAnswers == 0 && result.errors == 0)
    }
    // The harness attributes both alike: every caller led its own download.
    #expect(typed.leaders == Self.callers && typed.hits == 0 && typed.joins == 0)
    #expect(typed.leaders == twin.leaders && typed.hits == twin.hits && typed.joins == twin.joins)
  }

  @Test func aTypedInFlightCacheCountsExactlyAsItsIntKeyedTwin() async throws {
    let typed = try await Self.overlapping(TypedUserCaches.inFlight, starts: 1)
    let twin = try await Self.overlapping(TypedUserCaches.inFlightTwin, starts: 1)
    for result in [typed, twin] {
      #expect(result.requests == Self.callers)
      #expect(result.fetches == 1)
      #expect(result.duplicateFetches == 0)
      #expect(result.leaders == 1)
      #expect(result.wrongKeyAnswers == 0 && result.errors == 0)
    }
    // Whether a caller that overlapped the download hit or joined, the harness tells both alike (n/a
    // when it cannot tell, never a guess).
    #expect(typed.hits == twin.hits && typed.joins == twin.joins)
  }

  @Test func theKeyTableIsMadeOncePerWindowAndEachValueOncePerKey() async throws {
    let calls = TypedUserCaches.Calls()
    let result = try await Self.overlapping(
      TypedUserCaches.reentrant(calls: calls), starts: Self.callers)
    #expect(result.fetches == Self.callers)
    // One key: the factory's window made its key once, whatever the requests.
    #expect(calls["factory"] >= 1)
    #expect(calls["key"] == calls["factory"])
    // Eight downloads of one key, one value made: every fetch returned the same `Data`.
    #expect(calls["value"] == 1)
  }

  @Test func everyWindowMakesEachKeyOnceAndEachValueAtMostOnce() async throws {
    let many = TypedUserCaches.Calls()
    let workload = CacheBenchmark.Workload(
      keys: 50, concurrency: 4, requests: 400, warmupRequests: 50, fetchLatency: .zero)
    let run = try await CacheBenchmark(
      design: TypedUserCaches.reentrant(calls: many), workload: workload
    ).run()
    #expect(run.requests == 400 && run.errors == 0)
    // A warm-up window and a measured one, each with its own cache and table.
    #expect(many["factory"] >= 2)
    #expect(many["key"] == 50 * many["factory"])
    #expect(many["value"] <= 50 * many["factory"])
  }

  @Test func anAnswerThatIsNotTheKeysValueIsAWrongKeyAnswer() async throws {
    actor Forgetful {
      let fetch: @Sendable (URL) async throws -> Data
      init(fetch: @escaping @Sendable (URL) async throws -> Data) { self.fetch = fetch }
      /// Answers the first URL's image for every URL.
      func image(for url: URL) async throws -> Data {
        try await fetch(TypedUserCaches.url(0))
      }
    }
    let design = CacheDesign(
      name: "typed-forgetful", summary: "answers key 0 for every key",
      key: TypedUserCaches.url, makeCache: { Forgetful(fetch: $0.fetcher.fetch) },
      lookup: { try await $0.image(for: $1) })
    let workload = CacheBenchmark.Workload(
      keys: 4, distribution: .uniform, concurrency: 1, requests: 200, warmupRequests: 0,
      fetchLatency: .zero)
    let result = try await CacheBenchmark(design: design, workload: workload).run()
    #expect(result.requests == 200)
    #expect(result.wrongKeyAnswers > 0)
    #expect(result.wrongKeyAnswers == result.errors)
    // The requests for key 0 got its own value.
    #expect(result.wrongKeyAnswers < 200)
  }

  @Test func anEqualCopyOfTheValueIsTheRightAnswer() async throws {
    actor Copying {
      let fetch: @Sendable (URL) async throws -> Data
      init(fetch: @escaping @Sendable (URL) async throws -> Data) { self.fetch = fetch }
      /// Answers a fresh copy of the fetched bytes: other storage, equal contents.
      func image(for url: URL) async throws -> Data {
        Data(Array(try await fetch(url)))
      }
    }
    let design = CacheDesign(
      name: "typed-copying", summary: "copies every answer",
      key: TypedUserCaches.url, makeCache: { Copying(fetch: $0.fetcher.fetch) },
      lookup: { try await $0.image(for: $1) })
    let workload = CacheBenchmark.Workload(
      keys: 4, concurrency: 1, requests: 100, warmupRequests: 0, fetchLatency: .zero)
    let result = try await CacheBenchmark(design: design, workload: workload).run()
    #expect(result.requests == 100 && result.errors == 0 && result.wrongKeyAnswers == 0)
    #expect(result.fetches == 100)
  }

  /// A typed cache that never decodes, asked to decode inside, decodes nothing (the placement check
  /// reports it); one that decodes each download through its environment's decoder is counted; with
  /// `outside` the harness decodes the bytes of every answer.
  @Test(arguments: [
    (DecodePlacement.inside, false, 0),
    (DecodePlacement.inside, true, TypedDesignTests.callers),
    (DecodePlacement.outside, false, TypedDesignTests.callers),
  ])
  func decodesAreCountedWhereTheyRun(
    placement: DecodePlacement, decodesInside: Bool, decodes: Int
  ) async throws {
    actor Decoding {
      let fetcher: TypedFetcher<URL, Data>
      let decoder: TypedDecoder<URL, Data>?
      var images: [URL: (Data, UInt64?)] = [:]
      init(_ environment: TypedEnvironment<URL, Data>, decodes: Bool) {
        fetcher = environment.fetcher
        decoder = decodes ? environment.decoder : nil
      }
      func image(for url: URL) async throws -> Data {
        if let image = images[url] { return image.0 }
        let data = try await fetcher.fetch(url)
        images[url] = (data, decoder?.decode(url))
        return data
      }
    }
    let design = CacheDesign(
      name: "typed-decoding", summary: "decodes when told to",
      key: TypedUserCaches.url, makeCache: { Decoding($0, decodes: decodesInside) },
      lookup: { try await $0.image(for: $1) })
    let result = try await Self.overlapping(design, starts: Self.callers, decode: placement)
    #expect(result.requests == Self.callers && result.errors == 0)
    #expect(result.decodes == decodes)
  }
}
