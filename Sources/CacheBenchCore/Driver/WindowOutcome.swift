/// What one window measured: the merged recorder of the clients that returned, its wall time, and how
/// many clients did not return in time.
struct WindowOutcome: Sendable {
  /// The counters of every client that returned and the window's histograms, merged.
  var recorder: ClientRecorder
  /// Requests of each client that returned, for `ClientSpread`.
  var requestsPerClient: [Int]
  /// From the window's start to its end (or to its abandonment), in nanoseconds.
  var nanoseconds: UInt64
  /// Clients still inside a request when the window was abandoned; their requests are in no figure.
  var undrainedClients: Int
  /// Whether a stop request, rather than the window's own stop condition, ended it.
  var wasStopped: Bool
  /// Whether the window stopped because it made no progress (`StopReason.stalled`).
  var stalled = false

  /// Requests of every client that returned.
  var requests: Int { recorder.requests }
}
