import CacheBenchCore
import Foundation
import Synchronization

/// `InFlightImageCache` as an app writes it: keyed by `URL`, answering `Data`, with no cachebench hook,
/// and two lines added to run its actor on cachebench's `InstrumentedExecutor`. Its table, its download
/// task stored before the first `await` and its cancellation policy are `InFlightImageCache`'s, so the
/// pair shows whether the figures the harness measures without hooks (hits, joins and leaders it
/// attributes; actor wait, busy wait and utilisation from the executor) agree with the ones the hooked
/// cache reports (docs/benchmark-your-own-cache.md).
actor TypedInFlightImageCache {
  let executor = InstrumentedExecutor()
  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  private enum Entry {
    case downloading(Task<Data, any Error>)
    case ready(Image)
  }

  private let download: @Sendable (URL) async throws -> Data
  private let prepare: (@Sendable (URL, Data) -> UInt64?)?
  private var entries: [URL: Entry] = [:]

  init(
    download: @escaping @Sendable (URL) async throws -> Data,
    prepare: (@Sendable (URL, Data) -> UInt64?)? = nil
  ) {
    self.download = download
    self.prepare = prepare
  }

  /// A ready image is served to any caller; a cancelled caller cannot start or join a download, and one
  /// cancelled while it waited throws once the download completes, which it does not cancel.
  func image(for url: URL) async throws -> Data {
    let task: Task<Data, any Error>
    switch entries[url] {
    case .ready(let image):
      return image.data
    case .downloading(let download):
      try Task.checkCancellation()
      task = download
    case nil:
      try Task.checkCancellation()
      // Recorded before the first suspension: callers arriving during the download find it.
      task = Task { try await self.fetch(url) }
      entries[url] = .downloading(task)
    }
    let data = try await task.value
    try Task.checkCancellation()
    return data
  }

  /// Downloads `url`, then prepares and stores the image on the actor; a failure removes the entry.
  private func fetch(_ url: URL) async throws -> Data {
    let data: Data
    do {
      data = try await download(url)
    } catch {
      entries[url] = nil
      throw error
    }
    entries[url] = .ready(Image(data: data, prepared: prepare?(url, data)))
    return data
  }

  /// Forgets `url`'s image and cancels its download, if one is in flight.
  func forget(_ url: URL) {
    if case .downloading(let task) = entries.removeValue(forKey: url) { task.cancel() }
  }

  var count: Int {
    entries.values.count { if case .ready = $0 { true } else { false } }
  }
}

/// `LockedImageCache` as an app writes it: keyed by `URL`, answering `Data`, no hook, with its `Mutex`
/// swapped for cachebench's `InstrumentedMutex` (one line): `actor_wait` is the wait for the lock,
/// `actor_service` the hold. The table, the download task stored under the lock before anyone awaits
/// it, the preparation under the lock and the cancellation policy are `LockedImageCache`'s.
final class TypedLockedImageCache: Sendable {
  private enum Entry {
    case downloading(Task<Data, any Error>)
    case ready(Image)
  }

  /// What a caller does once it has left the lock.
  private enum Step {
    case serve(Data)
    case wait(Task<Data, any Error>)
  }

  private let download: @Sendable (URL) async throws -> Data
  private let prepare: (@Sendable (URL, Data) -> UInt64?)?
  private let entries = InstrumentedMutex<[URL: Entry]>([:])

  init(
    download: @escaping @Sendable (URL) async throws -> Data,
    prepare: (@Sendable (URL, Data) -> UInt64?)? = nil
  ) {
    self.download = download
    self.prepare = prepare
  }

  nonisolated(nonsending) func image(for url: URL) async throws -> Data {
    switch try step(url) {
    case .serve(let data):
      return data
    case .wait(let task):
      let data = try await task.value
      try Task.checkCancellation()
      return data
    }
  }

  /// The locked part of a request: serve a ready image, join its download, or start one.
  private func step(_ url: URL) throws -> Step {
    try entries.withLock { entries in
      switch entries[url] {
      case .ready(let image):
        return .serve(image.data)
      case .downloading(let task):
        try Task.checkCancellation()
        return .wait(task)
      case nil:
        try Task.checkCancellation()
        let task = Task { try await self.fetch(url) }
        entries[url] = .downloading(task)
        return .wait(task)
      }
    }
  }

  /// Downloads `url` outside the lock, then prepares and stores the image holding it; a failure
  /// removes the entry.
  private func fetch(_ url: URL) async throws -> Data {
    let data: Data
    do {
      data = try await download(url)
    } catch {
      entries.withLock { $0[url] = nil }
      throw error
    }
    return entries.withLock { entries in
      entries[url] = .ready(Image(data: data, prepared: prepare?(url, data)))
      return data
    }
  }

  /// Forgets `url`'s image and cancels its download, if one is in flight.
  func forget(_ url: URL) {
    if case .downloading(let task) = entries.withLock({ $0.removeValue(forKey: url) }) {
      task.cancel()
    }
  }

  var count: Int {
    entries.withLock { entries in
      entries.values.count { if case .ready = $0 { true } else { false } }
    }
  }
}
