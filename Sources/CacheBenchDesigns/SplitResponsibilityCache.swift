import CacheBenchCore

/// One actor split by responsibility rather than by key: a store actor that holds the ready values
/// (`ResponseStoreActor`) and an in-flight tracker actor that coalesces misses (`InFlightTrackerActor`).
///
/// A hit is one step on the store and never queues behind a miss's bookkeeping; with
/// `DecodePlacement.inside` the tracker decodes, so hits do not queue behind decodes either. A miss costs a
/// step on each actor, and every miss of every key still goes through the one tracker, which is where this
/// design is slower than sharding by key (`sharded`): many misses, or decodes inside, serialise there.
/// Overlapping misses of one key make one fetch, as with `coalescing`; the policies on cancellation,
/// failures and invalidation are the tracker's.
///
/// Timing (`IsolationTiming`): a hit is one isolated segment, on the store. A miss is two, the store's
/// lookup and the tracker's step; the time between leaving the store and entering the tracker is
/// `reentryWait`, and the busy part of the wait counts each actor's busy time from when the caller made for
/// it. The fetch task's own steps (its second look at the store, the decode, the admission) belong to no
/// request, and show up as the `actor_wait` of those queued behind them. `actor_utilisation` has two
/// domains, the store first.
struct SplitResponsibilityCache: Cache {
  /// The actor that holds the ready values.
  let store: ResponseStoreActor
  /// The actor that coalesces misses.
  let tracker: InFlightTrackerActor

  /// A cache over `fetcher`; with a `decoder`, payloads are decoded inside the tracker actor. Ready
  /// entries are kept as `retention` says, timed by `clock` (monotonic nanoseconds).
  init(
    fetcher: any Fetcher, decoder: PayloadDecoder?, retention: RetentionPolicy = .unbounded,
    clock: @escaping @Sendable () -> UInt64 = MonotonicClock.now
  ) {
    let store = ResponseStoreActor(retention: retention, clock: clock)
    self.store = store
    self.tracker = InFlightTrackerActor(store: store, fetcher: fetcher, decoder: decoder)
  }

  @inline(__always)
  nonisolated(nonsending) func lookup(_ key: Int) async throws -> CacheLookup {
    let found = await store.lookup(key, busyAtCall: store.busy.nanoseconds)
    if let value = found.value {
      return CacheLookup(value: value, outcome: .hit, timing: found.timing)
    }
    return try await coalesce(key, found: found)
  }

  /// The miss: a step on the tracker, then the wait for the entry's task off both actors. Out of line,
  /// so a hit carries none of it.
  @inline(never)
  private nonisolated(nonsending) func coalesce(
    _ key: Int, found: ResponseStoreActor.Found
  ) async throws -> CacheLookup {
    let left = MonotonicClock.now()
    let step = try await tracker.step(key, busyAtCall: tracker.busy.nanoseconds)
    let (task, stepTiming, leads) =
      switch step {
      case .join(let task, let timing): (task, timing, false)
      case .lead(let task, let timing): (task, timing, true)
      }
    let timing = IsolationTiming(
      entered: found.timing.entered,
      reentryWait: stepTiming.entered &- min(left, stepTiming.entered),
      service: found.timing.service &+ stepTiming.service,
      busyWait: found.timing.busyWait &+ stepTiming.busyWait)
    WaitCancellation.waitBegins()
    let fetch = try await task.value
    try Task.checkCancellation()
    guard leads else {
      return CacheLookup(value: fetch.value, outcome: .join, timing: timing)
    }
    // A leader whose task found the value stored meanwhile fetched nothing: it was served a ready value.
    return fetch.fetched
      ? CacheLookup(
        value: fetch.value, outcome: .leader, timing: timing, missCause: found.missCause)
      : CacheLookup(value: fetch.value, outcome: .hit, timing: timing)
  }

  func invalidate(_ key: Int) async {
    // The store first: a fetch task that checks it afterwards sees the new generation.
    await store.remove(key)
    await tracker.invalidate(key)
  }

  var isolationBusyTimes: [IsolationBusyTime]? { [store.busy, tracker.busy] }

  var readyEntryCount: Int? {
    get async { await store.count }
  }

  var staleRejectedCount: Int? {
    get async { await store.staleRejected + tracker.staleRejected }
  }

  /// Lookups that have joined another caller's fetch so far.
  var joinCount: Int {
    get async { await tracker.joinCount }
  }
}
