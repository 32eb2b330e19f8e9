import CacheBenchCore

/// An actor image cache that records a download as an in-flight `Task` before its first suspension, so
/// every later caller for the same image awaits that one task instead of starting another.
///
/// The download task runs `download(_:)`, which is isolated to the actor: it fetches (off the actor, as
/// every `await` on a nonisolated function does), then decodes and stores the image back on the actor.
/// Whoever awaits the task, leader or joiner, only returns what it produced.
///
/// Cancellation policy:
/// - a caller that is already cancelled cannot start or join a download: it gets `CancellationError`; a
///   ready image involves no download, so it is served to any caller;
/// - cancelling one caller does not cancel the download, which the others may be awaiting (the task is
///   unstructured: it belongs to the entry, not to a caller);
/// - a caller cancelled while it waited throws `CancellationError` once the download completes, rather
///   than returning the image.
/// A failed download removes its entry, so the next caller retries; failures are not cached.
///
/// It reports all three hooks: the outcome of each request, its `IsolationTiming`, and
/// `WaitCancellation.waitBegins()` before it awaits. A miss runs as two isolated segments: the table
/// step before the `await`, and the return after it, which queues to re-enter the actor.
actor InFlightImageCache: Cache {
  /// What the table holds for an image.
  private enum Entry {
    case downloading(Task<Downloaded, any Error>)
    case ready(CachedValue)
  }

  /// A download's image and the `MonotonicClock` reading at its end, from which a caller resuming after
  /// it computes how long it queued to re-enter the actor.
  private struct Downloaded: Sendable {
    var image: CachedValue
    var finishedAt: UInt64
  }

  private let fetcher: any Fetcher
  /// Set when the run asks for the decode inside the cache (`--decode inside`).
  private let decoder: PayloadDecoder?
  private var entries: [Int: Entry] = [:]

  init(environment: CacheEnvironment) {
    fetcher = environment.fetcher
    decoder = environment.decoder
  }

  func lookup(_ key: Int) async throws -> CacheLookup {
    let entered = MonotonicClock.now()
    let task: Task<Downloaded, any Error>
    let outcome: CacheOutcome
    switch entries[key] {
    case .ready(let image):
      return CacheLookup(value: image, outcome: .hit, timing: .singleSegment(enteredAt: entered))
    case .downloading(let download):
      try Task.checkCancellation()
      task = download
      outcome = .join
    case nil:
      try Task.checkCancellation()
      // Recorded before the first suspension: callers arriving during the download find it.
      task = Task { try await self.download(key) }
      entries[key] = .downloading(task)
      outcome = .leader
    }
    WaitCancellation.waitBegins()
    let suspended = MonotonicClock.now()
    let downloaded = try await task.value
    let resumed = MonotonicClock.now()
    try Task.checkCancellation()
    // Each segment's end follows its start on the same thread by far more than the clock's few
    // nanoseconds of reordering (`MonotonicClock`); `finishedAt` was read on another thread, so it is
    // compared before subtracting.
    let timing = IsolationTiming(
      entered: entered,
      reentryWait: resumed > downloaded.finishedAt ? resumed &- downloaded.finishedAt : 0,
      service: (suspended &- entered) &+ (MonotonicClock.now() &- resumed))
    return CacheLookup(value: downloaded.image, outcome: outcome, timing: timing)
  }

  /// Downloads `key`, then decodes and stores it while isolated; a failure removes the entry.
  private func download(_ key: Int) async throws -> Downloaded {
    let payload: Payload
    do {
      payload = try await fetcher.fetch(key)
    } catch {
      entries[key] = nil
      throw error
    }
    let image = CachedValue(payload: payload, decoded: decoder?.decode(payload))
    entries[key] = .ready(image)
    return Downloaded(image: image, finishedAt: MonotonicClock.now())
  }

  /// Forgets `key`'s image and cancels its download, if one is in flight. Like most app caches it has no
  /// identity guard: a download that ignores the cancellation still stores what it returns.
  func invalidate(_ key: Int) {
    if case .downloading(let task) = entries.removeValue(forKey: key) { task.cancel() }
  }

  var readyEntryCount: Int? {
    entries.values.count { if case .ready = $0 { true } else { false } }
  }
}
