import Synchronization

/// Stands in for real decoding (JSON, images): CPU work over the payload bytes with a cost the user sets.
///
/// The work is a dependent multiply-xor chain over the bytes, repeated or truncated to a calibrated number of
/// byte steps, so the compiler cannot skip it and it takes the same time on every payload of a run.
/// `calibrated(cost:)` measures this machine once, so `--decode-cost 200us` means 200 µs here and elsewhere.
struct PayloadDecoder: Sendable {
  /// Byte steps per decode; 0 means no work.
  let steps: Int

  init(steps: Int) {
    precondition(steps >= 0)
    self.steps = steps
  }

  /// A decoder whose `decode` takes about `cost` on this machine.
  static func calibrated(cost: Duration) -> PayloadDecoder {
    let nanoseconds = cost.nanoseconds
    guard nanoseconds > 0 else { return PayloadDecoder(steps: 0) }
    return PayloadDecoder(steps: Int((Double(nanoseconds) / stepNanoseconds).rounded()))
  }

  /// Nanoseconds per byte step, measured once per process as the fastest of several timed passes (the least
  /// disturbed by other work on the machine).
  ///
  /// Under valgrind the clock says nothing about native speed and differs from run to run, so the step takes
  /// `nominalStepNanoseconds` instead: a decode then executes the same instructions on every run, which
  /// callgrind's instruction counts need to repeat, and about as many as natively on the reference machine.
  static let stepNanoseconds: Double = {
    if ValgrindClient.isRunning { return nominalStepNanoseconds }
    let probe = Payload(key: 1, count: 4_096)
    let trialSteps = 1 << 20
    var best = Double.infinity
    for _ in 0..<7 {
      let start = MonotonicClock.now()
      let checksum = run(steps: trialSteps, over: probe)
      let elapsed = MonotonicClock.now() - start
      blackHole(checksum)
      best = min(best, Double(elapsed) / Double(trialSteps))
    }
    return max(best, 0.01)
  }()

  /// The native cost of a byte step on the reference machine (2-core x86_64 CI host, release build: the
  /// fastest of 20 passes of 2^20 steps gave 1.38-1.40 ns), used when a clock cannot be trusted.
  static let nominalStepNanoseconds = 1.4

  /// Decodes `payload`, returning a checksum of the work so the work is observable.
  func decode(_ payload: Payload) -> UInt64 {
    Self.run(steps: steps, over: payload)
  }

  private static func run(steps: Int, over payload: Payload) -> UInt64 {
    payload.bytes.withUnsafeBufferPointer { bytes in
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      guard !bytes.isEmpty else { return hash }
      var remaining = steps
      while remaining > 0 {
        let pass = min(remaining, bytes.count)
        for index in 0..<pass {
          hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3
        }
        remaining -= pass
      }
      return hash
    }
  }
}

/// Keeps a computed value alive so the optimiser cannot delete the work that produced it.
@inline(never)
func blackHole(_ value: UInt64) {
  blackHoleSink.store(value, ordering: .relaxed)
}

private let blackHoleSink = Atomic<UInt64>(0)

extension Duration {
  /// The duration in whole nanoseconds, saturating at `Int64.max`.
  var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return seconds < 0 ? .min : .max }
    return scaled &+ attoseconds / 1_000_000_000
  }
}
