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
/// It reports every hook: the outcome of each request, its `IsolationTiming` with the busy part of its
/// waits (`IsolationBusyTime`), the actor's busy total for its utilisation, and
/// `WaitCancellation.waitBegins()` before it awaits. A miss runs as two isolated segments: the table
/// step before the `await`, and the return after it, which queues to re-enter the actor.
actor InFlightImageCache: Cache {
  /// What the table holds for an image.
  private enum Entry {
    case downloading(Task<Downloaded, any Error>)
    case ready(CachedValue)
  }

  /// A download's image, and the `MonotonicClock` reading and the actor's busy total at its end, from
  /// which a caller resuming after it computes how long it queued to re-enter the actor, and how much of
  /// that the actor was busy.
  private struct Downloaded: Sendable {
    var image: CachedValue
    var finishedAt: UInt64
    var busyAtFinish: UInt64
  }

  private let fetcher: any Fetcher
  /// Set when the run asks for the decode inside the cache (`--decode inside`).
  private let decoder: PayloadDecoder?
  private var entries: [Int: Entry] = [:]
  /// The time the actor spent running: every isolated segment adds its length.
  private let busy = IsolationBusyTime()

  init(environment: CacheEnvironment) {
    fetcher = environment.fetcher
    decoder = environment.decoder
  }

  /// Reads the busy total as the caller invokes the cache, before the hop into the actor.
  nonisolated(nonsending) func lookup(_ key: Int) async throws -> CacheLookup {
    try await lookup(key, busyAtCall: busy.nanoseconds)
  }

  private func lookup(_ key: Int, busyAtCall: UInt64) async throws -> CacheLookup {
    let first = busy.enter()
    let task: Task<Downloaded, any Error>
    let outcome: CacheOutcome
    switch entries[key] {
    case .ready(let image):
      return CacheLookup(
        value: image, outcome: .hit, timing: busy.end(first, busyAtCall: busyAtCall))
    case .downloading(let download):
      try checkCancellation(ending: first)
      task = download
      outcome = .join
    case nil:
      try checkCancellation(ending: first)
      // Recorded before the first suspension: callers arriving during the download find it.
      task = Task { try await self.download(key) }
      entries[key] = .downloading(task)
      outcome = .leader
    }
    WaitCancellation.waitBegins()
    let firstService = busy.close(first)
    let downloaded = try await task.value
    let second = busy.enter()
    try Task.checkCancellation()
    // `finishedAt` was read on another thread, so it is compared before subtracting.
    let timing = IsolationTiming(
      entered: first.entered,
      reentryWait: second.entered > downloaded.finishedAt
        ? second.entered &- downloaded.finishedAt : 0,
      service: firstService &+ busy.close(second),
      busyWait: first.busyWait(since: busyAtCall) &+ second.busyWait(since: downloaded.busyAtFinish)
    )
    return CacheLookup(value: downloaded.image, outcome: outcome, timing: timing)
  }

  /// Throws `CancellationError` for a cancelled caller, ending its segment first.
  private func checkCancellation(ending segment: IsolationBusyTime.Segment) throws {
    guard Task.isCancelled else { return }
    busy.close(segment)
    throw CancellationError()
  }

  nonisolated var isolationBusyTimes: [IsolationBusyTime]? { [busy] }

  /// Downloads `key`, then decodes and stores it while isolated; a failure removes the entry.
  private func download(_ key: Int) async throws -> Downloaded {
    let payload: Payload
    do {
      payload = try await fetcher.fetch(key)
    } catch {
      let segment = busy.enter()
      entries[key] = nil
      busy.close(segment)
      throw error
    }
    let segment = busy.enter()
    let image = CachedValue(payload: payload, decoded: decoder?.decode(payload))
    entries[key] = .ready(image)
    busy.close(segment)
    return Downloaded(
      image: image, finishedAt: MonotonicClock.now(), busyAtFinish: busy.nanoseconds)
  }

  /// Forgets `key`'s image and cancels its download, if one is in flight. Like most app caches it has no
  /// identity guard: a download that ignores the cancellation still stores what it returns.
  func invalidate(_ key: Int) {
    let segment = busy.enter()
    defer { busy.close(segment) }
    if case .downloading(let task) = entries.removeValue(forKey: key) { task.cancel() }
  }

  var readyEntryCount: Int? {
    entries.values.count { if case .ready = $0 { true } else { false } }
  }
}
