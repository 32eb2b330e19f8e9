import CacheBenchCore

/// The `repository` design: one actor in front of an `EntityStore`, caching entities by revision and
/// sending writes with the revision it expects, under `RepositoryTable`'s rules.
///
/// Reads coalesce as in `CoalescingActorCache`, but per generation: a miss records its load (with the
/// ticket it began under) before suspending, and later readers of the same key and generation join it.
/// A write (or an invalidation) advances the key's generation and forgets the in-flight load, so a reader
/// that arrives afterwards starts a load of its own instead of joining one that may return the older
/// revision; the old load still answers the readers that joined it, whose reads began before the write.
/// When a load finishes it comes back to the actor to decode (with `DecodePlacement.inside`) and to ask
/// the table for admission: a load whose generation moved on, or whose revision is older than one known,
/// is refused (`stale_rejected`) and answers only its own readers.
///
/// A write takes the key's known revision (`EntityStore.initialRevision` when it knows none) as the
/// expected one, begins (generation advanced, entry cleared), sends the compare-and-save off the actor,
/// and records the response, saved or conflicting, with `completeWrite`, which advances the generation
/// again so loads that overlapped the write are refused too, and never moves the known revision back.
///
/// Cancellation follows `CoalescingActorCache`: a cancelled caller cannot start or join a load, one
/// cancelled waiter does not cancel the shared load, and a waiter cancelled while it waited throws
/// `CancellationError`. `invalidate(_:)` also cancels the key's in-flight load. Failures are not cached.
///
/// Timing: a read is one isolated segment (the step), as in the coalescing designs; the `admit` step runs
/// in the load's task and belongs to no request.
actor RepositoryActorCache: Cache {
  private struct Load {
    var ticket: RepositoryTable<CachedValue>.Ticket
    var task: Task<(CachedValue, UInt64), any Error>
  }

  private let store: EntityStore
  private let decoder: PayloadDecoder?
  private var table = RepositoryTable<CachedValue>()
  private var loads: [Int: Load] = [:]
  /// The time the actor spent running steps, admissions, writes' steps and invalidations.
  let busy = IsolationBusyTime()

  /// A cache over `store`; with a `decoder`, payloads are decoded inside the actor before admission.
  init(store: EntityStore, decoder: PayloadDecoder?) {
    self.store = store
    self.decoder = decoder
  }

  nonisolated var entityStore: EntityStore? { store }

  nonisolated(nonsending) func lookup(_ key: Int) async throws -> CacheLookup {
    switch try await step(key, busyAtCall: busy.nanoseconds) {
    case .ready(let entity, let timing):
      return CacheLookup(
        value: entity.value, outcome: .hit, timing: timing, revision: entity.revision)
    case .await(let task, let outcome, let timing):
      WaitCancellation.waitBegins()
      let (value, revision) = try await task.value
      try Task.checkCancellation()
      return CacheLookup(
        value: value, outcome: outcome, timing: timing,
        missCause: outcome == .leader ? .cold : nil, revision: revision)
    }
  }

  private enum Step: Sendable {
    case ready(RepositoryTable<CachedValue>.Entity, IsolationTiming)
    case await(Task<(CachedValue, UInt64), any Error>, CacheOutcome, IsolationTiming)
  }

  private func step(_ key: Int, busyAtCall: UInt64) throws -> Step {
    let segment = busy.enter()
    switch table.read(key) {
    case .hit(let entity):
      return .ready(entity, busy.end(segment, busyAtCall: busyAtCall))
    case .load(let ticket):
      do {
        try Task.checkCancellation()
      } catch {
        busy.close(segment)
        throw error
      }
      if let load = loads[key], load.ticket == ticket {
        joinCount += 1
        return .await(load.task, .join, busy.end(segment, busyAtCall: busyAtCall))
      }
      let task = startLoad(ticket)
      loads[key] = Load(ticket: ticket, task: task)
      return .await(task, .leader, busy.end(segment, busyAtCall: busyAtCall))
    }
  }

  private nonisolated func startLoad(
    _ ticket: RepositoryTable<CachedValue>.Ticket
  ) -> Task<(CachedValue, UInt64), any Error> {
    Task { [store] in
      let snapshot: EntityStore.Snapshot
      do {
        snapshot = try await store.load(ticket.key)
      } catch {
        await self.forget(ticket)
        throw error
      }
      return await self.admit(ticket, snapshot: snapshot)
    }
  }

  /// Decodes (inside) and asks the table to admit the load; its readers get the snapshot either way.
  private func admit(
    _ ticket: RepositoryTable<CachedValue>.Ticket, snapshot: EntityStore.Snapshot
  ) -> (CachedValue, UInt64) {
    let segment = busy.enter()
    defer { busy.close(segment) }
    forgetLoad(ticket)
    let value = CachedValue(payload: snapshot.payload, decoded: decoder?.decode(snapshot.payload))
    _ = table.admit(ticket, entity: .init(revision: snapshot.revision, value: value))
    return (value, snapshot.revision)
  }

  /// Drops the in-flight record of the load under `ticket`, unless a newer load replaced it.
  private func forget(_ ticket: RepositoryTable<CachedValue>.Ticket) {
    let segment = busy.enter()
    defer { busy.close(segment) }
    forgetLoad(ticket)
  }

  private func forgetLoad(_ ticket: RepositoryTable<CachedValue>.Ticket) {
    if loads[ticket.key]?.ticket == ticket { loads[ticket.key] = nil }
  }

  nonisolated func write(_ key: Int) async -> WriteResult? {
    let expected = await beginWrite(key)
    let response = await store.compareAndSave(key, expected: expected)
    await completeWrite(key, response: response)
    if case .conflict = response { return WriteResult(conflict: true, revision: response.revision) }
    return WriteResult(conflict: false, revision: response.revision)
  }

  private func beginWrite(_ key: Int) -> UInt64 {
    let segment = busy.enter()
    defer { busy.close(segment) }
    let expected = table.knownRevision(of: key) ?? EntityStore.initialRevision
    table.beginWrite(key)
    loads[key] = nil
    return expected
  }

  private func completeWrite(_ key: Int, response: EntityStore.SaveResponse) {
    let segment = busy.enter()
    defer { busy.close(segment) }
    _ = table.completeWrite(key, revision: response.revision)
    loads[key] = nil
  }

  func invalidate(_ key: Int) {
    let segment = busy.enter()
    defer { busy.close(segment) }
    table.invalidate(key)
    loads.removeValue(forKey: key)?.task.cancel()
  }

  nonisolated var isolationBusyTimes: [IsolationBusyTime]? { [busy] }

  var readyEntryCount: Int? { table.cachedCount }

  /// Reads that joined another reader's load so far.
  private(set) var joinCount = 0

  var staleRejectedCount: Int? { table.staleRejected }
}
