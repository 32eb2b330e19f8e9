/// Samples, during a measured window, how long a runnable task waits for a thread of the executor the
/// clients run on: `sched_delay`.
///
/// Once per `interval` the probe reads the clock and calls `Task.yield()`, which puts the task back on its
/// executor's queue behind every job already waiting there; the time until it runs again is one sample.
/// When a thread is free that is a few microseconds. When every thread is busy (clients decoding, say) it is
/// how long any job that becomes runnable then waits, a caller's job to enter an actor included. So
/// `actor_wait` less `sched_delay` is a first estimate of what the actor itself cost; the busy part of
/// `actor_wait` says it exactly.
///
/// The probe runs as a child of the clients' task group, so it inherits their priority, queue and any
/// executor preference. The wait for the interval is not a sample (a timer's slack is not a queue), and
/// under heavy load the probe samples less often, since its own wake-up waits too: `samples` says how many
/// it took.
final class SchedulingProbe: Sendable {
  /// Time between samples.
  let interval: Duration
  private let delays = SanitizerVisibleMutex(LatencyHistogram())

  /// A probe with its histogram allocated now, before the window opens.
  init(interval: Duration = .milliseconds(1)) {
    precondition(interval > .zero)
    self.interval = interval
  }

  /// Samples until the calling task is cancelled.
  func run() async {
    while !Task.isCancelled {
      do { try await Task.sleep(for: interval) } catch { return }
      let yielded = MonotonicClock.now()
      await Task.yield()
      let resumed = MonotonicClock.now()
      // A cancellation that arrived while queued ends the window: the sample is still a wait.
      record(resumed &- yielded)
    }
  }

  /// Adds one sample, in nanoseconds.
  func record(_ delay: UInt64) {
    delays.withLock { $0.record(delay) }
  }

  /// Every sample taken so far.
  var histogram: LatencyHistogram { delays.withLock { $0 } }
}
