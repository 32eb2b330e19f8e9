import CacheBenchCore
import Foundation
import Testing

@testable import CacheBench

/// `cachebench check`'s `invalidate-during-fetch` on typed designs (URL keys, `Data` values, no hook):
/// the check's fetcher makes each fetch's value from a payload naming the fetch, so the check tells the
/// value of the fetch in flight during the invalidate from the one after it. The two caches differ only
/// in a generation check, so the verdicts are known: the one that stores its download over the
/// invalidate fails, the one that checks passes. Every fetch waits for the check to release it.
@Suite(.timeLimit(.minutes(2)))
struct DesignCheckTypedTests {
  /// Check, await the download, store, as an app writes it; `forget` removes the image, and with
  /// `checksGeneration` a download that began before a `forget` is not stored.
  actor ForgettingImageCache {
    private let download: @Sendable (URL) async throws -> Data
    private let checksGeneration: Bool
    private var images: [URL: Data] = [:]
    private var generations: [URL: Int] = [:]

    init(download: @escaping @Sendable (URL) async throws -> Data, checksGeneration: Bool) {
      self.download = download
      self.checksGeneration = checksGeneration
    }

    func image(for url: URL) async throws -> Data {
      if let image = images[url] { return image }
      let generation = generations[url, default: 0]
      let image = try await download(url)
      if !checksGeneration || generations[url, default: 0] == generation { images[url] = image }
      return image
    }

    func forget(_ url: URL) {
      images[url] = nil
      generations[url, default: 0] += 1
    }
  }

  static func url(_ index: Int) -> URL { URL(string: "https://images.example.com/\(index).png")! }

  static func design(
    checksGeneration: Bool, value: @escaping @Sendable (Payload) -> Data = { Data(payload: $0) }
  ) -> CacheDesign {
    CacheDesign(
      name: checksGeneration ? "typed-generation" : "typed-forgetting",
      summary: "URL keys, Data values, check-await-store", key: url, value: value,
      makeCache: {
        ForgettingImageCache(download: $0.fetcher.fetch, checksGeneration: checksGeneration)
      },
      lookup: { try await $0.image(for: $1) },
      invalidate: { await $0.forget($1) })
  }

  @Test func aTypedCacheThatStoresItsDownloadOverAnInvalidateFailsNamingTheFetch() async throws {
    let outcome = try await DesignCheckTests.check(Self.design(checksGeneration: false))
      .invalidateDuringFetch()
    #expect(outcome.verdict == .fail, "\(outcome)")
    #expect(outcome.evidence.contains("got the value of fetch 1, which was in flight"))
    #expect(outcome.fix?.contains("identity or generation check") == true)
  }

  @Test func aTypedCacheWhoseGenerationCheckDropsTheStaleDownloadPasses() async throws {
    let outcome = try await DesignCheckTests.check(Self.design(checksGeneration: true))
      .invalidateDuringFetch()
    #expect(outcome.verdict == .pass, "\(outcome)")
    #expect(
      outcome.evidence
        == "after an invalidate during its fetch, the key was fetched again (fetch 2); the caller"
        + " in flight got that fetch's value")
  }

  /// A value closure that ignores the payload makes equal values of every fetch: once the key was
  /// fetched again, the check cannot tell the two fetches' values apart and says so rather than guess.
  @Test func aValueClosureThatIgnoresThePayloadWarns() async throws {
    let design = Self.design(checksGeneration: true) { _ in Data(repeating: 7, count: 100) }
    let outcome = try await DesignCheckTests.check(design).invalidateDuringFetch()
    #expect(outcome.verdict == .warn, "\(outcome)")
    #expect(outcome.evidence.contains("cannot tell which fetch a value came from"))
  }
}
