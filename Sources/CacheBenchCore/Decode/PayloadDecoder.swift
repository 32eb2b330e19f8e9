import Synchronization

/// Stands in for real decoding (JSON, images): CPU work over the payload bytes with a cost the user sets.
///
/// The work is a dependent multiply-xor chain over the bytes, repeated or truncated to a calibrated number of
/// byte steps, so the compiler cannot skip it and it takes the same time on every payload of a run.
/// `calibrated(cost:)` measures this machine once, so `--decode-cost 200us` means 200 µs here and elsewhere.
///
/// The decoder of a measured window counts its decodes (`DecodeCounter`), so the harness can tell a design
/// that was asked to decode inside and did not, and asks the concurrency runtime, at each decode, whether
/// it runs on an actor's executor (`CurrentExecutor.isActor`): where the decode really ran, whatever the
/// placement's name promised.
public struct PayloadDecoder: Sendable {
  /// Byte steps per decode; 0 means no work.
  public let steps: Int
  /// Where the run asked the decode to run; what `decodeAsPlaced(_:busy:isolation:)` follows.
  public let placement: DecodePlacement
  /// Counts every decode when set: two relaxed atomic adds and a read of the runtime's thread-local
  /// executor record, small beside any decode worth placing.
  let counter: DecodeCounter?
  /// Runs at the start of every decode, in the decode's own context; tests block it on a gate to hold a
  /// decode in progress. Nil outside tests.
  let onDecode: (@Sendable (Payload) -> Void)?
  /// Set in a run that cancels requests (`--cancel-rate`): times every decode, and a decode in a marked
  /// request's own task checks for cancellation between chunks (`PayloadDecoder+Cancellation.swift`).
  /// Nil otherwise, so a run without cancellations decodes exactly as before. Held by the counter, so
  /// the decoder, which every request passes along, is no larger for it.
  var cancellation: DecodeCancellation? { counter?.cancellation }

  /// A decoder of `steps` byte steps, counted by `counter`, or, given `cancellation`, by a counter of
  /// its own that measures it (not both).
  init(
    steps: Int, placement: DecodePlacement = .inside, counter: DecodeCounter? = nil,
    cancellation: DecodeCancellation? = nil, onDecode: (@Sendable (Payload) -> Void)? = nil
  ) {
    precondition(steps >= 0)
    precondition(counter == nil || cancellation == nil, "the counter carries the cancellation")
    self.steps = steps
    self.placement = placement
    self.counter = cancellation.map { DecodeCounter(cancellation: $0) } ?? counter
    self.onDecode = onDecode
  }

  /// A decoder of `steps` byte steps, run where `placement` says and counted by `counter`: what
  /// `cachebench check` hands a design to see where its decodes run.
  package static func counting(
    steps: Int, placement: DecodePlacement, by counter: DecodeCounter
  ) -> PayloadDecoder {
    PayloadDecoder(steps: steps, placement: placement, counter: counter)
  }

  /// This decoder's work, counted by `counter` (and measured by its `cancellation`).
  func counted(by counter: DecodeCounter) -> PayloadDecoder {
    PayloadDecoder(steps: steps, placement: placement, counter: counter, onDecode: onDecode)
  }

  /// This decoder's work, run where `placement` says.
  func placed(_ placement: DecodePlacement) -> PayloadDecoder {
    PayloadDecoder(steps: steps, placement: placement, counter: counter, onDecode: onDecode)
  }

  /// A decoder whose `decode` takes about `cost` on this machine.
  package static func calibrated(cost: Duration) -> PayloadDecoder {
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

  /// Decodes `payload` here and now, returning a checksum of the work so the work is observable.
  public func decode(_ payload: Payload) -> UInt64 {
    decode(payload, busy: nil)
  }

  /// Decodes `payload` and, when the decode ran on an actor's executor, adds its length to `busy`: the
  /// work the actor ran, for a decode outside the caller's own timed segment.
  func decode(_ payload: Payload, busy: IsolationBusyTime?) -> UInt64 {
    onDecode?(payload)
    let onActor = CurrentExecutor.isActor
    counter?.count(onActor: onActor)
    if let cancellation {
      // Never stops: the caller of this form keeps whatever it returns.
      return decodeMeasured(
        payload, busy: onActor ? busy : nil, by: cancellation, stopsAtCheckpoint: false)
        ?? 0
    }
    guard let busy, onActor else { return Self.run(steps: steps, over: payload) }
    let segment = busy.enter()
    let decoded = Self.run(steps: steps, over: payload)
    busy.close(segment)
    return decoded
  }

  /// The whole decode of `payload`: its checksum after `steps` byte steps.
  static func run(steps: Int, over payload: Payload) -> UInt64 {
    // The chunked chain, told to go on after every chunk, so it never stops (and never returns nil).
    run(steps: steps, over: payload) { _ in true } ?? 0
  }
}

/// Keeps a computed value alive so the optimiser cannot delete the work that produced it.
@inline(never)
func blackHole(_ value: UInt64) {
  blackHoleSink.store(value, ordering: .relaxed)
}

private let blackHoleSink = Atomic<UInt64>(0)

/// How many decodes a decoder ran, and how many of them on an actor's executor: for the check that a
/// design asked to decode inside did, and for `decode_on_actor_share`.
package final class DecodeCounter: Sendable {
  private let decodes = Atomic<Int>(0)
  private let decodesOnActor = Atomic<Int>(0)
  private let decodesOnMainActor = Atomic<Int>(0)
  /// What a run that cancels requests measures of the decodes (`PayloadDecoder.cancellation`).
  let cancellation: DecodeCancellation?
  /// Whether a decode on an actor also asks whether that actor is the main actor (`--caller main`):
  /// one more call into the runtime, made only in the runs that want `onMainActor`.
  let countsMainActor: Bool

  init(cancellation: DecodeCancellation?, countsMainActor: Bool = false) {
    self.cancellation = cancellation
    self.countsMainActor = countsMainActor
  }

  /// A counter of decodes that measures nothing else, and with `countsMainActor` those on the main
  /// actor.
  package convenience init(countsMainActor: Bool = false) {
    self.init(cancellation: nil, countsMainActor: countsMainActor)
  }

  @inline(__always)
  func count(onActor: Bool) {
    decodes.add(1, ordering: .relaxed)
    guard onActor else { return }
    decodesOnActor.add(1, ordering: .relaxed)
    if countsMainActor && CurrentExecutor.isIsolated(to: MainActor.shared) {
      decodesOnMainActor.add(1, ordering: .relaxed)
    }
  }

  /// Decodes so far.
  package var total: Int { decodes.load(ordering: .relaxed) }

  /// Decodes so far that ran on an actor's executor.
  package var onActor: Int { decodesOnActor.load(ordering: .relaxed) }

  /// Decodes so far that ran on the main actor; nil unless the counter `countsMainActor`.
  package var onMainActor: Int? {
    countsMainActor ? decodesOnMainActor.load(ordering: .relaxed) : nil
  }
}

extension Duration {
  /// The duration in whole nanoseconds, saturating at `Int64.max`.
  package var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return seconds < 0 ? .min : .max }
    return scaled &+ attoseconds / 1_000_000_000
  }
}
