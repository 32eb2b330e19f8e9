import Dispatch

/// Samples, during a measured window, how long a runnable task waits for a thread of the executor the
/// clients run on: `sched_delay`.
///
/// Once per `interval` the probe reads the clock and calls `Task.yield()`, which puts the task back on its
/// executor's queue behind every job already waiting there; the time until it runs again is one sample.
/// When a thread is free that is a few microseconds. When every thread is busy (clients decoding, say) it is
/// how long any job that becomes runnable then waits. It is not an actor's wait: see docs/metrics.md.
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
final class SchedulingProbe: Sendable {
  /// Time between samples.
  let interval: Duration
  private let delays = SanitizerVisibleMutex(LatencyHistogram())
  private let ticks = SanitizerVisibleMutex(TickState())

  /// A probe with its histogram allocated now, before the window opens.
  init(interval: Duration = .milliseconds(1)) {
    precondition(interval > .zero)
    self.interval = interval
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
      let yielded = MonotonicClock.now()
      await Task.yield()
      // A cancellation that arrived while queued ends the window: the sample is still a wait.
      record(MonotonicClock.now() &- yielded)
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
      let yielded = MonotonicClock.now()
      await Task.yield()
      record(MonotonicClock.now() &- yielded)
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
  }

  /// Every sample taken so far.
  var histogram: LatencyHistogram { delays.withLock { $0 } }

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
