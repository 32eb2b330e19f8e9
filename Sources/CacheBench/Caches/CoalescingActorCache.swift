/// A single actor that records a miss as an in-flight fetch before its first suspension, so every overlapping
/// caller of the same key awaits that one fetch instead of starting its own.
///
/// The rules of entries, identities, failures and invalidation are `InFlightTable`'s. The fetch runs in an
/// unstructured task that belongs to the entry, not to any caller; when it finishes it comes back to the actor
/// to decode (for `DecodePlacement.inside`, while isolated, so every other caller waits) and to be admitted.
///
/// Cancellation policy:
/// - a caller that is already cancelled cannot start or join a fetch: it gets `CancellationError` at once;
/// - cancelling one waiter does not cancel the shared fetch, which other callers may still be awaiting;
/// - a waiter cancelled while it waited still resumes only when the fetch completes, and then throws
///   `CancellationError` rather than returning the value;
/// - `invalidate(_:)` removes the entry and cancels its fetch; the fetch's result, even if the fetcher ignores
///   cancellation and returns a payload, is not admitted, and its waiters get `CancellationError`.
actor CoalescingActorCache: Cache {
  private let fetcher: any Fetcher
  private let decoder: PayloadDecoder?
  private var table: InFlightTable<CachedValue>
  private let clock: @Sendable () -> UInt64

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
  }

  /// The time for the table, read only when its retention policy needs one.
  private var now: UInt64 { table.needsClock ? clock() : 0 }

  func lookup(_ key: Int) async throws -> CacheLookup {
    try Task.checkCancellation()
    let task: Task<CachedValue, any Error>
    let outcome: CacheOutcome
    var cause: MissCause? = nil
    switch table.lookup(key, now: now) {
    case .hit(let value):
      return CacheLookup(value: value, outcome: .hit)
    case .join(let running):
      task = running
      outcome = .join
    case .lead(let identity):
      task = startFetch(key, identity: identity)
      table.begin(key, identity: identity, task: task)
      outcome = .leader
      cause = table.leadCause
    }
    WaitCancellation.waitBegins()
    let value = try await task.value
    try Task.checkCancellation()
    return CacheLookup(value: value, outcome: outcome, missCause: cause)
  }

  func invalidate(_ key: Int) {
    table.invalidate(key)?.cancel()
  }

  /// Lookups that have joined another caller's fetch so far.
  var joinCount: Int { table.joinCount }

  /// Number of keys with a ready value.
  var readyCount: Int { table.readyCount }

  var readyEntryCount: Int? { table.readyCount }

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
    _ = table.complete(key, identity: identity, value: value, now: now)
    return value
  }

  private func fail(_ key: Int, identity: InFlightTable<CachedValue>.Identity) {
    table.fail(key, identity: identity)
  }
}
