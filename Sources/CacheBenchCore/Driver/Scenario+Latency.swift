extension Scenario {
  /// The distribution every fetch's latency is drawn from.
  package var latencyDistribution: LatencyDistribution {
    fetcher.latency ?? .constant(fetchLatency)
  }
}

extension Scenario {
  /// A warning for stderr when the scenario's fetches sleep and the fetch timer could not get real-time
  /// priority (`DeadlineTimerThread.schedulingNote`); nil otherwise, and without starting the timer for
  /// a scenario whose fetches never sleep.
  package var fetchTimerNote: String? {
    guard latencyDistribution.typical > .zero else { return nil }
    return DeadlineTimerThread.shared.schedulingNote
  }
}
