import CacheBenchCore

/// The cache most people write first: one actor that checks its dictionary, awaits the fetch, then stores.
///
/// The `await` in the middle is a suspension point, and actors are reentrant: every caller that arrives for
/// the same key while the fetch is in flight also finds nothing and starts its own fetch. N overlapping callers
/// make N fetches. That is the defect this design exists to show; do not fix it here.
///
/// Cancellation: a cancelled caller's fetch throws `CancellationError` (the fetcher's sleep does), nothing is
/// stored, and other callers are unaffected because every caller owns its fetch. The decode (`inside`)
/// runs in the caller's own task, so a caller cancelled during it (`--cancel-at decode`) stops at its
/// next checkpoint (`--decode-checkpoint`) or decodes to the end; either way it throws
/// `CancellationError` and stores nothing (`PayloadDecoder.decodeUnlessCancelled`).
///
/// Timing (`IsolationTiming`): a hit is one isolated segment. A miss is two: the lookup up to the `await` on
/// the fetch, and, after the fetch returns, the resumption that decodes (with `DecodePlacement.inside`),
/// stores and returns. `reentryWait` is the time from the fetch returning (read in the nonisolated `fetch`
/// helper, before the hop back) to the first instruction of that second segment; `service` is both
/// segments together, so with decode inside it includes the decode. Both segments add to `busy`
/// (`IsolationBusyTime`); the busy part of each wait counts from the call and from the fetch's return.
actor NaiveActorCache: Cache {
  private let fetcher: any Fetcher
  private let decoder: PayloadDecoder?
  /// Keyed by `TableKey`, hashed as cheaply as the coalescing designs' table, so the designs differ in
  /// what they coordinate, not in their hash.
  @exclusivity(unchecked) private var storage: [TableKey: CachedValue] = [:]
  /// Unchecked at run time, as `storage` is, and for the reason `CoalescingActorCache.table` gives.
  @exclusivity(unchecked) private var retention: EntryRetention
  /// Whether `retention` keeps any books: a constant, so a hit without a policy reads no mutable state
  /// beyond the dictionary (a mutating call on an actor's stored property costs a dynamic exclusivity
  /// check on every hit).
  private let keepsRetention: Bool
  private let clock: @Sendable () -> UInt64
  /// The time the actor spent running lookups' segments and invalidations.
  let busy = IsolationBusyTime()

  /// A cache over `fetcher`; with a `decoder`, payloads are decoded inside the actor before being stored.
  /// Stored entries are kept as `retention` says (`EntryRetention`, as the coalescing designs), timed by
  /// `clock` (monotonic nanoseconds).
  init(
    fetcher: any Fetcher, decoder: PayloadDecoder?, retention: RetentionPolicy = .unbounded,
    clock: @escaping @Sendable () -> UInt64 = MonotonicClock.now
  ) {
    self.fetcher = fetcher
    self.decoder = decoder
    self.retention = EntryRetention(policy: retention)
    self.keepsRetention = retention != .unbounded
    self.clock = clock
  }

  /// The time for the retention bookkeeping, read only when the policy needs one.
  private var now: UInt64 { keepsRetention ? clock() : 0 }

  /// Reads `busy` as the caller invokes the cache, before the hop into the actor.
  @inline(__always)
  nonisolated(nonsending) func lookup(_ key: Int) async throws -> CacheLookup {
    try await lookup(key, busyAtCall: busy.nanoseconds)
  }

  private func lookup(_ key: Int, busyAtCall: UInt64) async throws -> CacheLookup {
    let first = busy.enter()
    let cause: MissCause
    if let value = storage[TableKey(key)] {
      guard keepsRetention, retention.touch(key, now: now) == .expired else {
        return CacheLookup(
          value: value, outcome: .hit, timing: busy.end(first, busyAtCall: busyAtCall))
      }
      storage[TableKey(key)] = nil
      cause = .expired
    } else {
      cause = retention.missCause(key)
    }
    return try await miss(key, cause: cause, first: first, busyAtCall: busyAtCall)
  }

  /// The rest of a miss, from the wait to the store, still isolated. Out of line, so a hit's async frame
  /// carries none of it: inline, the decode's cancellation handling grew the hit path's frame, which
  /// cost every hit about 330 instructions (a task-allocator slab more, under callgrind).
  @inline(never)
  private func miss(
    _ key: Int, cause: MissCause, first: IsolationBusyTime.Segment, busyAtCall: UInt64
  ) async throws -> CacheLookup {
    WaitCancellation.waitBegins()
    let firstService = busy.close(first)
    let (payload, fetched, busyAtFetched) = try await Self.fetch(key, from: fetcher, busy: busy)
    let second = busy.enter()
    let decoded: UInt64?
    do {
      decoded = try decoder?.decodeUnlessCancelled(payload)
    } catch {
      // Cancelled during its decode (`--cancel-at decode`): nothing is stored, the time still counts.
      busy.close(second)
      throw error
    }
    let value = CachedValue(payload: payload, decoded: decoded)
    storage[TableKey(key)] = value
    for victim in retention.admit(key, now: now) {
      storage[TableKey(victim)] = nil
    }
    // Each segment's wait is busy from its own starting point: the call, then the fetch's return.
    let busyWait =
      first.busyWait(since: busyAtCall) &+ second.busyWait(since: busyAtFetched)
    let timing = IsolationTiming(
      entered: first.entered, reentryWait: second.entered &- min(fetched, second.entered),
      service: firstService &+ busy.close(second), busyWait: busyWait)
    return CacheLookup(value: value, outcome: .leader, timing: timing, missCause: cause)
  }

  func invalidate(_ key: Int) {
    let segment = busy.enter()
    defer { busy.close(segment) }
    storage[TableKey(key)] = nil
    retention.remove(key)
  }

  nonisolated var isolationBusyTimes: [IsolationBusyTime]? { [busy] }

  /// Number of keys stored.
  var count: Int { storage.count }

  var readyEntryCount: Int? { storage.count }

  /// Naive stores whatever its fetch returns, invalidated meanwhile or not: it never refuses one.
  var staleRejectedCount: Int? { 0 }
  /// Fetches `key` off the actor and reads the clock as the fetch returns, before the hop back to the actor,
  /// so the caller can tell the wait to re-enter from the fetch itself. Nonisolated, as the fetcher's own
  /// `fetch` is, so it adds no executor hop.
  ///
  /// A caller cancelled before or during the fetch gets `CancellationError` even when the fetch returned
  /// anyway (the fetcher's `Task.sleep` occasionally does not throw for an already-cancelled task under
  /// load), so the documented cancellation policy holds whatever the fetcher does.
  private static func fetch(
    _ key: Int, from fetcher: any Fetcher, busy: IsolationBusyTime
  ) async throws -> (payload: Payload, fetched: UInt64, busyAtFetched: UInt64) {
    let payload = try await fetcher.fetch(key)
    try Task.checkCancellation()
    return (payload, MonotonicClock.now(), busy.nanoseconds)
  }
}
