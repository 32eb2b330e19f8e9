/// The measured figures of one variant's window, as the writers and the gate read them.
///
/// Names follow the metric vocabulary in DESIGN.md. Times are nanoseconds.
struct VariantResult: Sendable {
  var variant: Variant
  /// Cache lookups completed or failed in the window.
  var requests: Int
  var hits: Int
  var joins: Int
  var leaders: Int
  var errors: Int
  var cancellations: Int
  /// Calls the fetcher received.
  var fetches: Int
  /// Fetches that began while another fetch of the same key was in flight, counted at the fetcher.
  var duplicateFetches: Int
  /// Wall time of the measured window, from the first request issued to the last one completed.
  var windowNanoseconds: UInt64
  /// Request latency, from issue to completion.
  var latency: LatencyHistogram
  /// Realised fetch latency, measured at the fetcher.
  var fetchLatency: LatencyHistogram
  /// The fetch latency the fetcher was configured with.
  var configuredFetchLatency: Duration
  /// Every request's latency, in no particular order; empty unless raw latencies were asked for.
  var rawLatencies: [RawLatencySample] = []
  /// Memory and CPU the window cost; unknown figures are nil.
  var resources = ResourceUsage.unmeasured
  /// Time fetches waited for a fetch-pool slot (`--fetch-limit`), apart from actor queueing; nil without a pool.
  var fetchQueue: LatencyHistogram? = nil
  /// Open-loop figures (`--rate`); nil in a closed-loop run.
  var openLoop: OpenLoopFigures? = nil

  /// Latency histograms this result holds, whose memory `retained_bytes` does not charge to the variant.
  var histogramCount: Int { 2 + (fetchQueue == nil ? 0 : 1) + (openLoop == nil ? 0 : 1) }

  /// Requests per second of window wall time.
  var throughput: Double {
    windowNanoseconds == 0 ? 0 : Double(requests) * 1e9 / Double(windowNanoseconds)
  }
}
