import Foundation

/// The image cache most apps start with: an actor that checks its dictionary, awaits the download, then
/// stores the image. Keyed by `URL`, answering `Data`, with no cachebench type in it: cachebench reaches
/// it through `image(for:)` (`ImageCacheDesigns.reentrant`).
///
/// The `await` on the download is a suspension point and actors are reentrant, so every caller that asks
/// for the same image while the download is in flight also finds nothing and starts a download of its
/// own: N overlapping callers, N downloads. That defect is what this cache is here to show.
///
/// It reports nothing to the harness beyond the image, as an app's cache would not: its actor wait and
/// service read `n/a`, and the harness attributes its hits, joins and leaders itself (each request that
/// downloaded led its own download). Its fetches and duplicate fetches are counted at the fetcher all the
/// same.
///
/// Cancellation: a cancelled caller's download throws `CancellationError` and nothing is stored; every
/// caller owns its download, so no other caller is affected.
actor ReentrantImageCache {
  private let download: @Sendable (URL) async throws -> Data
  /// Prepares a downloaded image for display, on the actor, once per download; nil when the app shows
  /// images as they come.
  private let prepare: (@Sendable (URL, Data) -> UInt64?)?
  private var images: [URL: Image] = [:]

  init(
    download: @escaping @Sendable (URL) async throws -> Data,
    prepare: (@Sendable (URL, Data) -> UInt64?)? = nil
  ) {
    self.download = download
    self.prepare = prepare
  }

  func image(for url: URL) async throws -> Data {
    if let image = images[url] { return image.data }
    let data = try await download(url)
    // Back on the actor: the preparation runs isolated, once per download.
    images[url] = Image(data: data, prepared: prepare?(url, data))
    return data
  }

  /// Forgets `url`'s image; a download in flight for it still stores its result when it returns.
  func forget(_ url: URL) {
    images[url] = nil
  }

  var count: Int { images.count }
}

/// A downloaded image and what preparing it produced.
struct Image: Sendable {
  var data: Data
  var prepared: UInt64?
}
