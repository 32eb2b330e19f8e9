/// How the fake fetcher of a scenario behaves beyond its constant latency: the latency's distribution,
/// injected failures, cancellation and a limit on concurrent fetches.
///
/// The defaults are the plain constant-latency fetcher, so a scenario that sets none of these measures
/// exactly what it measured before they existed.
package struct FetcherSettings: Sendable, Equatable {
  /// The latency distribution when it is not constant; nil means `Scenario.fetchLatency` for every fetch.
  package var latency: LatencyDistribution? = nil
  /// Probability in `0...1` that a fetch throws `InjectedFetchFailure` after its latency (`--fail-rate`).
  package var failRate: Double = 0
  /// Whether fetches run to completion even when their caller is cancelled (`--ignore-cancellation`).
  package var ignoresCancellation = false
  /// Most fetches in flight at the fetcher (`--fetch-limit`); nil means unlimited.
  package var fetchLimit: Int? = nil
}
