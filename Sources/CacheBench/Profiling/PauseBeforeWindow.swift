import CacheBenchCore

/// Stops before each recorded window until SIGUSR1 arrives, so a profiler can be attached by hand to exactly
/// the part of the run that matters (`perf record -p PID`, `perf trace -p PID`, `heaptrack -p PID`).
///
/// The announcement names the pid and the variant and says how to continue; it goes to stderr, like all
/// progress, and is printed only after the wait is registered, so an immediate `kill -USR1` is never lost.
struct PauseBeforeWindow: ProfilingTool {
  let waiter: SignalWaiter
  /// Shows the announcement; stderr in the tool.
  let announce: @Sendable (String) -> Void

  func windowOpens(_ variant: Variant) async throws(ProfilingError) {
    let pid = SignalWaiter.processID
    await waiter.wait {
      announce(
        "pid \(pid) paused before the window of \(variant.description); attach a profiler"
          + " (e.g. perf record -p \(pid)), then continue with: kill -USR1 \(pid)")
    }
  }

  func windowCloses(_ variant: Variant, requests: Int) async throws(ProfilingError) {}
}
