import CacheBenchCore

/// The `naive-repository` design: the repository written the way `NaiveActorCache` is, to show what the
/// generations and revisions of `RepositoryActorCache` prevent. Do not fix it here.
///
/// A read checks the dictionary, awaits the store's load inside the actor, and stores whatever comes
/// back; a write clears the entry, then sends the compare-and-save with the cached revision (or
/// `EntityStore.initialRevision`) as the expected one. Nothing stops a load that began before a write from
/// being stored after it completed, so later hits serve the older revision: `stale_served_after_write`
/// counts them. Overlapping misses each load, as in `naive`. Nothing is ever refused admission, so its
/// `stale_rejected` is 0, not absent.
///
/// Cancellation (a caller cancelled during its decode included) and timing are `NaiveActorCache`'s: a hit is one isolated segment, a miss two (up to the
/// load, and the resumption that decodes with `DecodePlacement.inside` and stores).
actor NaiveRepositoryCache: Cache {
  private let store: EntityStore
  private let decoder: PayloadDecoder?
  private var storage: [Int: (value: CachedValue, revision: UInt64)] = [:]
  /// The time the actor spent running lookups' segments, writes' segments and invalidations.
  let busy = IsolationBusyTime()

  init(store: EntityStore, decoder: PayloadDecoder?) {
    self.store = store
    self.decoder = decoder
  }

  nonisolated var entityStore: EntityStore? { store }

  /// Reads `busy` as the caller invokes the cache, before the hop into the actor.
  nonisolated(nonsending) func lookup(_ key: Int) async throws -> CacheLookup {
    try await lookup(key, busyAtCall: busy.nanoseconds)
  }

  private func lookup(_ key: Int, busyAtCall: UInt64) async throws -> CacheLookup {
    let first = busy.enter()
    if let entry = storage[key] {
      return CacheLookup(
        value: entry.value, outcome: .hit, timing: busy.end(first, busyAtCall: busyAtCall),
        revision: entry.revision)
    }
    WaitCancellation.waitBegins()
    let firstService = busy.close(first)
    let (snapshot, loaded, busyAtLoaded) = try await Self.load(key, from: store, busy: busy)
    let second = busy.enter()
    let decoded: UInt64?
    do {
      decoded = try decoder?.decodeUnlessCancelled(snapshot.payload)
    } catch {
      busy.close(second)
      throw error
    }
    let value = CachedValue(payload: snapshot.payload, decoded: decoded)
    storage[key] = (value, snapshot.revision)
    let busyWait =
      first.busyWait(since: busyAtCall) &+ second.busyWait(since: busyAtLoaded)
    let timing = IsolationTiming(
      entered: first.entered, reentryWait: second.entered &- min(loaded, second.entered),
      service: firstService &+ busy.close(second), busyWait: busyWait)
    return CacheLookup(
      value: value, outcome: .leader, timing: timing, missCause: .cold,
      revision: snapshot.revision)
  }

  func write(_ key: Int) async -> WriteResult? {
    let segment = busy.enter()
    let expected = storage[key]?.revision ?? EntityStore.initialRevision
    storage[key] = nil
    busy.close(segment)
    let response = await store.compareAndSave(key, expected: expected)
    if case .conflict = response { return WriteResult(conflict: true, revision: response.revision) }
    return WriteResult(conflict: false, revision: response.revision)
  }

  func invalidate(_ key: Int) {
    let segment = busy.enter()
    defer { busy.close(segment) }
    storage[key] = nil
  }

  nonisolated var isolationBusyTimes: [IsolationBusyTime]? { [busy] }

  var readyEntryCount: Int? { storage.count }

  var staleRejectedCount: Int? { 0 }

  /// Loads off the actor and reads the clock as the load returns, before the hop back; a caller
  /// cancelled during the load gets `CancellationError` whatever the store returned.
  private static func load(
    _ key: Int, from store: EntityStore, busy: IsolationBusyTime
  ) async throws -> (EntityStore.Snapshot, UInt64, UInt64) {
    let snapshot = try await store.load(key)
    try Task.checkCancellation()
    return (snapshot, MonotonicClock.now(), busy.nanoseconds)
  }
}
