import Dispatch

/// Samples, during a measured window, how long a runnable task waits for a thread of the executor the
/// clients run on: `sched_delay`.
///
/// Once per `interval` the probe reads the clock and calls `Task.yield()`, which puts the task back on its
/// executor's queue behind every job already waiting there; the time until it runs again is one sample.
/// When a thread is free that is a few microseconds. When every thread is busy (clients decoding, say) it is
/// how long any job that becomes runnable then waits. It is not an actor's wait: see docs/hot-actor.md.
///
/// The probe runs as a child of the clients' task group, so it inherits their priority, queue and any
/// executor preference. The wait for the next tick is not a sample (a timer's slack is not a queue), and
/// under heavy load the probe samples less often, since its own wake-up waits too: `samples` says how many
/// it took.
///
/// What it costs the window: nothing allocated per sample. Ticks come from one repeating dispatch timer made
/// when the probe starts, and the probe waits for each in a continuation that the timer resumes; a
/// `Task.sleep` per sample allocated about 9 blocks (2,000 more allocations in a 250 ms window, +5% of the
/// CI profile's `malloc_count`). Under valgrind the driver runs no probe at all (`isWanted`), since its
/// instructions, a fixed number per millisecond of wall time, would blur `instructions_per_request`.
///
/// With `target` `.mainActor` (`--caller main`) a sample is the wait of a trivial main-actor job instead:
/// the probe reads the clock and awaits `MainActor.run`, whose closure reads it again as it starts. That
/// is the main actor's responsiveness (`main_delay`), and its samples over 16 ms and 250 ms are counted
/// as hitches and hangs (`MainActorResponsiveness`).
final class SchedulingProbe: Sendable {
  /// Where a sample's job queues.
  enum Target: Sendable {
    /// The queue of the executor the probe runs on: `Task.yield()`.
    case clientsExecutor
    /// The main actor's: `MainActor.run`.
    case mainActor
  }

  /// Time between samples.
  let interval: Duration
  let target: Target
  private let delays = SanitizerVisibleMutex(LatencyHistogram())
  private let longWaits = SanitizerVisibleMutex(MainActorResponsiveness.Counts())
  private let ticks = SanitizerVisibleMutex(TickState())

  /// A probe with its histogram allocated now, before the window opens.
  init(interval: Duration = .milliseconds(1), target: Target = .clientsExecutor) {
    precondition(interval > .zero)
    self.interval = interval
    self.target = target
  }

  /// Whether a window should run a probe: not under valgrind (see the type's description).
  static var isWanted: Bool { !ValgrindClient.isRunning }

  /// Samples until the calling task is cancelled.
  func run() async {
    if SanitizerRuntime.threadSanitizerIsPresent {
      await runSleeping()
      return
    }
    let timer = DispatchSource.makeTimerSource(queue: Self.timerQueue)
    let nanoseconds = Int(DecimalText.nanoseconds(interval))
    timer.schedule(
      deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds),
      leeway: .nanoseconds(nanoseconds / 10))
    timer.setEventHandler { [ticks] in
      ticks.withLock { $0.tick() }?.resume(returning: true)
    }
    timer.resume()
    defer { timer.cancel() }
    while await nextTick() {
      // A cancellation that arrived while queued ends the window: the sample is still a wait.
      await sample()
    }
  }

  /// One sample: a job queued where `target` says, timed from the queueing to its start.
  private func sample() async {
    let queued = MonotonicClock.now()
    switch target {
    case .clientsExecutor:
      await Task.yield()
      record(MonotonicClock.now() &- queued)
    case .mainActor:
      let started = await MainActor.run { MonotonicClock.now() }
      record(started &- min(queued, started))
    }
  }

  /// `run()` under the thread sanitizer: a `Task.sleep` before each sample instead of the timer's
  /// continuation. There, handing the continuation from the timer's thread to the task is reported as a
  /// race when the tick comes before the task has finished suspending: the concurrency runtime settles
  /// that early resume with atomics of its own, which the sanitizer does not see (a known false positive,
  /// swiftlang/swift#57803; seen in a clean-clone CI run at 24fbb75). The sleep's allocations per sample
  /// do not matter there: nothing judges the figures of a sanitized build.
  private func runSleeping() async {
    while !Task.isCancelled {
      do {
        try await Task.sleep(for: interval)
      } catch {
        return
      }
      await sample()
    }
  }

  /// Suspends until the next tick (true) or the task's cancellation (false).
  private func nextTick() async -> Bool {
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (waiter: UnsafeContinuation<Bool, Never>) in
        if let answer = ticks.withLock({ $0.wait(waiter) }) { waiter.resume(returning: answer) }
      }
    } onCancel: {
      ticks.withLock { $0.stop() }?.resume(returning: false)
    }
  }

  /// Adds one sample, in nanoseconds.
  func record(_ delay: UInt64) {
    delays.withLock { $0.record(delay) }
    if delay > MainActorResponsiveness.hitchNanoseconds { longWaits.withLock { $0.count(delay) } }
  }

  /// Every sample taken so far.
  var histogram: LatencyHistogram { delays.withLock { $0 } }

  /// The samples so far as the main actor's responsiveness: meaningful for a `.mainActor` probe.
  var responsiveness: MainActorResponsiveness {
    MainActorResponsiveness(delay: histogram, counts: longWaits.withLock { $0 })
  }

  /// Where every probe's timer fires: its handler only resumes a continuation.
  private static let timerQueue = DispatchQueue(label: "cachebench.scheduling-probe")
}

