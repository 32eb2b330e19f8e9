/// The intended issue times of an open-loop run (`--rate R/s`, wrk2's model): request i is due at
/// `i / rate` seconds after the window opens, whether or not earlier requests have completed.
///
/// Latency is then measured from the intended time, so a stall that delays issuing shows up in every
/// request that should have been issued during it (coordinated omission corrected); the latency from the
/// actual start, which hides that wait, is kept beside it for comparison.
@usableFromInline
package struct OpenLoopSchedule: Sendable, Equatable {
  /// Requests per second.
  package let rate: Double

  /// Nanoseconds after the window opens at which request `index` is due.
  func intendedOffset(of index: Int) -> UInt64 {
    UInt64((Double(index) * 1e9 / rate).rounded(.down))
  }

  /// Every stored property, as the memberwise initializer takes them.
  package init(rate: Double) {
    self.rate = rate
  }
}

/// What an open-loop window measured besides the ordinary figures.
package struct OpenLoopFigures: Sendable {
  /// The configured rate, requests per second.
  var targetRate: Double
  /// Requests issued per second, from the window's opening to the last request's actual start.
  package var achievedRate: Double
  /// Requests that were due before the window's deadline but never issued because the clients were
  /// still busy with earlier ones; 0 when the run stops by request count (every request is issued).
  package var backlog: Int
  /// The largest delay between a request's intended and actual start, ns.
  package var maximumStartLagNanoseconds: UInt64
  /// Latency from each request's actual start to its completion (the uncorrected view).
  package var actualLatency: LatencyHistogram
}
