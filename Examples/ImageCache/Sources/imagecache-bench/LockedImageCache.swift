import CacheBenchCore
import Synchronization

/// The in-flight image table of `InFlightImageCache` behind a `Mutex` instead of an actor: a caller takes
/// the lock for one table step (serve, join or start the download), releases it, and awaits the download
/// outside; the lock is never held across an `await`.
///
/// The download runs in an unstructured task that belongs to the entry. When the fetch returns, the task
/// takes the lock to decode (for `--decode inside`, while holding it, which is what "inside" means for a
/// lock: every other caller waits) and to store the image.
///
/// Cancellation policy, as `InFlightImageCache`'s: a cancelled caller cannot start or join a download but
/// is served a ready image; cancelling a waiter does not cancel the download; a waiter cancelled while it
/// waited throws `CancellationError` once the download completes. A failed download removes its entry.
///
/// Hooks: every request is one isolated segment, the table step, timed from its first instruction inside
/// the lock with `IsolationTiming.singleSegment(enteredAt:)`; the outcome is reported, and
/// `WaitCancellation.waitBegins()` is called after the step and before awaiting.
final class LockedImageCache: Cache {
  /// What the table holds for an image.
  private enum Entry {
    case downloading(Task<CachedValue, any Error>)
    case ready(CachedValue)
  }

  /// What a caller does once it has left the lock.
  private enum Step {
    case serve(CachedValue, IsolationTiming)
    case wait(Task<CachedValue, any Error>, CacheOutcome, IsolationTiming)
  }

  private let fetcher: any Fetcher
  /// Set when the run asks for the decode inside the cache (`--decode inside`).
  private let decoder: PayloadDecoder?
  private let entries = Mutex<[Int: Entry]>([:])

  init(environment: CacheEnvironment) {
    fetcher = environment.fetcher
    decoder = environment.decoder
  }

  nonisolated(nonsending) func lookup(_ key: Int) async throws -> CacheLookup {
    switch try step(key) {
    case .serve(let image, let timing):
      return CacheLookup(value: image, outcome: .hit, timing: timing)
    case .wait(let task, let outcome, let timing):
      WaitCancellation.waitBegins()
      let image = try await task.value
      try Task.checkCancellation()
      return CacheLookup(value: image, outcome: outcome, timing: timing)
    }
  }

  /// The locked part of a lookup: serve a ready image, join its download, or start one.
  private func step(_ key: Int) throws -> Step {
    try entries.withLock { entries in
      let entered = MonotonicClock.now()
      switch entries[key] {
      case .ready(let image):
        return .serve(image, .singleSegment(enteredAt: entered))
      case .downloading(let task):
        try Task.checkCancellation()
        return .wait(task, .join, .singleSegment(enteredAt: entered))
      case nil:
        try Task.checkCancellation()
        let task = Task { try await self.download(key) }
        entries[key] = .downloading(task)
        return .wait(task, .leader, .singleSegment(enteredAt: entered))
      }
    }
  }

  /// Downloads `key` outside the lock, then decodes and stores it holding the lock; a failure removes
  /// the entry.
  private func download(_ key: Int) async throws -> CachedValue {
    let payload: Payload
    do {
      payload = try await fetcher.fetch(key)
    } catch {
      entries.withLock { $0[key] = nil }
      throw error
    }
    return entries.withLock { entries in
      let image = CachedValue(payload: payload, decoded: decoder?.decode(payload))
      entries[key] = .ready(image)
      return image
    }
  }

  /// Forgets `key`'s image and cancels its download, if one is in flight.
  func invalidate(_ key: Int) async {
    if case .downloading(let task) = entries.withLock({ $0.removeValue(forKey: key) }) {
      task.cancel()
    }
  }

  var readyEntryCount: Int? {
    entries.withLock { entries in
      entries.values.count { if case .ready = $0 { true } else { false } }
    }
  }
}
