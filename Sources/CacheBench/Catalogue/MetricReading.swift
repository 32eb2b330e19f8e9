import CacheBenchCore

/// One metric of one variant as measured, still typed: what a declaration's accessor returns and
/// every writer renders at its edge (`MetricReading+CSV`), so no figure is made text before it leaves.
///
/// A metric that does not apply (a latency percentile of a histogram that recorded nothing) and one
/// that could not be measured (a memory figure without jemalloc) are kept apart: the CSV writes them
/// as an empty field and as `n/a`, and neither is ever 0.
enum MetricReading: Sendable, Equatable {
  /// The metric does not apply to this variant or run.
  case notApplicable
  /// The metric applies but its source was unavailable.
  case notMeasured
  /// A whole number in the metric's unit.
  case whole(Int64)
  /// A decimal in the metric's unit, written with `fractionDigits` decimals.
  case fixed(Double, fractionDigits: Int)
  /// A duration of whole nanoseconds, written in seconds with six decimals.
  case seconds(nanoseconds: UInt64)

  /// The value as a number in the unit it is written in (seconds for `.seconds`), `nil` when it does
  /// not apply or was not measured.
  var number: Double? {
    switch self {
    case .notApplicable, .notMeasured: nil
    case .whole(let value): Double(value)
    case .fixed(let value, _): value
    case .seconds(let nanoseconds): Double(nanoseconds) / 1e9
    }
  }

  /// A whole number, or `missing` when there is none.
  static func integer<Value: BinaryInteger>(
    _ value: Value?, else missing: MetricReading = .notMeasured
  ) -> MetricReading {
    value.map { .whole(Int64(clamping: $0)) } ?? missing
  }

  /// A decimal with `fractionDigits` decimals, or `missing` when there is none.
  static func decimal(
    _ value: Double?, fractionDigits: Int, else missing: MetricReading = .notApplicable
  ) -> MetricReading {
    value.map { .fixed($0, fractionDigits: fractionDigits) } ?? missing
  }

  /// A finite decimal with `fractionDigits` decimals; not applicable when there is none.
  static func finite(_ value: Double?, fractionDigits: Int) -> MetricReading {
    guard let value, value.isFinite else { return .notApplicable }
    return .fixed(value, fractionDigits: fractionDigits)
  }

  /// A percentile of `histogram` (its maximum for `nil`); `empty` when it recorded nothing.
  static func percentile(
    _ percentile: Double?, of histogram: LatencyHistogram, empty: MetricReading = .notApplicable
  ) -> MetricReading {
    guard histogram.totalCount > 0 else { return empty }
    guard let percentile else { return integer(histogram.max) }
    return integer(histogram.value(atPercentile: percentile))
  }

  /// A percentile of a histogram that only some runs keep; not applicable when there is none.
  static func percentile(_ percentile: Double?, of histogram: LatencyHistogram?) -> MetricReading {
    histogram.map { Self.percentile(percentile, of: $0) } ?? .notApplicable
  }

  /// A percentile of a sampled histogram: not measured when it took no sample.
  static func sampled(_ percentile: Double?, of histogram: LatencyHistogram) -> MetricReading {
    Self.percentile(percentile, of: histogram, empty: .notMeasured)
  }

  /// The mean of `histogram` with one decimal; not applicable when it recorded nothing.
  static func mean(of histogram: LatencyHistogram) -> MetricReading {
    histogram.totalCount == 0 ? .notApplicable : .fixed(histogram.mean, fractionDigits: 1)
  }

  /// A floor or hit-path cost in nanoseconds with one decimal; not applicable when not measured.
  static func cost(_ value: Double?) -> MetricReading {
    finite(value, fractionDigits: 1)
  }

  /// A ratio with two decimals; not applicable when not known.
  static func ratio(_ value: Double?) -> MetricReading {
    finite(value, fractionDigits: 2)
  }

  /// Whole microseconds as seconds; not measured when unknown.
  static func microseconds(_ value: Int64?) -> MetricReading {
    value.map { .seconds(nanoseconds: UInt64(max(0, $0)) * 1_000) } ?? .notMeasured
  }
}
