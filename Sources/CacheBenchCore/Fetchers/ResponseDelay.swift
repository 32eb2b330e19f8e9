/// How a fake fetch waits out its latency: on the fetch timer's thread (`DeadlineTimerThread`), so that its
/// response leaves at its deadline whatever the pool's threads are doing, and the fetch can say when it
/// left.
enum ResponseDelay {
  /// Suspends until about `nanoseconds` after `start` (a `MonotonicClock` reading); returns the
  /// `MonotonicClock` reading at which the response left: when the timer thread resumed the caller, not
  /// when the caller next got a thread. Never resumes before half the latency has passed, however early
  /// the timer aims. Throws `CancellationError` if the task is cancelled while waiting.
  static func wait(nanoseconds duration: UInt64, from start: UInt64) async throws -> UInt64 {
    guard duration > 0 else { return MonotonicClock.now() }
    return try await DeadlineTimerThread.shared.sleep(
      until: start &+ duration, notBefore: start &+ duration / 2)
  }
}
