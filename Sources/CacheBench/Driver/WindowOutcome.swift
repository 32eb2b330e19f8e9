/// What one window measured: the recorders of the clients that returned, its wall time, and how many
/// clients did not return in time.
struct WindowOutcome: Sendable {
  /// The merged recorders of every client that returned.
  var recorder: ClientRecorder
  /// From the window's start to its end (or to its abandonment), in nanoseconds.
  var nanoseconds: UInt64
  /// Clients still inside a request when the window was abandoned; their requests are in no figure.
  var undrainedClients: Int
  /// Whether a stop request, rather than the window's own stop condition, ended it.
  var wasStopped: Bool
}
