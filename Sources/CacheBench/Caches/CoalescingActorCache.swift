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
/// Timing (`IsolationTiming`): a hit is one isolated segment. A join or a lead is two: the lookup up to the
/// `await` on the entry's task, and the resumption that checks cancellation and returns; `reentryWait` runs
/// from the task's value arriving (read in the nonisolated `completion(of:)`) to that resumption. The
/// `admit` step, and with it the decode for `DecodePlacement.inside`, runs in the entry's fetch task and
/// belongs to no request: it is in no request's `service`, only in the `actor_wait` of those queued behind it.
actor CoalescingActorCache: Cache {
  private let fetcher: any Fetcher
  private let decoder: PayloadDecoder?
  private var table = InFlightTable<CachedValue>()

  /// A cache over `fetcher`; with a `decoder`, payloads are decoded inside the actor before being admitted.
  init(fetcher: any Fetcher, decoder: PayloadDecoder?) {
    self.fetcher = fetcher
    self.decoder = decoder
  }

  func lookup(_ key: Int) async throws -> CacheLookup {
    let entered = MonotonicClock.now()
    if let value = table.readyValue(key) {
      return CacheLookup(value: value, outcome: .hit, timing: .singleSegment(enteredAt: entered))
    }
    try Task.checkCancellation()
    let task: Task<CachedValue, any Error>
    let outcome: CacheOutcome
    switch table.lookup(key) {
    case .hit(let value):
      return CacheLookup(value: value, outcome: .hit, timing: .singleSegment(enteredAt: entered))
    case .join(let running):
      task = running
      outcome = .join
    case .lead(let identity):
      task = startFetch(key, identity: identity)
      table.begin(key, identity: identity, task: task)
      outcome = .leader
    }
    let suspended = MonotonicClock.now()
    let (value, completed) = try await Self.completion(of: task)
    let resumed = MonotonicClock.now()
    try Task.checkCancellation()
    let timing = IsolationTiming(
      entered: entered, reentryWait: resumed &- completed,
      service: (suspended &- entered) &+ (MonotonicClock.now() &- resumed))
    return CacheLookup(value: value, outcome: outcome, timing: timing)
  }

  func invalidate(_ key: Int) {
    table.invalidate(key)?.cancel()
  }

  /// Lookups that have joined another caller's fetch so far.
  var joinCount: Int { table.joinCount }

  /// Number of keys with a ready value.
  var readyCount: Int { table.readyCount }

  /// Awaits `task` off the actor and reads the clock as its value arrives, before the hop back to the actor,
  /// so the caller can tell the wait to re-enter from the wait for the fetch. `Task.value` is awaited off
  /// the actor either way, so this adds no executor hop.
  private static func completion(
    of task: Task<CachedValue, any Error>
  ) async throws -> (value: CachedValue, completed: UInt64) {
    let value = try await task.value
    return (value, MonotonicClock.now())
  }

  /// Starts the fetch in a task that is not isolated to the actor, so the fetch itself never holds it.
  private nonisolated func startFetch(
    _ key: Int, identity: InFlightTable<CachedValue>.Identity
  ) -> Task<CachedValue, any Error> {
    Task { [fetcher] in
      let payload: Payload
      do {
        payload = try await fetcher.fetch(key)
      } catch {
        await self.fail(key, identity: identity)
        throw error
      }
      return try await self.admit(key, identity: identity, payload: payload)
    }
  }

  private func admit(
    _ key: Int, identity: InFlightTable<CachedValue>.Identity, payload: Payload
  ) throws -> CachedValue {
    // Checked before decoding so an invalidated fetch costs no decode; nothing suspends in between.
    guard table.isCurrent(key, identity: identity) else { throw CancellationError() }
    let value = CachedValue(payload: payload, decoded: decoder?.decode(payload))
    _ = table.complete(key, identity: identity, value: value)
    return value
  }

  private func fail(_ key: Int, identity: InFlightTable<CachedValue>.Identity) {
    table.fail(key, identity: identity)
  }
}
