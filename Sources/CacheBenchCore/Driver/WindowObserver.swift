/// Told exactly when each variant's measured window opens and closes, and never around warm-up, so a
/// profiler can record the window and nothing else.
///
/// The driver awaits each call outside the timed part of the window: `windowWillOpen` returns before the first
/// request is issued and before the window's clock starts, and `windowDidClose` runs after the last request
/// completed and the clock stopped. What an observer does (wait for a profiler's acknowledgement, for a
/// signal) therefore costs the measured figures nothing.
///
/// Calls never throw: an observer that fails keeps its failure for whoever created it to report after the
/// run (see `ProfilingSession`), so the driver's error type stays the accounting error.
package protocol WindowObserver: Sendable {
  /// The measured window of `variant` is about to open; its cache is built and empty, warm-up is over.
  func windowWillOpen(_ variant: Variant) async

  /// The measured window of `variant` has closed after `requests` requests.
  func windowDidClose(_ variant: Variant, requests: Int) async
}
