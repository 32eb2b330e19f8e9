import CacheBenchCore

/// One thing done at the edges of a recorded window: pause for a signal, switch perf or callgrind on and off.
///
/// `ProfilingSession` calls the tools in order when a selected window opens and in reverse order when it
/// closes, and stops calling any of them after the first failure.
protocol ProfilingTool: Sendable {
  /// The window of `variant` is about to open.
  func windowOpens(_ variant: Variant) async throws(ProfilingError)

  /// The window of `variant` closed after `requests` requests.
  func windowCloses(_ variant: Variant, requests: Int) async throws(ProfilingError)
}