/// The probe's side of its timer: at most one waiting continuation, and whether a tick or the stop came
/// while nobody waited. Ticks that come while nobody waits are merged into one.
struct TickState {
  private var waiter: UnsafeContinuation<Bool, Never>? = nil
  private var pendingTick = false
  private var stopped = false

  /// The probe waits: the answer at once (true for a tick that already came, false once stopped), or nil
  /// when `waiter` is kept for the next tick or the stop.
  mutating func wait(_ waiter: UnsafeContinuation<Bool, Never>) -> Bool? {
    if stopped { return false }
    if pendingTick {
      pendingTick = false
      return true
    }
    self.waiter = waiter
    return nil
  }

  /// The timer fired: the waiter to resume with true, or nil when nobody waits (the tick is kept).
  mutating func tick() -> UnsafeContinuation<Bool, Never>? {
    guard !stopped else { return nil }
    guard let waiter else {
      pendingTick = true
      return nil
    }
    self.waiter = nil
    return waiter
  }

  /// The probe is cancelled: the waiter to resume with false, if one waits.
  mutating func stop() -> UnsafeContinuation<Bool, Never>? {
    stopped = true
    defer { waiter = nil }
    return waiter
  }
}

/// How long trivial main-actor jobs waited to start during a window of `--caller main` clients, sampled
/// once per probe interval (`SchedulingProbe` with target `.mainActor`): `main_delay_*`, and the waits
/// that a user would see as a hitch (over 16 ms, a frame at 60 Hz) or a hang (over 250 ms).
///
/// A main thread that runs one long job (a decode on the main actor) holds the probe's one queued job
/// for the whole of it, so each long job shows up as one long sample; `hitches` and `hangs` count such
/// samples exactly, at the time they are recorded, not from the histogram's buckets.
package struct MainActorResponsiveness: Sendable, Equatable {
  /// Waits over it are hitches: 16 ms.
  package static let hitchNanoseconds: UInt64 = 16_000_000
  /// Waits over it are hangs (and hitches too): 250 ms.
  package static let hangNanoseconds: UInt64 = 250_000_000

  /// Every sampled wait.
  package var delay: LatencyHistogram
  /// Samples over `hitchNanoseconds`.
  package var hitches: Int
  /// Samples over `hangNanoseconds`.
  package var hangs: Int

  package init(delay: LatencyHistogram, hitches: Int, hangs: Int) {
    self.delay = delay
    self.hitches = hitches
    self.hangs = hangs
  }

  init(delay: LatencyHistogram, counts: Counts) {
    self.init(delay: delay, hitches: counts.hitches, hangs: counts.hangs)
  }

  /// The exact counts of long waits, kept beside the histogram.
  struct Counts: Sendable, Equatable {
    var hitches = 0
    var hangs = 0

    /// Counts one wait of `delay` nanoseconds.
    mutating func count(_ delay: UInt64) {
      if delay > MainActorResponsiveness.hitchNanoseconds { hitches += 1 }
      if delay > MainActorResponsiveness.hangNanoseconds { hangs += 1 }
    }
  }
}
