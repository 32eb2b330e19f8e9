/// Measures what the driver itself costs per request: `ClientLoop`, the exact loop the clients run, against
/// a cache that answers at once without suspending.
///
/// The figure covers claiming the index, computing the key, both clock reads, counting the outcome,
/// recording latency, queue delay and service time into the client's histograms, and one call of an async
/// `lookup` that returns a ready value through the unspecialised `Cache` call the driver makes. Because the
/// loop never suspends, it stays on one thread, so jemalloc's per-thread byte counter
/// (`ThreadAllocationCounter`) says exactly what it allocated. Steady state: the recorder is created and the
/// loop warmed up before anything is timed.
enum HarnessProbe {
  /// The harness cost per request with `keys` (the run's key sequence, whose generator is part of the cost).
  @concurrent
  static func measure(keys: KeySequence, budget: CalibrationBudget) async -> Calibration.HarnessCost
  {
    let cache = AnswerAtOnceCache.existential()
    let requests = budget.operations(scaledBy: 4)
    var recorder = ClientRecorder()
    await run(cache, keys: keys, requests: min(requests, 1_000), into: &recorder)
    var best = Double.infinity
    var bestBytes: Double? = nil
    var measuredBytes = true
    for _ in 0..<budget.rounds {
      let allocations = ThreadAllocationCounter.start()
      let start = MonotonicClock.now()
      await run(cache, keys: keys, requests: requests, into: &recorder)
      let nanoseconds = CalibrationProbes.mean(since: start, operations: requests)
      best = min(best, nanoseconds)
      if let bytes = allocations?.bytesAllocated() {
        bestBytes = min(bestBytes ?? .infinity, Double(bytes) / Double(requests))
      } else {
        measuredBytes = false
      }
    }
    blackHole(recorder.checksum &+ UInt64(recorder.requests))
    return Calibration.HarnessCost(
      nanosecondsPerRequest: best, allocatedBytesPerRequest: measuredBytes ? bestBytes : nil)
  }

  /// Runs `requests` requests through the client loop, with fresh claims so the keys repeat every round.
  private static func run(
    _ cache: any Cache, keys: KeySequence, requests: Int, into recorder: inout ClientRecorder
  ) async {
    await ClientLoop.run(
      cache: cache, keys: keys, claims: RequestClaims(), limit: requests, deadline: .max,
      decoder: nil, into: &recorder)
  }
}
