/// The request loop of one closed-loop client: everything the driver does around each `lookup`.
///
/// Kept apart from `BenchmarkDriver` so that the calibration can run exactly this code against a cache that
/// answers at once and report what the harness itself costs per request (`HarnessProbe`).
///
/// Per request: take the next index of the client's claimed batch (`RequestClaims`), compute its key, read the clock (the issue time), call `lookup`, count the
/// outcome, record queue delay and service time from the returned `IsolationTiming`, decode when decoding
/// is outside the cache, read the clock again and record the latency. The key is computed before the issue
/// time is read, so latency and queue delay never include the workload generator.
enum ClientLoop {
  /// Issues requests until the claimed index reaches `limit` or the issue time reaches `deadline`
  /// (a `MonotonicClock` reading), recording into `recorder`. `decoder` is non-nil when callers decode
  /// outside the cache. When `recorder.rawLatencies` is non-nil every request's latency is also
  /// appended there, with its issue time relative to `windowStart`. A `runStop` request (a signal or
  /// the run's deadline) stops it before its next request.
  static func run<C: Cache>(
    cache: C, keys: KeySequence, claims: RequestClaims, limit: Int, deadline: UInt64,
    decoder: PayloadDecoder?, windowStart: UInt64 = 0, runStop: RunStop? = nil,
    into recorder: inout ClientRecorder
  ) async {
    var batch = 0..<0
    while runStop?.isRequested != true {
      if batch.isEmpty { batch = claims.nextBatch() }
      let index = batch.lowerBound
      batch = batch.dropFirst()
      guard index < limit else { break }
      let key = keys.key(at: index)
      let issued = MonotonicClock.now()
      guard issued < deadline else { break }
      recorder.requests += 1
      do {
        let lookup = try await cache.lookup(key)
        recorder.record(lookup.outcome)
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
