/// What one window measured: the recorders of the clients that returned, its wall time, and how many
/// clients did not return in time.
struct WindowOutcome: Sendable {
  /// The recorder of every client that returned, unmerged: merging reads every histogram of every
  /// client, so it waits until the window, and a profiler's view of it, has closed.
  var clientRecorders: [ClientRecorder]
  /// From the window's start to its end (or to its abandonment), in nanoseconds.
  var nanoseconds: UInt64
  /// Clients still inside a request when the window was abandoned; their requests are in no figure.
  var undrainedClients: Int
  /// Whether a stop request, rather than the window's own stop condition, ended it.
  var wasStopped: Bool
  /// Whether the window stopped because it made no progress (`StopReason.stalled`).
  var stalled = false

  /// Requests of every client that returned, without merging their recorders.
  var requests: Int { clientRecorders.reduce(0) { $0 + $1.requests } }

  /// The merged recorders of every client that returned.
  var recorder: ClientRecorder {
    var merged = ClientRecorder()
    for recorder in clientRecorders { merged.merge(recorder) }
    return merged
  }
}
