import Synchronization

/// The running total of the time one isolation domain (an actor, a lock) spent running work: the raw
/// material of `actor_busy_wait` and `actor_utilisation`.
///
/// A design keeps one per domain (per shard for a sharded design) and times every isolated segment with
/// it: `enter()` at its first instruction, then `end(_:busyAtCall:)` for a request's segment or
/// `close(_:)` for work on behalf of no request (admitting a fetch, decoding inside, invalidating).
///
/// `actor_wait` is everything between a caller invoking the cache and entering its isolation. Part of it
/// the domain was running other work (contention proper); the rest the domain was idle and the caller's
/// job waited for a thread (scheduling). A caller reads `nanoseconds` when it invokes the cache, before any
/// hop, and `enter()` reads it again: the difference is the busy time that ended in between, the
/// contended part of the wait. It is an upper bound: a segment that was already running at the call is
/// counted whole, its part before the call included. The harness clamps it to the wait.
///
/// Only one segment of a domain runs at a time, so the total has one writer at a time, and the hand-over
/// between segments (the actor's executor, the lock) orders their writes; readers outside the domain read
/// it atomically. The cost: a load and a store on the domain's own cache line per segment, and a load per
/// request at the call.
public final class IsolationBusyTime: Sendable {
  @usableFromInline let total = Atomic<UInt64>(0)
  /// Whether segments read the clock: always, except in calibration's untimed hit-path probe
  /// (`readingNoClock()`). Read relaxed, twice per segment, from the same cache line as `total`.
  @usableFromInline let readsClock = Atomic<Bool>(true)

  public init() {}

  /// The clock reading a segment takes: `MonotonicClock.now()`, or 0 once `readingNoClock()` was called.
  @inlinable
  @inline(__always)
  var clockReading: UInt64 {
    readsClock.load(ordering: .relaxed) ? MonotonicClock.now() : 0
  }

  /// Stops this domain's segments reading the clock, for good: they then time nothing (every length 0,
  /// the total stays where it was). Only for calibration, which times a design's hit path once as the
  /// runs make it and once without the two clock reads inside its isolation that time each request, to
  /// tell the design's own work from the harness's measurement; never for a cache a run measures.
  package func readingNoClock() {
    readsClock.store(false, ordering: .relaxed)
  }

  /// Nanoseconds of every segment that has ended so far.
  @inlinable
  public var nanoseconds: UInt64 { total.load(ordering: .relaxed) }

  /// Starts timing a segment: call it at the segment's first instruction, inside the isolation.
  @inlinable
  @inline(__always)
  public func enter() -> Segment {
    Segment(entered: clockReading, busyAtEntry: nanoseconds)
  }

  /// Ends `segment`, one that served no single request, adds it to the total, and returns its length.
  @inlinable
  @inline(__always)
  @discardableResult
  public func close(_ segment: Segment) -> UInt64 {
    let length = clockReading &- segment.entered
    total.store(total.load(ordering: .relaxed) &+ length, ordering: .relaxed)
    return length
  }

  /// Ends `segment`, the only one of a request whose caller read `busyAtCall` (`nanoseconds`) as it
  /// invoked the cache, adds it to the total, and returns the request's timing.
  @inlinable
  @inline(__always)
  public func end(_ segment: Segment, busyAtCall: UInt64) -> IsolationTiming {
    IsolationTiming(
      entered: segment.entered, reentryWait: 0, service: close(segment),
      busyWait: segment.busyWait(since: busyAtCall))
  }

  /// One isolated segment being timed: two readings taken at its first instruction. A plain value, so
  /// timing a segment retains nothing.
  public struct Segment: Sendable {
    /// `MonotonicClock` reading at the segment's first instruction.
    public let entered: UInt64
    /// The domain's busy total at the segment's first instruction.
    public let busyAtEntry: UInt64

    @inlinable
    init(entered: UInt64, busyAtEntry: UInt64) {
      self.entered = entered
      self.busyAtEntry = busyAtEntry
    }

    /// The busy time that ended between a reading of the total (`busy`, taken at the call or when
    /// awaited work finished) and this segment's entry.
    @inlinable
    public func busyWait(since busy: UInt64) -> UInt64 {
      busyAtEntry &- min(busy, busyAtEntry)
    }
  }
}
