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
enum ClientLoop {
  /// Issues requests until the claimed index reaches `limit` or the issue time reaches `deadline`
  /// (a `MonotonicClock` reading), recording into `recorder`. `decoder` is non-nil when callers decode
  /// outside the cache. When `recorder.rawLatencies` is non-nil every request's latency is also
  /// appended there, with its issue time relative to `windowStart`. Index i does what
  /// `operations.operation(at: i)` says; a `limit` counts invalidations among the operations. A
  /// `runStop` request (a signal or the run's deadline) stops it before its next operation. With a
  /// `schedule` the run is open loop (see `runOpenLoop`).
  static func run<C: Cache>(
    cache: C, keys: KeySequence, operations: OperationMix = .readsOnly, claims: RequestClaims,
    limit: Int, deadline: UInt64,
    decoder: PayloadDecoder?, windowStart: UInt64 = 0, schedule: OpenLoopSchedule? = nil,
    runStop: RunStop? = nil,
    into recorder: inout ClientRecorder
  ) async {
    if let schedule {
      await runOpenLoop(
        cache: cache, keys: keys, operations: operations, claims: claims, limit: limit,
        deadline: deadline,
        decoder: decoder, windowStart: windowStart, schedule: schedule, runStop: runStop,
        into: &recorder)
      return
    }
    let store = cache.entityStore
    var batch = 0..<0
    while runStop?.isRequested != true {
      if batch.isEmpty { batch = claims.nextBatch() }
      let index = batch.lowerBound
      batch = batch.dropFirst()
      guard index < limit else { break }
      let key = keys.key(at: index)
      let operation = operations.operation(at: index)
      let floor = store?.completedRevision(of: key) ?? 0
      let issued = MonotonicClock.now()
      guard issued < deadline else { break }
      guard
        await issue(
          operation, key, to: cache, issued: issued, floor: floor, decoder: decoder,
          into: &recorder)
      else { continue }
      let latency = MonotonicClock.now() &- issued
      recorder.latency.record(latency)
      recorder.rawLatencies?.append(
        RawLatencySample(
          request: index, issuedNanoseconds: issued &- windowStart, latencyNanoseconds: latency))
    }
  }

  /// The open-loop request loop: request i is due at `windowStart + schedule.intendedOffset(of: i)`,
  /// whether or not earlier requests have completed. A client sleeps until its claimed request is due,
  /// or issues it at once when it is already late; no request due at or after `deadline` is issued.
  /// `latency` and the raw samples count from the intended start (coordinated omission corrected),
  /// `actualLatency` from the actual one; queue delay is from the actual issue, as the cache sees it.
  static func runOpenLoop<C: Cache>(
    cache: C, keys: KeySequence, operations: OperationMix = .readsOnly, claims: RequestClaims,
    limit: Int, deadline: UInt64,
    decoder: PayloadDecoder?, windowStart: UInt64, schedule: OpenLoopSchedule,
    runStop: RunStop? = nil, into recorder: inout ClientRecorder
  ) async {
    if recorder.actualLatency == nil { recorder.actualLatency = LatencyHistogram() }
    let store = cache.entityStore
    while runStop?.isRequested != true {
      let index = claims.next()
      guard index < limit else { break }
      let key = keys.key(at: index)
      let operation = operations.operation(at: index)
      let intended = windowStart &+ schedule.intendedOffset(of: index)
      guard intended < deadline else { break }
      var issued = MonotonicClock.now()
      if intended > issued {
        try? await Task.sleep(for: .nanoseconds(Int64(intended &- issued)), tolerance: .zero)
        // A stop (or the window's cancellation) that arrives while waiting issues nothing more.
        if Task.isCancelled || runStop?.isRequested == true { break }
        issued = MonotonicClock.now()
      }
      guard issued < deadline else { break }
      let floor = store?.completedRevision(of: key) ?? 0
      guard
        await issue(
          operation, key, to: cache, issued: issued, floor: floor, decoder: decoder,
          into: &recorder)
      else { continue }
      let completed = MonotonicClock.now()
      let latency = completed &- intended
      recorder.latency.record(latency)
      recorder.actualLatency?.record(completed &- issued)
      recorder.maximumStartLag = max(recorder.maximumStartLag, issued &- min(issued, intended))
      recorder.lastActualStart = max(recorder.lastActualStart, issued &- windowStart)
      recorder.rawLatencies?.append(
        RawLatencySample(
          request: index, issuedNanoseconds: intended &- windowStart, latencyNanoseconds: latency))
    }
  }

  /// One operation, the part both loops share. An invalidation or a write is counted and returns false:
  /// it is not a request and has no latency. A read looks `key` up (cancelled once it waits when
  /// `operation` says so), counts its outcome, miss cause and timing at the cache, counts it stale when
  /// it returned a revision below `floor` (the key's completed-write revision read before it began),
  /// decodes outside the cache when `decoder` is given, and returns true; its latency is recorded by the
  /// caller, which knows where it counts from.
  @inline(__always)
  private static func issue<C: Cache>(
    _ operation: OperationMix.Operation, _ key: Int, to cache: C, issued: UInt64, floor: UInt64,
    decoder: PayloadDecoder?,
    into recorder: inout ClientRecorder
  ) async -> Bool {
    switch operation {
    case .invalidate:
      await cache.invalidate(key)
      recorder.invalidations += 1
      return false
    case .write:
      // A design without writes returns nil and the write goes uncounted, which the accounting
      // check reports; the options never send writes to one.
      if let result = await cache.write(key) {
        recorder.writes += 1
        if result.conflict { recorder.conflicts += 1 }
      }
      return false
    case .read, .cancelledRead:
      break
    }
    recorder.requests += 1
    do {
      let lookup =
        operation == .cancelledRead
        ? try await WaitCancellation.cancelledLookup(key, in: cache)
        : try await cache.lookup(key)
      guard lookup.value.payload.key == key else {
        recorder.recordWrongKey(answered: lookup.value.payload.key, asked: key)
        return true
      }
      recorder.record(lookup.outcome)
      recorder.record(lookup.missCause)
      recorder.record(lookup.timing, issued: issued)
      if let revision = lookup.revision, revision < floor { recorder.staleServedAfterWrite += 1 }
      if let decoder {
        recorder.checksum ^= decoder.decode(lookup.value.payload)
      } else if let decoded = lookup.value.decoded {
        recorder.checksum ^= decoded
      }
    } catch {
      recorder.record(error)
    }
    return true
  }
}
