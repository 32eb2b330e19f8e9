import CacheBenchCore

/// The network kept outside the actor: a `ResponseStoreActor` that only looks up and stores, and a client
/// that is no actor, which checks the store, fetches on a miss from wherever it runs, and stores the result.
///
/// The actor never awaits, so no caller queues behind a fetch and the actor's wait stays near its hop.
/// But nothing records a fetch in flight: check, fetch and store are three steps with suspensions between
/// them, and N overlapping callers of one key all miss and make N fetches, N−1 of them duplicates. That is
/// what this design shows; do not coalesce here (`split` does).
///
/// Cancellation: every caller owns its fetch, as with `naive`; a caller cancelled during its fetch gets
/// `CancellationError` and stores nothing, and the others are unaffected. Invalidation removes the entry,
/// but a fetch already running is stored when it returns (`ResponseStoreActor.store`).
///
/// Timing (`IsolationTiming`): a hit is one isolated segment, the lookup. A miss is two: the lookup, and,
/// after the fetch returns, the store (with `DecodePlacement.inside`, the decode inside the actor, which
/// then serialises every caller again). `reentryWait` is from the fetch's return to the store's first
/// instruction.
struct FetchOutsideCache: Cache {
  /// The actor that holds the ready values.
  let store: ResponseStoreActor
  private let fetcher: any Fetcher
  private let decoder: PayloadDecoder?

  /// A cache over `fetcher`; with a `decoder`, payloads are decoded inside the store actor as they are
  /// stored. Ready entries are kept as `retention` says, timed by `clock` (monotonic nanoseconds).
  init(
    fetcher: any Fetcher, decoder: PayloadDecoder?, retention: RetentionPolicy = .unbounded,
    clock: @escaping @Sendable () -> UInt64 = MonotonicClock.now
  ) {
    self.store = ResponseStoreActor(retention: retention, clock: clock)
    self.fetcher = fetcher
    self.decoder = decoder
  }

  @inline(__always)
  nonisolated(nonsending) func lookup(_ key: Int) async throws -> CacheLookup {
    let found = await store.lookup(key, busyAtCall: store.busy.nanoseconds)
    if let value = found.value {
      return CacheLookup(value: value, outcome: .hit, timing: found.timing)
    }
    return try await fetchAndStore(key, found: found)
  }

  /// The miss: fetch from here, off the actor, then store. Out of line, so a hit carries none of it.
  @inline(never)
  private nonisolated(nonsending) func fetchAndStore(
    _ key: Int, found: ResponseStoreActor.Found
  ) async throws -> CacheLookup {
    WaitCancellation.waitBegins()
    let payload = try await fetcher.fetch(key)
    try Task.checkCancellation()
    let fetched = MonotonicClock.now()
    let (value, stored) = try await store.store(
      payload, for: key, decoder: decoder, fetched: fetched, busyAtFetched: store.busy.nanoseconds)
    let timing = IsolationTiming(
      entered: found.timing.entered, reentryWait: stored.reentryWait,
      service: found.timing.service &+ stored.service,
      busyWait: found.timing.busyWait &+ stored.busyWait)
    return CacheLookup(value: value, outcome: .leader, timing: timing, missCause: found.missCause)
  }

  func invalidate(_ key: Int) async {
    await store.remove(key)
  }

  var isolationBusyTimes: [IsolationBusyTime]? { [store.busy] }

  var readyEntryCount: Int? {
    get async { await store.count }
  }

  /// It stores whatever its fetches return, invalidated meanwhile or not: it never refuses one.
  var staleRejectedCount: Int? {
    get async { 0 }
  }
}
