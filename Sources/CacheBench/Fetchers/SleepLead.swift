import Synchronization

/// Learns how late `Task.sleep` wakes on this machine and sleeps that much less, so a delay lands on its deadline.
///
/// The lead is an exponentially weighted mean of recent overshoots (weight 1/8), shared by every fetch of a run
/// so it is learnt during warm-up. Races between concurrent updates lose an update at worst, which only slows
/// learning; they never corrupt the value.
final class SleepLead: Sendable {
  private let leadNanoseconds = Atomic<Int64>(0)

  init() {}

  /// The current lead.
  var nanoseconds: Int64 { leadNanoseconds.load(ordering: .relaxed) }

  /// Suspends until about `nanoseconds` after `start` (a `MonotonicClock` reading).
  /// Throws `CancellationError` if the task is cancelled while sleeping.
  func sleep(nanoseconds: UInt64, from start: UInt64) async throws {
    guard nanoseconds > 0 else { return }
    let lead = UInt64(max(0, leadNanoseconds.load(ordering: .relaxed)))
    let deadline = start &+ nanoseconds
    let wake = deadline &- min(lead, nanoseconds / 2)
    let now = MonotonicClock.now()
    guard wake > now else { return }
    try await Task.sleep(for: .nanoseconds(Int64(wake - now)), tolerance: .zero)
    let overshoot = Int64(bitPattern: MonotonicClock.now() &- wake)
    let previous = leadNanoseconds.load(ordering: .relaxed)
    leadNanoseconds.store(previous + (overshoot - previous) / 8, ordering: .relaxed)
  }
}
