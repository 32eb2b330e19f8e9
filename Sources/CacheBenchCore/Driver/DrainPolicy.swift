/// How long a window that was told to stop waits for the requests already in flight.
///
/// Two bounded steps, so an interrupted run always ends: for `grace` the in-flight requests may finish
/// normally; then the window's client tasks are cancelled (a fetch that honours cancellation ends at
/// once and is counted under `cancellations`); if some client still has not returned `abandonAfter`
/// later (a fetcher that ignores cancellation), the window is given up on and those clients are reported
/// as `undrainedClients` rather than waited on forever.
struct DrainPolicy: Sendable, Equatable {
  /// Time in-flight requests get to finish on their own after the stop.
  var grace: Duration = .seconds(2)
  /// Time cancelled clients get to return before the window is abandoned.
  var abandonAfter: Duration = .seconds(2)
  /// How long a window may go without any progress (no request claimed, no fetch begun or ended)
  /// before it is taken for hung and stopped like an interrupted one, so a cache that never answers
  /// costs its own variant and not the run. The driver waits at least 100 times the mean fetch
  /// latency, so a slow fetcher is never mistaken for a hang.
  var stallTimeout: Duration = .seconds(60)
}
