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
enum ClientLoop {
  /// Issues requests until the claimed index reaches `limit` or the issue time reaches `deadline`
  /// (a `MonotonicClock` reading), recording into `recorder`. `decoder` is non-nil when callers decode
  /// outside the cache. When `recorder.rawLatencies` is non-nil every request's latency is also
  /// appended there, with its issue time relative to `windowStart`. Index i does what
  /// `operations.operation(at: i)` says; a `limit` counts invalidations among the operations. A `runStop`
  /// request (a signal or the run's deadline) stops it before its next operation.
  static func run<C: Cache>(
    cache: C, keys: KeySequence, operations: OperationMix = .readsOnly, claims: RequestClaims,
    limit: Int, deadline: UInt64, decoder: PayloadDecoder?, windowStart: UInt64 = 0,
    runStop: RunStop? = nil, into recorder: inout ClientRecorder
  ) async {
    var batch = 0..<0
    while runStop?.isRequested != true {
      if batch.isEmpty { batch = claims.nextBatch() }
      let index = batch.lowerBound
      batch = batch.dropFirst()
      guard index < limit else { break }
      let key = keys.key(at: index)
      let operation = operations.operation(at: index)
      let issued = MonotonicClock.now()
      guard issued < deadline else { break }
      if operation == .invalidate {
        await cache.invalidate(key)
        recorder.invalidations += 1
        continue
      }
      recorder.requests += 1
      do {
        let lookup =
          operation == .cancelledRead
          ? try await WaitCancellation.cancelledLookup(key, in: cache)
          : try await cache.lookup(key)
        recorder.record(lookup.outcome)
        recorder.record(lookup.missCause)
        recorder.record(lookup.timing, issued: issued)
        if let decoder {
          recorder.checksum ^= decoder.decode(lookup.value.payload)
        } else if let decoded = lookup.value.decoded {
          recorder.checksum ^= decoded
        }
      } catch {
        recorder.record(error)
      }
      let latency = MonotonicClock.now() &- issued
      recorder.latency.record(latency)
      recorder.rawLatencies?.append(
        RawLatencySample(
          request: index, issuedNanoseconds: issued &- windowStart, latencyNanoseconds: latency))
    }
  }
}
