import CacheBenchCore

/// The image cache most apps start with: an actor that checks its dictionary, awaits the download, then
/// stores the image.
///
/// The `await` on the download is a suspension point and actors are reentrant, so every caller that asks
/// for the same image while the download is in flight also finds nothing and starts a download of its
/// own: N overlapping callers, N downloads. That defect is what this cache is here to show.
///
/// It reports nothing to the harness beyond the image (no `CacheLookup.outcome`, no `timing`, no
/// `WaitCancellation.waitBegins()`), as an app's cache would not: its actor wait and service read
/// `n/a`, and the harness attributes its hits, joins and leaders itself (each request that downloaded
/// led its own download). Its fetches and duplicate fetches are counted at the fetcher all the same.
///
/// Cancellation: a cancelled caller's download throws `CancellationError` and nothing is stored; every
/// caller owns its download, so no other caller is affected.
actor ReentrantImageCache: Cache {
  private let fetcher: any Fetcher
  /// Set when the run asks for the decode inside the cache (`--decode inside`).
  private let decoder: PayloadDecoder?
  private var images: [Int: CachedValue] = [:]

  init(environment: CacheEnvironment) {
    fetcher = environment.fetcher
    decoder = environment.decoder
  }

  func lookup(_ key: Int) async throws -> CacheLookup {
    if let image = images[key] {
      return CacheLookup(value: image)
    }
    let payload = try await fetcher.fetch(key)
    // Back on the actor: the decode runs isolated, once per download.
    let image = CachedValue(payload: payload, decoded: decoder?.decode(payload))
    images[key] = image
    return CacheLookup(value: image)
  }

  /// Forgets `key`'s image; a download in flight for it still stores its result when it returns.
  func invalidate(_ key: Int) {
    images[key] = nil
  }
}
