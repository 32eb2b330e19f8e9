import CacheBenchCore
import Foundation
import Synchronization

/// `ReentrantImageCache` with two lines added and nothing else changed: its actor runs on cachebench's
/// `InstrumentedExecutor`, which times every job, so it gets `actor_wait`, `actor_busy_wait`,
/// `actor_service` and `actor_utilisation` without a hook in its methods (one sample per job: a hit is
/// one, a miss two, the call and the return after the download). Measured beside `image-reentrant`,
/// the pair shows what the executor costs (docs/instrumented-executor.md).
actor TimedReentrantImageCache {
  let executor = InstrumentedExecutor()
  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  private let download: @Sendable (URL) async throws -> Data
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
    images[url] = Image(data: data, prepared: prepare?(url, data))
    return data
  }

  func forget(_ url: URL) {
    images[url] = nil
  }
}

/// The simplest lock-based image cache: a dictionary behind a `Mutex`, checked, then the download and
/// preparation outside the lock, then stored. Overlapping misses each download. Its actor wait and
/// service read `n/a`; `image-table-timed` is the same with the lock swapped.
///
/// `image(for:)` is `nonisolated(nonsending)`, as a plain `async` method is in a package built with
/// Swift 6.2's `NonisolatedNonsendingByDefault`: it runs on its caller's executor, with no hop.
final class TableImageCache: Sendable {
  private let download: @Sendable (URL) async throws -> Data
  private let prepare: (@Sendable (URL, Data) -> UInt64?)?
  private let images = Mutex<[URL: Image]>([:])

  init(
    download: @escaping @Sendable (URL) async throws -> Data,
    prepare: (@Sendable (URL, Data) -> UInt64?)? = nil
  ) {
    self.download = download
    self.prepare = prepare
  }

  nonisolated(nonsending) func image(for url: URL) async throws -> Data {
    if let image = images.withLock({ $0[url] }) { return image.data }
    let data = try await download(url)
    let image = Image(data: data, prepared: prepare?(url, data))
    images.withLock { $0[url] = image }
    return data
  }

  func forget(_ url: URL) {
    images.withLock { $0[url] = nil }
  }
}

/// `TableImageCache` with its `Mutex` swapped for cachebench's `InstrumentedMutex` (one line), which
/// times every hold: `actor_wait` is the wait for the lock, `actor_service` the hold.
final class TimedTableImageCache: Sendable {
  private let download: @Sendable (URL) async throws -> Data
  private let prepare: (@Sendable (URL, Data) -> UInt64?)?
  private let images = InstrumentedMutex<[URL: Image]>([:])

  init(
    download: @escaping @Sendable (URL) async throws -> Data,
    prepare: (@Sendable (URL, Data) -> UInt64?)? = nil
  ) {
    self.download = download
    self.prepare = prepare
  }

  nonisolated(nonsending) func image(for url: URL) async throws -> Data {
    if let image = images.withLock({ $0[url] }) { return image.data }
    let data = try await download(url)
    let image = Image(data: data, prepared: prepare?(url, data))
    images.withLock { $0[url] = image }
    return data
  }

  func forget(_ url: URL) {
    images.withLock { $0[url] = nil }
  }
}
