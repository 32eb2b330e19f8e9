/// How much earlier than its deadline a fetch asks `Task.sleep` to wake, so that it lands on the deadline.
///
/// `Task.sleep` on Linux wakes late by a roughly fixed amount (about +80 µs at 1 ms and +150 µs at 5 ms,
/// measured here). `calibrated(for:)` measures that lateness once, on a quiet process before any load, as the
/// median of a few sleeps of the run's own latency, and the lead then stays fixed for the run. It is
/// deliberately not re-learnt under load: there, the extra lateness is the woken task waiting for a CPU, which
/// a real response would wait for too, so it belongs in the measured latency rather than being compensated.
package struct SleepLead: Sendable {
  /// Nanoseconds subtracted from every sleep.
  let nanoseconds: UInt64

  /// No compensation at all.
  static let none = SleepLead(nanoseconds: 0)

  /// Measures the median lateness of sleeps of `latency` (capped at 20 ms per sleep, about 100 ms in all).
  package static func calibrated(for latency: Duration) async -> SleepLead {
    let target = UInt64(min(latency, .milliseconds(20)).nanoseconds)
    guard target > 0 else { return .none }
    let samples = Int(min(25, max(5, 100_000_000 / target)))
    var overshoots: [UInt64] = []
    overshoots.reserveCapacity(samples)
    for _ in 0..<samples {
      let start = MonotonicClock.now()
      do {
        try await Task.sleep(for: .nanoseconds(Int64(target)), tolerance: .zero)
      } catch {
        return .none
      }
      let elapsed = MonotonicClock.now() - start
      overshoots.append(elapsed > target ? elapsed - target : 0)
    }
    overshoots.sort()
    return SleepLead(nanoseconds: overshoots[overshoots.count / 2])
  }

  /// Suspends until about `nanoseconds` after `start` (a `MonotonicClock` reading).
  /// Throws `CancellationError` if the task is cancelled while sleeping.
  func sleep(nanoseconds duration: UInt64, from start: UInt64) async throws {
    guard duration > 0 else { return }
    let wake = start &+ duration &- min(nanoseconds, duration / 2)
    let now = MonotonicClock.now()
    guard wake > now else { return }
    try await Task.sleep(for: .nanoseconds(Int64(wake - now)), tolerance: .zero)
  }
}
