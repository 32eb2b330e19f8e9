extension VariantResult {
  /// The histograms a result exports, by the name the JSON and histogram CSV files give them, in the
  /// order they are written: `latency` (request latency) and `fetch_latency` (realised, at the
  /// fetcher). A histogram added to the result joins both files by being listed here.
  var namedHistograms: [(name: String, histogram: LatencyHistogram)] {
    [("latency", latency), ("fetch_latency", fetchLatency)]
  }
}
