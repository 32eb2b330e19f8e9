import CacheBenchCore

/// A single actor that records a miss as an in-flight fetch before its first suspension, so every overlapping
/// caller of the same key awaits that one fetch instead of starting its own.
///
/// The rules of entries, identities, failures and invalidation are `InFlightTable`'s. The fetch runs in an
/// unstructured task that belongs to the entry, not to any caller; when it finishes it comes back to the actor
/// to decode (for `DecodePlacement.inside`, while isolated, so every other caller waits) and to be admitted.
///
/// Cancellation policy:
/// - a caller that is already cancelled cannot start or join a fetch: it gets `CancellationError` at once;
///   a ready value involves no fetch, so it is served to any caller (which keeps the task-status read off
///   the hit path);
/// - cancelling one waiter does not cancel the shared fetch, which other callers may still be awaiting;
/// - a waiter cancelled while it waited still resumes only when the fetch completes, and then throws
///   `CancellationError` rather than returning the value;
/// - `invalidate(_:)` removes the entry and cancels its fetch; the fetch's result, even if the fetcher ignores
///   cancellation and returns a payload, is not admitted, and its waiters get `CancellationError`.
///
/// Only the table step is isolated: `lookup` is nonisolated and makes one synchronous call into the actor
/// (`step(_:)`), which serves a hit or records the join or the new fetch, and then awaits the entry's task
/// off the actor. A waiter therefore never comes back to the actor after the fetch (it used to, just to
/// check cancellation and return, queueing behind every decode on the way), and a hit costs one async frame
/// and one hop in and out.
///
/// Timing (`IsolationTiming`): every request is one isolated segment, the step, so `reentryWait` is 0. The
/// `admit` step, and with it the decode for `DecodePlacement.inside`, runs in the entry's fetch task and
/// belongs to no request: it is in no request's `service`, only in the `actor_wait` of those queued behind it.
/// Every isolated segment, steps, admissions, failures and invalidations alike, adds to `busy`
/// (`IsolationBusyTime`), which gives each request the busy part of its wait and the actor's utilisation.
actor CoalescingActorCache: Cache {
  private let fetcher: any Fetcher
  private let decoder: PayloadDecoder?
  /// Unchecked at run time: only the actor's own isolated methods touch it, one at a time, and none
  /// suspends while accessing it, which the compiler checks statically. The runtime check would cost every
  /// hit a call into the runtime (`swift_beginAccess`), on the path calibration compares with a bare hop.
  @exclusivity(unchecked) private var table: InFlightTable<CachedValue>
  private let clock: @Sendable () -> UInt64
  /// `table.needsClock`, kept as a constant so the hit path tests it without an access to the table.
  private let needsClock: Bool
  /// Whether the decode is awaited (`DecodePlacement.awaitsDecode`): admissions then go through
  /// `admitAwaitingDecode`, the others keep the synchronous `admit`.
  private let awaitsDecode: Bool
  /// The time the actor spent running its steps, admissions and invalidations.
  let busy = IsolationBusyTime()

  /// A cache over `fetcher`; with a `decoder`, payloads are decoded inside the actor before being admitted.
  /// Ready entries are kept as `retention` says, timed by `clock` (monotonic nanoseconds).
  init(
    fetcher: any Fetcher, decoder: PayloadDecoder?, retention: RetentionPolicy = .unbounded,
    clock: @escaping @Sendable () -> UInt64 = MonotonicClock.now
  ) {
    self.fetcher = fetcher
    self.decoder = decoder
    self.table = InFlightTable(retention: retention)
    self.clock = clock
    self.needsClock = retention != .unbounded
    self.awaitsDecode = decoder?.placement.awaitsDecode ?? false
  }

  /// The time for the table, read only when its retention policy needs one.
  private var now: UInt64 { needsClock ? clock() : 0 }

  /// Serves `key` from the table, or awaits its fetch off the actor; see the type's policies.
  @inline(__always)
  nonisolated(nonsending) func lookup(_ key: Int) async throws -> CacheLookup {
    switch try await step(key, busyAtCall: busy.nanoseconds) {
    case .ready(let value, let timing):
      return CacheLookup(value: value, outcome: .hit, timing: timing)
    case .await(let task, let outcome, let cause, let timing):
      WaitCancellation.waitBegins()
      let value = try await task.value
      try Task.checkCancellation()
      return CacheLookup(value: value, outcome: outcome, timing: timing, missCause: cause)
    }
  }

  /// What a caller does after its step inside the actor.
  private enum Step: Sendable {
    case ready(CachedValue, IsolationTiming)
    case await(Task<CachedValue, any Error>, CacheOutcome, MissCause?, IsolationTiming)
  }

  /// The isolated part of a lookup: serve a ready value, or join the key's fetch, or start it; synchronous,
  /// so the caller hops in and out without an async frame of its own. `busyAtCall` is `busy` read as the
  /// caller invoked the cache.
  private func step(_ key: Int, busyAtCall: UInt64) throws -> Step {
    let segment = busy.enter()
    // Without retention a hit changes nothing; with it, the lookup below touches or expires the entry.
    if !needsClock, let value = table.readyValue(key) {
      return .ready(value, busy.end(segment, busyAtCall: busyAtCall))
    }
    do {
      if table.readyValue(key) == nil { try Task.checkCancellation() }
      switch table.lookup(key, now: now) {
      case .hit(let value):
        return .ready(value, busy.end(segment, busyAtCall: busyAtCall))
      case .join(let task):
        return .await(task, .join, nil, busy.end(segment, busyAtCall: busyAtCall))
      case .lead(let identity):
        // A cancelled caller that found an expired entry cannot start a fetch either.
        try Task.checkCancellation()
        let task = startFetch(key, identity: identity)
        table.begin(key, identity: identity, task: task)
        return .await(task, .leader, table.leadCause, busy.end(segment, busyAtCall: busyAtCall))
      }
    } catch {
      busy.close(segment)
      throw error
    }
  }

  func invalidate(_ key: Int) {
    let segment = busy.enter()
    defer { busy.close(segment) }
    table.invalidate(key)?.cancel()
  }

  nonisolated var isolationBusyTimes: [IsolationBusyTime]? { [busy] }

  /// Lookups that have joined another caller's fetch so far.
  var joinCount: Int { table.joinCount }

  /// Number of keys with a ready value.
  var readyCount: Int { table.readyCount }

  var readyEntryCount: Int? { table.readyCount }

  var staleRejectedCount: Int? { table.staleRejected }

  /// Starts the fetch in a task that is not isolated to the actor, so the fetch itself never holds it.
  /// Out of line: inlined into `step`, the task's set-up (a metadata look-up at the step's entry) was paid
  /// by every hit too.
  @inline(never)
  private nonisolated func startFetch(
    _ key: Int, identity: InFlightTable<CachedValue>.Identity
  ) -> Task<CachedValue, any Error> {
    Task { [fetcher, awaitsDecode] in
      let payload: Payload
      do {
        payload = try await fetcher.fetch(key)
      } catch {
        await self.fail(key, identity: identity)
        throw error
      }
      if awaitsDecode {
        return try await self.admitAwaitingDecode(key, identity: identity, payload: payload)
      }
      return try await self.admit(key, identity: identity, payload: payload)
    }
  }

  private func admit(
    _ key: Int, identity: InFlightTable<CachedValue>.Identity, payload: Payload
  ) throws -> CachedValue {
    let segment = busy.enter()
    defer { busy.close(segment) }
    // Nothing suspends between the identity check and the admission.
    return try table.admit(key, identity: identity, payload: payload, decoder: decoder, now: now)
  }

  /// Admits `payload` after awaiting its decode from the actor where the placement says
  /// (`PayloadDecoder.decodeAsPlaced`): `nonsending` and `task` keep the actor during the decode,
  /// `concurrent` and `detached` leave it free to serve other callers.
  ///
  /// An entry invalidated or replaced before the decode is refused without decoding; one invalidated or
  /// replaced during it (the actor may run other callers at the `await`) is refused after, by the
  /// identity check the table makes again at admission. Either way its waiters get `CancellationError`
  /// and `stale_rejected` counts it. A `detached` decode is not cancelled with the fetch task (it does not
  /// inherit cancellation): it runs to its end and its result is refused.
  ///
  /// Timing: the two isolated steps around the `await` are segments of `busy`; the decode adds itself
  /// to `busy` when it ran on the actor (`decodeAsPlaced(_:busy:isolation:)`).
  private func admitAwaitingDecode(
    _ key: Int, identity: InFlightTable<CachedValue>.Identity, payload: Payload
  ) async throws -> CachedValue {
    let check = busy.enter()
    let current = table.admits(key, identity: identity)
    busy.close(check)
    guard current else { throw CancellationError() }
    let decoded = await decoder?.decodeAsPlaced(payload, busy: busy)
    let segment = busy.enter()
    defer { busy.close(segment) }
    return try table.admitDecoded(
      key, identity: identity, value: CachedValue(payload: payload, decoded: decoded), now: now)
  }

  private func fail(_ key: Int, identity: InFlightTable<CachedValue>.Identity) {
    let segment = busy.enter()
    defer { busy.close(segment) }
    table.fail(key, identity: identity)
  }
}
