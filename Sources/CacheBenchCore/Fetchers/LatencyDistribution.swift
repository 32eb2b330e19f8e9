import Foundation

/// The latency a fake fetcher takes per fetch, as a distribution the user names with `--latency`.
///
/// Spellings (durations as `Duration.parse` reads them): `2ms` (constant), `uniform:1ms..5ms`,
/// `exp:2ms` (exponential with that mean), `lognormal:2ms,0.5` (median and sigma of the underlying
/// normal), `bimodal:1ms,50ms,0.01` (fast, slow, share of slow fetches). A sample is a pure function of
/// two uniform draws, so a counter-based source (`FetchDraws`) makes every fetch's latency repeatable.
package enum LatencyDistribution: Sendable, Equatable, CustomStringConvertible {
  /// Every fetch takes exactly this long.
  case constant(Duration)
  /// Uniform between the two bounds, inclusive of the lower.
  case uniform(Duration, Duration)
  /// Exponential with this mean: many short fetches and a long tail.
  case exponential(mean: Duration)
  /// Log-normal with this median and `sigma` (of the logarithm): a service's typical right-skewed shape.
  case lognormal(median: Duration, sigma: Double)
  /// `fast` except for a `slowShare` of fetches that take `slow`: a cache miss behind the cache, a GC pause.
  case bimodal(fast: Duration, slow: Duration, slowShare: Double)

  /// The configured mean latency, what `fetch_latency_configured_ns` reports.
  package var mean: Duration {
    switch self {
    case .constant(let latency): return latency
    case .uniform(let low, let high): return .nanoseconds((Self.ns(low) + Self.ns(high)) / 2)
    case .exponential(let mean): return mean
    case .lognormal(let median, let sigma):
      return .nanoseconds(Int64((Double(Self.ns(median)) * exp(sigma * sigma / 2)).rounded()))
    case .bimodal(let fast, let slow, let share):
      let mean = Double(Self.ns(fast)) * (1 - share) + Double(Self.ns(slow)) * share
      return .nanoseconds(Int64(mean.rounded()))
    }
  }

  /// A latency most fetches are near: a run whose typical latency is zero never sleeps on the fetch
  /// timer (`Scenario.fetchTimerNote`).
  var typical: Duration {
    switch self {
    case .constant(let latency): return latency
    case .uniform, .exponential: return mean
    case .lognormal(let median, _): return median
    case .bimodal(let fast, _, _): return fast
    }
  }

  /// The latency in nanoseconds for the uniform draws `first` and `second`, each in `0..<1`.
  ///
  /// Inverse-transform sampling for uniform and exponential, Box–Muller for log-normal (which is why
  /// two draws are taken), a threshold on `first` for bimodal. Results are clamped to at least 0.
  func nanoseconds(first: Double, second: Double) -> UInt64 {
    switch self {
    case .constant(let latency):
      return UInt64(Self.ns(latency))
    case .uniform(let low, let high):
      let span = Double(Self.ns(high) - Self.ns(low))
      return UInt64(Self.ns(low)) + UInt64((span * first).rounded(.down))
    case .exponential(let mean):
      return Self.clamped(-Double(Self.ns(mean)) * log1p(-first))
    case .lognormal(let median, let sigma):
      // 1 - first is in (0, 1], so the logarithm is finite.
      let normal = (-2 * log1p(-first)).squareRoot() * cos(2 * Double.pi * second)
      return Self.clamped(Double(Self.ns(median)) * exp(sigma * normal))
    case .bimodal(let fast, let slow, let share):
      return UInt64(Self.ns(first < share ? slow : fast))
    }
  }

  /// The spelling `parse(_:)` reads, in canonical form (`uniform:1ms..5ms`).
  package var description: String {
    switch self {
    case .constant(let latency): return Self.text(latency)
    case .uniform(let low, let high): return "uniform:\(Self.text(low))..\(Self.text(high))"
    case .exponential(let mean): return "exp:\(Self.text(mean))"
    case .lognormal(let median, let sigma): return "lognormal:\(Self.text(median)),\(sigma)"
    case .bimodal(let fast, let slow, let share):
      return "bimodal:\(Self.text(fast)),\(Self.text(slow)),\(share)"
    }
  }

  /// Whole nanoseconds of a non-negative duration.
  private static func ns(_ duration: Duration) -> Int64 {
    Int64(duration.nanoseconds)
  }

  private static func clamped(_ value: Double) -> UInt64 {
    guard value.isFinite else { return value > 0 ? UInt64(Int64.max) : 0 }
    return value <= 0 ? 0 : UInt64(min(value.rounded(), Double(Int64.max)))
  }

  /// A duration in the largest unit that keeps it whole, so the text parses back to the same value.
  static func text(_ duration: Duration) -> String {
    let nanoseconds = ns(duration)
    for (unit, size) in [("s", Int64(1_000_000_000)), ("ms", 1_000_000), ("us", 1_000)]
    where nanoseconds != 0 && nanoseconds % size == 0 {
      return "\(nanoseconds / size)\(unit)"
    }
    return "\(nanoseconds)ns"
  }
}
