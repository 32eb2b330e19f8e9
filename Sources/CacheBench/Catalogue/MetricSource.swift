import CacheBenchCore

/// What a metric is read from: one measurement of a variant, the scenario it ran in and the run's
/// calibration, all typed.
struct MetricSource: Sendable {
  /// The variant's measurement.
  var result: VariantResult
  /// The run's scenario, for metrics that apply only to some (the main-actor probe's); `nil` for a
  /// writer that has none (the terminal tables), where such a metric reads as not applicable.
  var scenario: Scenario?
  /// The run's floor measurements, if it calibrated.
  var calibration: Calibration?

  /// A count of how requests were served, or not measured when the design did not report it for
  /// every request.
  func outcome(_ count: KeyPath<VariantResult, Int>) -> MetricReading {
    result.outcomesReported ? .integer(result[keyPath: count]) : .notMeasured
  }

  /// A percentile (the maximum for `nil`) of an isolation histogram, or not measured when the design
  /// did not time it for every request (`known`: its isolation timed, or for `actor_busy_wait` its busy
  /// part too).
  func isolation(
    _ percentile: Double?, _ histogram: KeyPath<VariantResult, LatencyHistogram>,
    known: KeyPath<VariantResult, Bool> = \.isolationTimed
  ) -> MetricReading {
    guard result[keyPath: known] else { return .notMeasured }
    return .percentile(percentile, of: result[keyPath: histogram])
  }

  /// A main-actor figure: not applicable for clients that were not on the main actor, not measured
  /// when no probe ran.
  func mainActor(_ figure: (MainActorResponsiveness) -> MetricReading) -> MetricReading {
    guard scenario?.caller == .main else { return .notApplicable }
    return result.mainActorResponsiveness.map(figure) ?? .notMeasured
  }

  /// A decode-after-cancellation figure: not applicable where no decode ran in a cancelled caller's
  /// own task.
  func decodeCancellation(_ figure: (DecodeCancellationFigures) -> MetricReading)
    -> MetricReading
  {
    guard let figures = result.decodeCancellation, figures.applies else { return .notApplicable }
    return figure(figures)
  }

  /// Bytes per cached entry with one decimal; not applicable when the cache holds nothing, not
  /// measured when unknown.
  var bytesPerEntry: MetricReading {
    let resources = result.resources
    if resources.cachedEntries == 0 { return .notApplicable }
    return .decimal(resources.bytesPerEntry, fractionDigits: 1, else: .notMeasured)
  }
}
