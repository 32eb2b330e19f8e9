/// Measures what the driver itself costs per request: `ClientLoop`, the exact loop the clients run, against
/// a cache that answers at once without suspending (`AnswerAtOnceCache`).
///
/// The figure covers claiming the index, computing the key, both clock reads, counting the outcome,
/// recording latency, queue delay and service time into the window's histogram stripes (`HistogramStripes`), and a `lookup` that
/// returns a ready value, called as the driver calls a design whose factory returns one concrete type:
/// through the loop compiled for the cache's type (`CacheSpecialisation`), with the cache held as
/// `any Cache` and opened once per round. Because the
/// loop never suspends, it stays on one thread, so jemalloc's per-thread byte counter
/// (`ThreadAllocationCounter`) says exactly what it allocated. Steady state: the recorder is created and the
/// loop warmed up before anything is timed.
enum HarnessProbe {
  /// Rounds of the client loop over `keys` (the run's key sequence, whose generator is part of the cost),
  /// answered with `payloadBytes`-byte payloads (the run's), and a way to read the fewest bytes any round allocated per request afterwards (`nil` when a round
  /// could not tell).
  @concurrent
  static func makeRound(
    keys: KeySequence, payloadBytes: Int = 64, budget: CalibrationBudget
  ) async -> (round: ProbeRound, allocatedBytesPerRequest: () -> Double?) {
    let state = State(cache: AnswerAtOnceCache.existential(payloadBytes: payloadBytes))
    let requests = budget.operations(scaledBy: 4)
    await state.run(keys: keys, requests: min(requests, 1_000))
    let round: ProbeRound = {
      let allocations = ThreadAllocationCounter.start()
      let start = MonotonicClock.now()
      await state.run(keys: keys, requests: requests)
      let nanoseconds = CalibrationProbes.mean(since: start, operations: requests)
      state.note(allocatedBytes: allocations?.bytesAllocated(), requests: requests)
      return nanoseconds
    }
    return (round, { state.allocatedBytesPerRequest })
  }

  /// The loop the driver's clients run, compiled for `AnswerAtOnceCache` as a design's
  /// `CacheSpecialisation` compiles it for the design's cache type.
  private static let clientLoop = CacheSpecialisation(for: AnswerAtOnceCache.self).clientLoop

  /// The probe's client: its recorder, kept across rounds like a real client's and recording into
  /// histogram stripes as a window's clients do, and what the rounds allocated. Used by one task only.
  private final class State {
    let cache: any Cache
    var recorder = ClientRecorder(
      stripes: HistogramStripes(
        count: HistogramStripes.defaultCount(concurrency: 64), openLoop: false),
      home: 0)
    private var fewestBytesPerRequest = Double.infinity
    private var everyRoundMeasured = true

    /// A client of `cache`, with a fresh recorder.
    init(cache: any Cache) {
      self.cache = cache
    }

    /// Runs `requests` requests through the client loop, with fresh claims so the keys repeat.
    func run(keys: KeySequence, requests: Int) async {
      await HarnessProbe.clientLoop(
        cache,
        ClientLoop.Arguments(
          keys: keys, operations: .readsOnly, claims: RequestClaims(), limit: requests,
          deadline: .max, decoder: nil, windowStart: 0, schedule: nil, runStop: nil),
        &recorder)
      blackHole(recorder.checksum &+ UInt64(recorder.requests))
    }

    /// Records what one round allocated; `nil` bytes means the round could not tell.
    func note(allocatedBytes: UInt64?, requests: Int) {
      guard let allocatedBytes else {
        everyRoundMeasured = false
        return
      }
      fewestBytesPerRequest = min(fewestBytesPerRequest, Double(allocatedBytes) / Double(requests))
    }

    /// The fewest bytes any round allocated per request, if every round could tell.
    var allocatedBytesPerRequest: Double? {
      everyRoundMeasured && fewestBytesPerRequest.isFinite ? fewestBytesPerRequest : nil
    }
  }
}
