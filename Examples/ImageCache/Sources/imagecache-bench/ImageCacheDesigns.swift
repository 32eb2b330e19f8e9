import CacheBenchCore
import Foundation

/// The app's caches as cachebench designs: what `main.swift` registers beside the built-in designs (so
/// `--variants` names them) and what the tests measure through `CacheBenchmark`.
///
/// The URL-keyed caches are registered as they are written: keyed by `URL`, answering `Data`
/// (`CacheDesign`'s typed initialiser for a `KeyedCache`, whose conformances below forward to
/// `image(for:)`). cachebench makes the window's URLs once (`url(_:)`), hands each cache its download
/// (`environment.fetcher.fetch`, the fake server, by URL) and calls `value(for:)` directly.
/// The in-flight pair still report cachebench's hooks (outcomes, isolation timing), which need the
/// `Cache` protocol's `CacheLookup`, so they are keyed by `Int` on that protocol.
enum ImageCacheDesigns {
  /// The image URL of key index `index`: cachebench asks for key indices, the app for URLs.
  @Sendable static func url(_ index: Int) -> URL {
    URL(string: "https://images.example.com/\(index).jpg")!
  }

  /// The preparation a cache runs once per download, for `--decode inside`: cachebench's decode work
  /// over the downloaded bytes; nil for the other placements.
  static func prepare(
    _ environment: TypedEnvironment<URL, Data>
  ) -> (@Sendable (URL, Data) -> UInt64?)? {
    guard let decoder = environment.decoder else { return nil }
    return { url, _ in decoder.decode(url) }
  }

  static let reentrant = CacheDesign(
    name: "image-reentrant",
    summary: "actor: check, await the download, store; overlapping misses each download",
    traits: [.measuredByDefault], key: url,
    makeCache: { ReentrantImageCache(download: $0.fetcher.fetch, prepare: prepare($0)) },
    invalidate: { await $0.forget($1) },
    readyEntryCount: { await $0.count })

  static let inFlight = CacheDesign(
    name: "image-inflight",
    summary: "actor that stores the download task before awaiting it; misses join it",
    traits: [.coalesces, .measuredByDefault]
  ) { InFlightImageCache(environment: $0) }

  static let locked = CacheDesign(
    name: "image-locked",
    summary: "the in-flight table behind a Mutex, no actor",
    traits: [.coalesces, .lockIsolated, .measuredByDefault]
  ) { LockedImageCache(environment: $0) }

  /// `image-reentrant` on cachebench's `InstrumentedExecutor`: its actor wait and busy time without hooks.
  static let reentrantTimed = CacheDesign(
    name: "image-reentrant-timed",
    summary: "image-reentrant on the instrumented executor (two lines added)", key: url,
    makeCache: { TimedReentrantImageCache(download: $0.fetcher.fetch, prepare: prepare($0)) },
    invalidate: { await $0.forget($1) })

  static let table = CacheDesign(
    name: "image-table",
    summary: "a dictionary behind a Mutex, no hooks; overlapping misses each download",
    traits: [.lockIsolated], key: url,
    makeCache: { TableImageCache(download: $0.fetcher.fetch, prepare: prepare($0)) },
    invalidate: { $0.forget($1) })

  static let tableTimed = CacheDesign(
    name: "image-table-timed",
    summary: "image-table with its Mutex swapped for the instrumented one",
    traits: [.lockIsolated], key: url,
    makeCache: { TimedTableImageCache(download: $0.fetcher.fetch, prepare: prepare($0)) },
    invalidate: { $0.forget($1) })

  /// `image-inflight` keyed by URL, answering Data, with no hook: the harness attributes its outcomes and
  /// the instrumented executor times its actor, for comparison with the hooked cache's own figures.
  static let inFlightTyped = CacheDesign(
    name: "image-inflight-typed",
    summary: "image-inflight by URL, no hooks, on the instrumented executor (two lines added)",
    traits: [.coalesces], key: url,
    makeCache: { TypedInFlightImageCache(download: $0.fetcher.fetch, prepare: prepare($0)) },
    invalidate: { await $0.forget($1) },
    readyEntryCount: { await $0.count })

  /// `image-locked` keyed by URL, answering Data, with no hook and the instrumented lock.
  static let lockedTyped = CacheDesign(
    name: "image-locked-typed",
    summary: "image-locked by URL, no hooks, its Mutex swapped for the instrumented one",
    traits: [.coalesces, .lockIsolated], key: url,
    makeCache: { TypedLockedImageCache(download: $0.fetcher.fetch, prepare: prepare($0)) },
    invalidate: { $0.forget($1) },
    readyEntryCount: { $0.count })

  /// Every design of the app, in the order the tables list them.
  static let all = [
    reentrant, inFlight, locked, reentrantTimed, table, tableTimed, inFlightTyped, lockedTyped,
  ]
}

// The one line each cache needs (here beside the registrations, so the caches' files are untouched):
// cachebench's client loop calls `value(for:)` directly, which the compiler inlines into `image(for:)`.
extension ReentrantImageCache: KeyedCache {
  func value(for url: URL) async throws -> Data { try await image(for: url) }
}

extension TimedReentrantImageCache: KeyedCache {
  func value(for url: URL) async throws -> Data { try await image(for: url) }
}

extension TableImageCache: KeyedCache {
  nonisolated(nonsending) func value(for url: URL) async throws -> Data {
    try await image(for: url)
  }
}

extension TypedInFlightImageCache: KeyedCache {
  func value(for url: URL) async throws -> Data { try await image(for: url) }
}

extension TypedLockedImageCache: KeyedCache {
  nonisolated(nonsending) func value(for url: URL) async throws -> Data {
    try await image(for: url)
  }
}

extension TimedTableImageCache: KeyedCache {
  nonisolated(nonsending) func value(for url: URL) async throws -> Data {
    try await image(for: url)
  }
}
