extension Scenario {
  /// The distribution every fetch's latency is drawn from.
  package var latencyDistribution: LatencyDistribution {
    fetcher.latency ?? .constant(fetchLatency)
  }
}
