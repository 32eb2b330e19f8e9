import CacheBenchCore

/// The in-flight half of `SplitResponsibilityCache`: an actor that coalesces misses and, with
/// `DecodePlacement.inside`, decodes what they fetched, while the ready values live in a
/// `ResponseStoreActor` of their own.
///
/// A leader's fetch runs in an unstructured task that belongs to the entry, not to any caller. The task
/// checks the store once more (a fetch may have been stored between the caller's miss there and its step
/// here), fetches, decodes here when the run decodes inside, stores the value through the store's
/// generation check, and only then forgets its entry here, so a caller never finds neither the value nor
/// the fetch in flight.
///
/// Cancellation is the coalescing designs' policy (`CoalescingActorCache`): an already cancelled caller
/// cannot start or join a fetch; cancelling one waiter does not cancel the shared fetch; invalidation
/// cancels the fetch and its result is refused (`stale_rejected`), its waiters getting `CancellationError`.
actor InFlightTrackerActor {
  /// What the entry's task produces: the value, and whether it fetched it (false when the store had it
  /// by the time the task checked again).
  struct Fetch: Sendable {
    var value: CachedValue
    var fetched: Bool
  }

  /// What a caller does after its step here.
  enum Step: Sendable {
    case join(Task<Fetch, any Error>, IsolationTiming)
    case lead(Task<Fetch, any Error>, IsolationTiming)
  }

  private let store: ResponseStoreActor
  private let fetcher: any Fetcher
  private let decoder: PayloadDecoder?
  /// Unchecked at run time, for the reason `CoalescingActorCache.table` gives.
  @exclusivity(unchecked) private var tracker = InFlightTracker<Fetch>()
  /// Decodes refused because the entry was invalidated while its fetch ran.
  private(set) var staleRejected = 0
  /// The time the actor spent running steps, decodes and invalidations.
  nonisolated let busy = IsolationBusyTime()

  init(store: ResponseStoreActor, fetcher: any Fetcher, decoder: PayloadDecoder?) {
    self.store = store
    self.fetcher = fetcher
    self.decoder = decoder
  }

  /// Joins `key`'s fetch in flight or starts it; `busyAtCall` is `busy` read as the caller left the
  /// store for here.
  func step(_ key: Int, busyAtCall: UInt64) throws -> Step {
    let segment = busy.enter()
    do {
      try Task.checkCancellation()
    } catch {
      busy.close(segment)
      throw error
    }
    switch tracker.lookup(key) {
    case .join(let task):
      return .join(task, busy.end(segment, busyAtCall: busyAtCall))
    case .lead(let identity):
      let task = startFetch(key, identity: identity)
      tracker.begin(key, identity: identity, task: task)
      return .lead(task, busy.end(segment, busyAtCall: busyAtCall))
    }
  }

  /// Removes `key`'s fetch in flight and cancels it.
  func invalidate(_ key: Int) {
    let segment = busy.enter()
    defer { busy.close(segment) }
    tracker.invalidate(key)?.cancel()
  }

  /// Lookups that have joined another caller's fetch so far.
  var joinCount: Int { tracker.joinCount }

  /// Out of line, for the reason `CoalescingActorCache.startFetch` gives; nonisolated, so the task is
  /// not isolated to this actor and its fetch never holds it.
  @inline(never)
  private nonisolated func startFetch(
    _ key: Int, identity: InFlightTracker<Fetch>.Identity
  ) -> Task<Fetch, any Error> {
    Task { [store, fetcher, decoder] in
      let (ready, generation) = await store.recheck(key)
      if let ready {
        await self.finish(key, identity: identity)
        return Fetch(value: ready, fetched: false)
      }
      let value: CachedValue
      do {
        let payload = try await fetcher.fetch(key)
        if let decoder {
          value = try await self.decode(payload, of: key, identity: identity, with: decoder)
        } else {
          value = CachedValue(payload: payload)
        }
      } catch {
        await self.finish(key, identity: identity)
        throw error
      }
      let admitted = await store.admit(value, for: key, generation: generation)
      await self.finish(key, identity: identity)
      guard admitted else { throw CancellationError() }
      return Fetch(value: value, fetched: true)
    }
  }

  /// Decodes a fetched payload while isolated here, unless its entry was invalidated meanwhile.
  private func decode(
    _ payload: Payload, of key: Int, identity: InFlightTracker<Fetch>.Identity,
    with decoder: PayloadDecoder
  ) throws -> CachedValue {
    let segment = busy.enter()
    defer { busy.close(segment) }
    guard tracker.isCurrent(key, identity: identity) else {
      staleRejected += 1
      throw CancellationError()
    }
    return CachedValue(payload: payload, decoded: decoder.decode(payload))
  }

  private func finish(_ key: Int, identity: InFlightTracker<Fetch>.Identity) {
    let segment = busy.enter()
    defer { busy.close(segment) }
    tracker.finish(key, identity: identity)
  }
}
