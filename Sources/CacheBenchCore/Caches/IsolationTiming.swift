/// When one request got into its cache's isolation and how long it stayed there, as the cache measured it
/// from the inside: the raw material of `actor_wait` and `actor_service`.
///
/// Isolation is the actor's executor for the actor designs (for `sharded`, the shard actor the key picked)
/// and the lock for `mutex`. The caller read the clock when it invoked the cache (`issued`); the cache reads
/// it again at the first instruction inside isolation and returns that reading here, so the queue delay is a
/// subtraction in the caller and the measurement adds no allocation, lock or shared write to the hot path:
/// two `MonotonicClock` reads inside the isolation per isolated segment, and three stored words in the
/// returned `CacheLookup`.
///
/// A call that suspends in the middle (awaiting a fetch) runs as several isolated segments, because the actor
/// is released at the `await` and re-acquired after it. What the fields add up, precisely:
/// - `entered`: the clock at the first instruction of the request's first segment. `entered - issued` is the
///   queue delay before the actor (or lock) first admitted the request, plus the call itself.
/// - `reentryWait`: for each later segment, the time from the awaited work finishing (read off the actor, in
///   the nonisolated code that awaited it) to the first instruction back inside the actor: queueing to
///   re-enter, e.g. behind another caller's decode. 0 for a request served in one segment (every hit).
/// - `service`: the sum of the lengths of the request's own segments, from their first instruction to their
///   suspension or return.
///
/// Only `naive` has more than one segment: it awaits its fetch inside the actor and comes back to store
/// (and, with decode inside, decode). The coalescing designs and `mutex` enter once, for the table step, and
/// await the fetch outside. Isolated work that runs on behalf of no single request is in neither figure:
/// their `admit` step, run by the entry's fetch task (and, with decode inside, decoding there). It shows up
/// instead as the `actor_wait` of every caller that queued behind it. Requests that end in an error or a cancellation
/// return no `CacheLookup`, so they carry no timing; they are counted in `errors` and `cancellations`.
public struct IsolationTiming: Sendable, Equatable {
  /// `MonotonicClock` reading at the first instruction of the request's first isolated segment.
  public var entered: UInt64
  /// Nanoseconds spent queued to re-enter isolation after the request's suspensions; 0 when there were none.
  public var reentryWait: UInt64
  /// Nanoseconds the request spent inside isolation, over all of its own segments.
  public var service: UInt64
  /// Nanoseconds of the queue delay during which the isolation was running other work (see
  /// `IsolationBusyTime`), an upper bound; `unknownBusyWait` when the design does not measure it.
  public var busyWait: UInt64

  /// `busyWait` of a design that does not measure it: no wait is ever `UInt64.max` nanoseconds.
  public static let unknownBusyWait = UInt64.max

  /// Stands for "not measured" where an optional would cost a word (`CacheLookup.timing`): no clock
  /// reading is ever `UInt64.max`.
  @inlinable
  static var notReported: IsolationTiming {
    IsolationTiming(entered: .max, reentryWait: 0, service: 0)
  }

  /// A request's timing, for a design that measures its segments itself (see the type's description),
  /// without the busy part of its wait.
  @inlinable
  public init(entered: UInt64, reentryWait: UInt64, service: UInt64) {
    self.init(
      entered: entered, reentryWait: reentryWait, service: service,
      busyWait: Self.unknownBusyWait)
  }

  /// A request's timing with the busy part of its queue delay (`IsolationBusyTime`).
  @inlinable
  public init(entered: UInt64, reentryWait: UInt64, service: UInt64, busyWait: UInt64) {
    self.entered = entered
    self.reentryWait = reentryWait
    self.service = service
    self.busyWait = busyWait
  }

  /// The timing of a request served in one isolated segment that began at `entered` and ends now.
  @inlinable
  public static func singleSegment(enteredAt entered: UInt64) -> IsolationTiming {
    IsolationTiming(entered: entered, reentryWait: 0, service: MonotonicClock.now() &- entered)
  }

  /// The queue delay of the whole request, given the clock reading taken when the caller invoked the cache:
  /// the wait to enter the first segment plus the waits to re-enter after suspensions, in nanoseconds.
  ///
  /// Clamped at 0 for the first wait, because `entered` and `issued` are read on different threads and a
  /// clock with per-CPU skew could order them backwards by a few nanoseconds; `MonotonicClock` does not, but
  /// a negative wait must never wrap to 2^64.
  @inlinable
  public func queueDelay(issued: UInt64) -> UInt64 {
    (entered > issued ? entered &- issued : 0) &+ reentryWait
  }
}
