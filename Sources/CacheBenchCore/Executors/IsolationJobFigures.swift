/// What an instrumented isolation domain (`InstrumentedExecutor`, `InstrumentedMutex`) measured of the
/// jobs it ran in one window: the per-job raw material of `actor_wait`, `actor_busy_wait` and
/// `actor_service` for a design that has no timing hooks.
///
/// One sample per job, not per request: a hit is one job (the hop into the actor, or one hold of the
/// lock), but a request that comes back to the actor after an `await` is two or more, and work on behalf
/// of no request (a `Task {}` the actor starts, storing a download) is a job of its own. The hooks, by
/// contrast, give one sample per request and leave that work out (see `IsolationTiming`).
///
/// Empty, allocating nothing, until `begin()`: a domain made for a warm-up or a calibration records no
/// histograms; a measured window's three cost about 750 KB per domain.
package struct IsolationJobFigures: Sendable {
  /// From the job's enqueue (the call, for a lock) to its first instruction, nanoseconds.
  package private(set) var wait = LatencyHistogram.unallocated()
  /// The part of `wait` during which the domain ran other jobs (an upper bound, as
  /// `IsolationBusyTime` explains), nanoseconds.
  package private(set) var busyWait = LatencyHistogram.unallocated()
  /// From the job's first instruction to its end (its suspension, or the release of the lock).
  package private(set) var service = LatencyHistogram.unallocated()
  /// Whether jobs are recorded: from `begin()` to `end()`.
  package private(set) var isRecording = false

  package init() {}

  /// Starts recording, with empty histograms.
  package mutating func begin() {
    wait = LatencyHistogram()
    busyWait = LatencyHistogram()
    service = LatencyHistogram()
    isRecording = true
  }

  /// Stops recording; what was recorded stays.
  package mutating func end() {
    isRecording = false
  }

  /// Counts one job that waited `wait` ns, `busyWait` of them behind other jobs, and ran `service` ns.
  @inline(__always)
  mutating func record(wait: UInt64, busyWait: UInt64, service: UInt64) {
    guard isRecording else { return }
    self.wait.record(wait)
    self.busyWait.record(min(busyWait, wait))
    self.service.record(service)
  }

  /// Jobs recorded.
  package var jobs: Int { wait.totalCount }

  /// Adds `other`'s jobs to these, as the figures of a design with several domains (shards).
  package mutating func merge(_ other: IsolationJobFigures) {
    wait.merge(other.wait)
    busyWait.merge(other.busyWait)
    service.merge(other.service)
  }
}

/// An isolation domain that times its own jobs: what `IsolationInstruments` collects while a design's
/// factory runs.
package protocol InstrumentedIsolation: AnyObject, Sendable {
  /// The domain's busy total, for `actor_utilisation`.
  var busyTime: IsolationBusyTime { get }
  /// Starts recording each job's figures, afresh.
  func beginWindow()
  /// Stops recording, and returns what was recorded since `beginWindow()`.
  func endWindow() -> IsolationJobFigures
}
