import Synchronization

/// A monotonic nanosecond clock that moves only when the test advances it, so expiry is tested at exact
/// instants instead of with sleeps.
final class ManualClock: Sendable {
  private let nanoseconds = Atomic<UInt64>(1_000)

  /// The current instant.
  var now: UInt64 { nanoseconds.load(ordering: .sequentiallyConsistent) }

  /// Moves the clock forward by `delta` nanoseconds.
  func advance(by delta: UInt64) {
    nanoseconds.wrappingAdd(delta, ordering: .sequentiallyConsistent)
  }

  /// The clock as the caches take it.
  var reader: @Sendable () -> UInt64 { { self.now } }
}
