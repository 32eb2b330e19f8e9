/// The request loop of one closed-loop client: everything the driver does around each `lookup`.
///
/// Kept apart from `BenchmarkDriver` so that the calibration can run exactly this code against a cache that
/// answers at once and report what the harness itself costs per request (`HarnessProbe`).
///
/// Per request: take the next index of the client's claimed batch (`RequestClaims`), compute its key and
/// its operation (`OperationMix`), read the clock (the issue time), then either invalidate the key (an
/// operation, not a request: counted in `invalidations`, no latency) or call `lookup` (from a child task
/// cancelled once it waits, `WaitCancellation`, for a cancelled read), count the outcome and the miss
/// cause, record queue delay and service time from the returned `IsolationTiming`, decode when decoding is
/// outside the cache, read the clock again and record the latency. The key and operation are computed
/// before the issue time is read, so latency and queue delay never include the workload generator.
///
/// With an `OpenLoopSchedule` (`--rate`) the loop is `runOpenLoop` instead: each request is claimed alone
/// and issued at its intended time (`windowStart` plus its scheduled offset), sleeping until then when
/// early; its latency counts from the intended start, and the latency from the actual start, the start lag
/// and the last actual start are recorded beside it. The closed loop (no schedule) is unchanged.
///
/// Specialised per design: the loop is `@inlinable` and generic over the cache's type, and `CacheDesign`'s
/// generic initialiser compiles it for the concrete type the design's factory returns
/// (`CacheSpecialisation.clientLoop`), in the module that registers the design. The driver then calls the
/// design's `lookup` directly, inlined into the loop, rather than through the `Cache` witness table, whose
/// async call cost every request about 30 ns of harness weight (`async call` in `cachebench calibrate`). Only the loop's skeleton is inlined: what it
/// does before and after each lookup is in out-of-line calls (`RequestSource`, `ClientRecorder`), so the
/// specialised copies and this module's copy run the same code for it.
///
/// The loop's functions are `nonisolated(nonsending)`: they run where their caller runs (a client's task,
/// on the global executor), and a `lookup` that is `nonisolated(nonsending)` itself returns to them with
/// no executor switch of the loop's own. As plain `nonisolated` async functions they switched to the
/// global executor again after every such lookup, though the lookup had already come back to it: under
/// callgrind 70 instructions a hit (`coalescing` 1,363.7 → 1,296.6, `sharded` and `fetch-outside` likewise),
/// and a typed design's hit, whose adapter is `nonisolated(nonsending)`, 12–17 ns more than its Int-keyed twin
/// in `cachebench calibrate` (3–4 ns since). A `lookup` that returns to the loop by itself (an isolated
/// actor method, or a lock's `lookup` that never leaves) costs a little more: `naive` 1,350.2 → 1,361.7
/// instructions. Timed on an idle machine (one client, all hits, five runs of each build alternated):
/// `coalescing` 285.6 → 271.8 ns a request, `naive` 280.4 → 284.0, `mutex` 195.8 → 201.0; the
/// calibration's `harness per request`, a lookup that answers at once, 106 → 124 ns. This is also how
/// an app's caller runs under Swift 6.2's nonisolated-nonsending default.
@usableFromInline
enum ClientLoop {
  /// What a client loop is given besides its cache and its recorder.
  ///
  /// A class, made once per window and shared by its clients: as a struct, each client's async frames
  /// held copies of it (the loop's request source kept one across every await), a few hundred bytes a
  /// client that pushed its frame chain past the task allocator's first slab. Its fields are constants.
  @usableFromInline
  final class Arguments: Sendable {
    /// The run's key sequence.
    @usableFromInline let keys: KeySequence
    /// What each request index does.
    @usableFromInline let operations: OperationMix
    /// Where the clients claim request indices.
    @usableFromInline let claims: RequestClaims
    /// Indices at or above it are not issued (`.max` for a duration stop).
    @usableFromInline let limit: Int
    /// No request is issued at or after it (a `MonotonicClock` reading; `.max` for a request stop).
    @usableFromInline let deadline: UInt64
    /// Non-nil when callers decode outside the cache.
    @usableFromInline let decoder: PayloadDecoder?
    /// The window's start (a `MonotonicClock` reading), for the raw samples and the open loop.
    @usableFromInline let windowStart: UInt64
    /// Open loop (`--rate`) when non-nil.
    @usableFromInline let schedule: OpenLoopSchedule?
    /// A stop request (a signal or the run's deadline) stops the loop before its next operation.
    @usableFromInline let runStop: RunStop?
    /// Non-nil when the harness attributes outcomes in this window (`runAttributed`).
    @usableFromInline let attribution: FetchAttribution?
    /// Where the window's writes get their values and expected revisions; nil sends the key alone.
    @usableFromInline let writes: WriteSource?

