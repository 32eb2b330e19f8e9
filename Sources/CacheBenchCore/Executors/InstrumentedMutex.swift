/// A lock around a value that times every hold: the way a lock-based cache of yours gets `actor_wait`,
/// `actor_busy_wait`, `actor_service` and `actor_utilisation` without timing hooks.
///
/// Swap it in for your `Mutex` (or the value an `NSLock` guards), with no change where you use it:
/// ```swift
/// let table = InstrumentedMutex(Table())   // was: Mutex(Table())
/// table.withLock { $0.entries[key] }       // unchanged
/// ```
/// A lock made while a design's factory runs in a measured window reports to that window; anywhere else it
/// locks and reports nowhere.
///
/// Per hold it reads the clock at the call, at the acquisition and just before the release:
/// `actor_wait` is the call to the acquisition, `actor_service` the hold, and the busy total
/// (`IsolationBusyTime`) gives `actor_busy_wait` and `actor_utilisation`, as the built-in `mutex`
/// design's hooks do. It is a `SanitizerVisibleMutex` (so `Synchronization.Mutex`, its futex and its
/// cost) with those three reads and the recording inside the hold; being a class, it is shared by
/// reference, where a `Mutex` must be stored in a class or an actor.
public final class InstrumentedMutex<Value: ~Copyable>: InstrumentedIsolation, Sendable {
  private let lock: SanitizerVisibleMutex<Guarded>
  private let busy = IsolationBusyTime()

  /// The value and the window's figures, both under the lock.
  private struct Guarded: ~Copyable {
    var value: Value
    var figures = IsolationJobFigures()
  }

  /// A lock protecting `initialValue`; it registers with the measured window whose design's factory
  /// makes it.
  public init(_ initialValue: consuming sending Value) {
    lock = SanitizerVisibleMutex(Guarded(value: initialValue))
    IsolationInstruments.collecting?.register(self)
  }

  /// Runs `body` with exclusive access to the value, as `Mutex.withLock` does, timing the wait for the
  /// lock and the hold.
  public func withLock<Result: ~Copyable, E: Error>(
    _ body: (inout sending Value) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    let called = MonotonicClock.now()
    let busyAtCall = busy.nanoseconds
    return try lock.withLock { (guarded: inout sending Guarded) throws(E) -> sending Result in
      let segment = busy.enter()
      defer {
        let service = busy.close(segment)
        guarded.figures.record(
          wait: segment.entered > called ? segment.entered &- called : 0,
          busyWait: segment.busyWait(since: busyAtCall), service: service)
      }
      return try body(&guarded.value)
    }
  }

  /// The busy total of the jobs run so far (`actor_utilisation`).
  package var busyTime: IsolationBusyTime { busy }

  /// Starts recording each job's figures, afresh, for a measured window.
  package func beginWindow() {
    lock.withLock { $0.figures.begin() }
  }

  /// Stops recording; the jobs recorded since `beginWindow()`.
  package func endWindow() -> IsolationJobFigures {
    lock.withLock {
      $0.figures.end()
      return $0.figures
    }
  }
}
