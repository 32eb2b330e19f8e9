import CacheBenchCore

/// The coalescing semantics of `CoalescingActorCache` on a `Mutex`-protected table, with no actor: the
/// reference a user would reach for instead.
///
/// Callers take the lock only for the table step, never across an `await`; the fetch runs in an entry-owned
/// task exactly as in the actor design, and the cancellation and invalidation policy is the same (see
/// `CoalescingActorCache`, including serving a ready value even to a cancelled caller). With
/// `DecodePlacement.inside` the decode runs while holding the lock, which serialises every other caller
/// behind it just as an actor would.
///
/// Timing (`IsolationTiming`): the isolation is the lock. `entered` is read first thing inside `withLock`, so
/// `entered - issued` is the lock wait (plus the call); `service` is the hold time of that one critical
/// section. A request takes the lock once, so `reentryWait` is always 0. The fetch task's admission (with the
/// decode for `DecodePlacement.inside`) holds the lock on behalf of no request, as in `CoalescingActorCache`.
/// Every critical section adds its hold time to `busy` (`IsolationBusyTime`): the busy part of a lock wait
/// is the time others held the lock meanwhile. A waiter blocks its thread rather than suspending, so it
/// never waits for a thread of the pool: what is not busy is the call itself and the lock's hand-over.
final class MutexCache: Cache {
  private let fetcher: any Fetcher
  private let decoder: PayloadDecoder?
  private let table: SanitizerVisibleMutex<InFlightTable<CachedValue>>
  private let clock: @Sendable () -> UInt64
  private let needsClock: Bool
  /// The time the lock was held, by lookups, admissions, failures and invalidations.
  let busy = IsolationBusyTime()

  /// What a caller does after its step under the lock.
  private enum Step {
    case ready(CachedValue)
    case await(Task<CachedValue, any Error>, CacheOutcome, MissCause?)
  }

  /// A cache over `fetcher`; with a `decoder`, payloads are decoded under the lock before being admitted.
  /// Ready entries are kept as `retention` says, timed by `clock` (monotonic nanoseconds).
  init(
    fetcher: any Fetcher, decoder: PayloadDecoder?, retention: RetentionPolicy = .unbounded,
    clock: @escaping @Sendable () -> UInt64 = MonotonicClock.now
  ) {
    self.fetcher = fetcher
    self.decoder = decoder
    self.table = SanitizerVisibleMutex(InFlightTable(retention: retention))
    self.clock = clock
    self.needsClock = retention != .unbounded
  }

  /// The time for the table, read outside the lock and only when the retention policy needs one.
  private var now: UInt64 { needsClock ? clock() : 0 }

  @inline(__always)
  nonisolated(nonsending) func lookup(_ key: Int) async throws -> CacheLookup {
    let now = self.now
    let busyAtCall = busy.nanoseconds
    let (step, timing) = try table.withLock { table throws -> (Step, IsolationTiming) in
      let segment = busy.enter()
      // Without retention a hit changes nothing; with it, the lookup below touches or expires the entry.
      if !table.needsClock, let value = table.readyValue(key) {
        return (.ready(value), busy.end(segment, busyAtCall: busyAtCall))
      }
      let step: Step
      do {
        if table.readyValue(key) == nil { try Task.checkCancellation() }
        switch table.lookup(key, now: now) {
        case .hit(let value):
          step = .ready(value)
        case .join(let task):
          step = .await(task, .join, nil)
        case .lead(let identity):
          // A cancelled caller that found an expired entry cannot start a fetch either.
          try Task.checkCancellation()
          let task = startFetch(key, identity: identity)
          table.begin(key, identity: identity, task: task)
          step = .await(task, .leader, table.leadCause)
        }
      } catch {
        busy.close(segment)
        throw error
      }
      return (step, busy.end(segment, busyAtCall: busyAtCall))
    }
    switch step {
    case .ready(let value):
      return CacheLookup(value: value, outcome: .hit, timing: timing)
    case .await(let task, let outcome, let cause):
      WaitCancellation.waitBegins()
      let value = try await task.value
      try Task.checkCancellation()
      return CacheLookup(value: value, outcome: outcome, timing: timing, missCause: cause)
    }
  }

  func invalidate(_ key: Int) async {
    table.withLock { table in
      let segment = busy.enter()
      defer { busy.close(segment) }
      return table.invalidate(key)
    }?.cancel()
  }

  var isolationBusyTimes: [IsolationBusyTime]? { [busy] }

  /// Lookups that have joined another caller's fetch so far.
  var joinCount: Int { table.withLock { $0.joinCount } }

  /// Number of keys with a ready value.
  var readyCount: Int { table.withLock { $0.readyCount } }

  var readyEntryCount: Int? { readyCount }

  var staleRejectedCount: Int? { table.withLock { $0.staleRejected } }

  /// Out of line, so the hit path's code carries none of the task's set-up.
  @inline(never)
  private func startFetch(
    _ key: Int, identity: InFlightTable<CachedValue>.Identity
  ) -> Task<CachedValue, any Error> {
    Task {
      let payload: Payload
      do {
        payload = try await fetcher.fetch(key)
      } catch {
        table.withLock { table in
          let segment = busy.enter()
          defer { busy.close(segment) }
          table.fail(key, identity: identity)
        }
        throw error
      }
      let now = self.now
      return try table.withLock { table in
        let segment = busy.enter()
        defer { busy.close(segment) }
        return try table.admit(
          key, identity: identity, payload: payload, decoder: decoder, now: now)
      }
    }
  }
}