    init(
      keys: KeySequence, operations: OperationMix, claims: RequestClaims, limit: Int,
      deadline: UInt64, decoder: PayloadDecoder?, windowStart: UInt64,
      schedule: OpenLoopSchedule?, runStop: RunStop?, attribution: FetchAttribution? = nil,
      writes: WriteSource? = nil
    ) {
      self.attribution = attribution
      self.writes = writes
      self.keys = keys
      self.operations = operations
      self.claims = claims
      self.limit = limit
      self.deadline = deadline
      self.decoder = decoder
      self.windowStart = windowStart
      self.schedule = schedule
      self.runStop = runStop
    }
  }

  /// A client loop for caches of one type, taking the cache as an existential; the driver calls the
  /// design's (`CacheSpecialisation.clientLoop`), which opens the cache to its concrete type once per
  /// client.
  @usableFromInline
  typealias Runner = @Sendable (any Cache, Arguments, inout ClientRecorder) async -> Void

  /// The loop for a cache of any type, through the `Cache` witness table: for designs whose factory
  /// returns `any Cache`.
  @usableFromInline
  static let unspecialised: Runner = { cache, arguments, recorder in
    await run(cache: cache, arguments, into: &recorder)
  }

  /// The loop specialised to `Specialised` when the cache is one, else `unspecialised`'s.
  ///
  /// The specialised loop is inlined into this closure (`run` is always inlined), so a client's frame
  /// chain has one frame less, and its header: with the chain inside the task allocator's first slab, a
  /// client costs no more than the task itself. The fallback calls `unspecialised`, whose frame is
  /// allocated only when it runs.
  @inlinable
  static func runner<Specialised: Cache>(for _: Specialised.Type) -> Runner {
    { cache, arguments, recorder in
      guard let cache = opened(cache, as: Specialised.self) else {
        await unspecialised(cache, arguments, &recorder)
        return
      }
      await run(cache: cache, arguments, into: &recorder)
    }
  }

  /// `cache` as a `Specialised`, or nil. Out of line and synchronous, so the copy of the existential
  /// that the cast makes is on the thread's stack, not in the client's async frame.
  @inlinable
  @inline(never)
  static func opened<Specialised: Cache>(
    _ cache: any Cache, as _: Specialised.Type
  ) -> Specialised? {
    cache as? Specialised
  }

  /// Issues requests until the claimed index reaches `limit` or the issue time reaches `deadline`
  /// (a `MonotonicClock` reading), recording into `recorder`. `decoder` is non-nil when callers decode
  /// outside the cache. When `recorder.rawLatencies` is non-nil every request's latency is also
  /// appended there, with its issue time relative to `windowStart`. Index i does what
  /// `operations.operation(at: i)` says; a `limit` counts invalidations among the operations. A
  /// `runStop` request (a signal or the run's deadline) stops it before its next operation. With a
  /// `schedule` the run is open loop (see `runOpenLoop`).
  nonisolated(nonsending) static func run<C: Cache>(
    cache: C, keys: KeySequence, operations: OperationMix = .readsOnly, claims: RequestClaims,
    limit: Int, deadline: UInt64,
    decoder: PayloadDecoder?, windowStart: UInt64 = 0, schedule: OpenLoopSchedule? = nil,
    runStop: RunStop? = nil,
    into recorder: inout ClientRecorder
  ) async {
    await run(
      cache: cache,
      Arguments(
        keys: keys, operations: operations, claims: claims, limit: limit, deadline: deadline,
        decoder: decoder, windowStart: windowStart, schedule: schedule, runStop: runStop),
      into: &recorder)
  }

