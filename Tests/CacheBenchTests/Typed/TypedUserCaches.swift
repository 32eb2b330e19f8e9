import CacheBenchCore
import Foundation

/// Caches written as an app writes them: keyed by `URL`, answering `Data`, with no harness type in their
/// methods; and their Int-keyed twins, the same code on the untyped `Cache` API.
enum TypedUserCaches {
  /// Check, await the download, store: each overlapping miss downloads.
  actor ReentrantURLCache {
    private let download: @Sendable (URL) async throws -> Data
    private var images: [URL: Data] = [:]

    init(download: @escaping @Sendable (URL) async throws -> Data) { self.download = download }

    func image(for url: URL) async throws -> Data {
      if let image = images[url] { return image }
      let image = try await download(url)
      images[url] = image
      return image
    }
  }

  /// `ReentrantURLCache` keyed by `Int` and answering through the `Cache` protocol.
  actor ReentrantIntCache: Cache {
    private let fetcher: any Fetcher
    private var images: [Int: CachedValue] = [:]

    init(fetcher: any Fetcher) { self.fetcher = fetcher }

    func lookup(_ key: Int) async throws -> CacheLookup {
      if let image = images[key] { return CacheLookup(value: image) }
      let image = CachedValue(payload: try await fetcher.fetch(key))
      images[key] = image
      return CacheLookup(value: image)
    }

    func invalidate(_ key: Int) {}
  }

  /// Stores the download task before awaiting it: overlapping misses join it.
  actor InFlightURLCache {
    private let download: @Sendable (URL) async throws -> Data
    private var tasks: [URL: Task<Data, any Error>] = [:]

    init(download: @escaping @Sendable (URL) async throws -> Data) { self.download = download }

    func image(for url: URL) async throws -> Data {
      if let task = tasks[url] { return try await task.value }
      let task = Task { [download] in try await download(url) }
      tasks[url] = task
      return try await task.value
    }
  }

  /// `InFlightURLCache` keyed by `Int` and answering through the `Cache` protocol, without hooks.
  actor InFlightIntCache: Cache {
    private let fetcher: any Fetcher
    private var tasks: [Int: Task<Payload, any Error>] = [:]

    init(fetcher: any Fetcher) { self.fetcher = fetcher }

    func lookup(_ key: Int) async throws -> CacheLookup {
      if let task = tasks[key] {
        return CacheLookup(value: CachedValue(payload: try await task.value))
      }
      let task = Task { [fetcher] in try await fetcher.fetch(key) }
      tasks[key] = task
      return CacheLookup(value: CachedValue(payload: try await task.value))
    }

    func invalidate(_ key: Int) {}
  }

  /// The URL of key index `index`.
  static func url(_ index: Int) -> URL {
    URL(string: "https://images.example.com/\(index).png")!
  }

  /// Counts calls of a design's closures.
  final class Calls: Sendable {
    private let counts = SanitizerVisibleMutex<[String: Int]>([:])

    func count(_ name: String) { counts.withLock { $0[name, default: 0] += 1 } }

    subscript(_ name: String) -> Int { counts.withLock { $0[name, default: 0] } }
  }

  static func reentrant(calls: Calls = Calls()) -> CacheDesign {
    CacheDesign(
      name: "typed-reentrant", summary: "URL keys, Data values, check-await-store",
      key: { index in
        calls.count("key")
        return url(index)
      },
      value: { payload in
        calls.count("value")
        return Data(payload.bytes)
      },
      makeCache: { environment in
        calls.count("factory")
        return ReentrantURLCache(download: environment.fetcher.fetch)
      },
      lookup: { try await $0.image(for: $1) })
  }

  static let reentrantTwin = CacheDesign(name: "int-reentrant", summary: "its Int-keyed twin") {
    ReentrantIntCache(fetcher: $0.fetcher)
  }

  static let inFlight = CacheDesign(
    name: "typed-inflight", summary: "URL keys, Data values, the task stored first",
    traits: [.coalesces], key: url,
    makeCache: { InFlightURLCache(download: $0.fetcher.fetch) },
    lookup: { try await $0.image(for: $1) })

  static let inFlightTwin = CacheDesign(
    name: "int-inflight", summary: "its Int-keyed twin", traits: [.coalesces]
  ) { InFlightIntCache(fetcher: $0.fetcher) }
}

/// The reentrant cache as a `KeyedCache`: one forwarding method, which the client loop calls directly.
extension TypedUserCaches.ReentrantURLCache: KeyedCache {
  func value(for url: URL) async throws -> Data { try await image(for: url) }
}

extension TypedUserCaches {
  static let reentrantKeyed = CacheDesign(
    name: "keyed-reentrant", summary: "URL keys, Data values, as a KeyedCache",
    key: url, makeCache: { ReentrantURLCache(download: $0.fetcher.fetch) })
}