  /// `run(cache:keys:…)` with its arguments bundled.
  @inlinable
  @inline(__always)
  nonisolated(nonsending) static func run<C: Cache>(
    cache: C, _ arguments: Arguments, into recorder: inout ClientRecorder
  ) async {
    // Checked once per client, so a window that does not attribute runs the loop it always ran.
    if let attribution = arguments.attribution {
      await runAttributed(cache: cache, arguments, attribution: attribution, into: &recorder)
      return
    }
    if let schedule = arguments.schedule {
      await runOpenLoop(cache: cache, arguments, schedule: schedule, into: &recorder)
      return
    }
    var source = RequestSource(arguments, store: cache.entityStore)
    while let request = source.nextClosedLoop() {
      let issued = MonotonicClock.now()
      guard issued < arguments.deadline else { break }
      guard
        await issue(
          request.operation, request.key, to: cache, issued: issued, floor: request.floor,
          arguments: arguments, into: &recorder)
      else { continue }
      recorder.recordLatency(
        request: request.index, issued: issued, completed: MonotonicClock.now(),
        windowStart: arguments.windowStart)
    }
  }

  /// The open-loop request loop: request i is due at `windowStart + schedule.intendedOffset(of: i)`,
  /// whether or not earlier requests have completed. A client sleeps until its claimed request is due,
  /// or issues it at once when it is already late; no request due at or after `deadline` is issued.
  /// `latency` and the raw samples count from the intended start (coordinated omission corrected),
  /// `actualLatency` from the actual one; queue delay is from the actual issue, as the cache sees it.
  @inlinable
  nonisolated(nonsending) static func runOpenLoop<C: Cache>(
    cache: C, _ arguments: Arguments, schedule: OpenLoopSchedule,
    into recorder: inout ClientRecorder
  ) async {
    recorder.prepareOpenLoop()
    var source = RequestSource(arguments, store: cache.entityStore)
    while let request = source.nextOpenLoop(schedule: schedule) {
      var issued = MonotonicClock.now()
      if request.intended > issued {
        try? await Task.sleep(
          for: .nanoseconds(Int64(request.intended &- issued)), tolerance: .zero)
        // A stop (or the window's cancellation) that arrives while waiting issues nothing more.
        if Task.isCancelled || source.isStopped { break }
        issued = MonotonicClock.now()
      }
      guard issued < arguments.deadline else { break }
      guard
        await issue(
          request.operation, request.key, to: cache, issued: issued,
          floor: source.completedRevision(of: request.key), arguments: arguments,
          into: &recorder)
      else { continue }
      recorder.recordOpenLoopLatency(
        request: request.index, intended: request.intended, issued: issued,
        completed: MonotonicClock.now(), windowStart: arguments.windowStart)
    }
  }

  /// One operation, the part both loops share. An invalidation or a write is counted and returns false:
  /// it is not a request and has no latency. A read looks `key` up (cancelled once it waits when
  /// `operation` says so), counts its outcome, miss cause and timing at the cache, counts it stale when
  /// it returned a revision below `floor` (the key's completed-write revision read before it began),
  /// decodes outside the cache when `arguments.decoder` is given, and returns true; its latency is
  /// recorded by the caller, which knows where it counts from.
  ///
  /// Only a plain read is inlined here: the other operations are in `issueOther`, so that their awaits'
  /// results and temporaries take no room in the loop's async frame, which every client keeps for as
  /// long as it runs.
  @inlinable
  @inline(__always)
  nonisolated(nonsending) static func issue<C: Cache>(
    _ operation: OperationMix.Operation, _ key: Int, to cache: C, issued: UInt64, floor: UInt64,
    arguments: Arguments,
    into recorder: inout ClientRecorder
  ) async -> Bool {
    guard operation == .read else {
      return await issueOther(
        operation, key, to: cache, issued: issued, floor: floor, arguments: arguments,
        into: &recorder)
    }
    do {
      let lookup = try await cache.lookup(key)
      recorder.record(read: lookup, of: key, issued: issued, floor: floor, decoderOf: arguments)
    } catch {
      recorder.record(failedRead: error)
    }
    return true
  }

  /// `issue` for every operation but a plain read: an invalidation, a write, or a read cancelled
  /// once it waits. Not inlined, so its frame is allocated only when such an operation runs.
  @inlinable
  @inline(never)
  nonisolated(nonsending) static func issueOther<C: Cache>(
    _ operation: OperationMix.Operation, _ key: Int, to cache: C, issued: UInt64, floor: UInt64,
    arguments: Arguments,
    into recorder: inout ClientRecorder
  ) async -> Bool {
    switch operation {
    case .invalidate:
      await cache.invalidate(key)
      recorder.recordInvalidation()
      return false
    case .write:
      // A design without writes returns nil and the write goes uncounted, which the accounting
      // check reports; the options never send writes to one.
      recorder.record(write: await arguments.send(write: key, to: cache))
      return false
    case .read, .cancelledRead:
      break
    }
    do {
      let lookup =
        operation == .cancelledRead
        ? try await WaitCancellation.cancelledLookup(key, in: cache)
        : try await cache.lookup(key)
      recorder.record(read: lookup, of: key, issued: issued, floor: floor, decoderOf: arguments)
    } catch {
      recorder.record(failedRead: error)
    }
    return true
  }
}

/// The requests of one client, each with what the loop needs before issuing it: its index, key,
/// operation and (closed loop) the key's completed-write revision. Out of line, so the loop specialised
/// in a design's module calls this module's code for it.
@usableFromInline
struct RequestSource {
  /// One request to issue.
  @usableFromInline
  struct Request {
    @usableFromInline let index: Int
    @usableFromInline let key: Int
    @usableFromInline let operation: OperationMix.Operation
    /// The key's completed-write revision before the request (closed loop; 0 in the open loop, which
    /// reads it after its sleep).
    @usableFromInline let floor: UInt64
    /// When the request is due (open loop; 0 in the closed loop).
    @usableFromInline let intended: UInt64
  }

  private let arguments: ClientLoop.Arguments
  private let store: EntityStore?
  private var batch = 0..<0

  @usableFromInline
  init(_ arguments: ClientLoop.Arguments, store: EntityStore?) {
    self.arguments = arguments
    self.store = store
  }

  /// Whether a stop was requested.
  @usableFromInline
  var isStopped: Bool { arguments.runStop?.isRequested == true }

  /// The next closed-loop request, from the client's claimed batch; nil once stopped or past the limit.
  @usableFromInline
  mutating func nextClosedLoop() -> Request? {
    guard !isStopped else { return nil }
    if batch.isEmpty { batch = arguments.claims.nextBatch() }
    let index = batch.lowerBound
    batch = batch.dropFirst()
    guard index < arguments.limit else { return nil }
    let key = arguments.keys.key(at: index)
    return Request(
      index: index, key: key, operation: arguments.operations.operation(at: index),
      floor: store?.completedRevision(of: key) ?? 0, intended: 0)
  }

  /// The next open-loop request, claimed alone; nil once stopped, past the limit, or due at or after
  /// the deadline.
  @usableFromInline
  mutating func nextOpenLoop(schedule: OpenLoopSchedule) -> Request? {
    guard !isStopped else { return nil }
    let index = arguments.claims.next()
    guard index < arguments.limit else { return nil }
    let intended = arguments.windowStart &+ schedule.intendedOffset(of: index)
    guard intended < arguments.deadline else { return nil }
    return Request(
      index: index, key: arguments.keys.key(at: index),
      operation: arguments.operations.operation(at: index), floor: 0, intended: intended)
  }

  /// `key`'s completed-write revision now (0 without a store).
  @usableFromInline
  func completedRevision(of key: Int) -> UInt64 {
    store?.completedRevision(of: key) ?? 0
  }
}
