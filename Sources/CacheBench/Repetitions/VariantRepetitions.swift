import CacheBenchCore

/// Every measurement of one variant in a run, in repetition order: one, or `--repeat N` of them.
///
/// What the outputs show of a variant: the writers take these rather than single results, so a run of
/// one repetition and a run of several go through the same code. Each figure shown is the median of that
/// figure over the measurements (`MedianInterval`), taken figure by figure: the p99 shown is the median
/// of the p99s, not the p99 of the repetition with the median throughput. With one measurement every
/// median is that measurement's own figure, so the outputs are what a single window gives.
struct VariantRepetitions: Sendable {
  /// The measurements, by increasing `VariantResult.repetition`; never empty.
  var measurements: [VariantResult]

  /// A variant measured `measurements.count` times; `measurements` must not be empty and must all be
  /// of one variant.
  init(_ measurements: [VariantResult]) {
    precondition(!measurements.isEmpty, "a variant has at least one measurement")
    precondition(
      measurements.allSatisfy { $0.variant == measurements[0].variant },
      "the measurements of one variant")
    self.measurements = measurements.sorted { $0.repetition < $1.repetition }
  }

  /// A variant measured once.
  init(single result: VariantResult) {
    measurements = [result]
  }

  /// The results of a run, in the order measured, grouped by variant in the order each variant was
  /// first measured (the scenario's order, since the first repetition runs forward).
  static func grouping(_ results: [VariantResult]) -> [VariantRepetitions] {
    var groups: [[VariantResult]] = []
    for result in results {
      if let index = groups.firstIndex(where: { $0[0].variant == result.variant }) {
        groups[index].append(result)
      } else {
        groups.append([result])
      }
    }
    return groups.map(VariantRepetitions.init)
  }

  var variant: Variant { measurements[0].variant }
  /// How many times the variant was measured.
  var count: Int { measurements.count }
  /// The first measurement, for what is the same in every one (the variant, the configured latency).
  var first: VariantResult { measurements[0] }

  /// The median and interval of `figure` over the measurements; nil when some measurement lacks it
  /// (a histogram that recorded nothing), so a figure is never the median of only some repetitions.
  func interval(_ figure: (VariantResult) -> Double?) -> MedianInterval? {
    var values: [Double] = []
    for measurement in measurements {
      guard let value = figure(measurement) else { return nil }
      values.append(value)
    }
    return MedianInterval(values)
  }

  /// The median and interval of the figure of `VariantRepetitions.intervalFigures` called `name`.
  func interval(named name: String) -> MedianInterval? {
    guard let figure = Self.intervalFigures.first(where: { $0.name == name }) else { return nil }
    return interval(figure.value)
  }

  /// The median of `figure` over the measurements; nil when some measurement lacks it.
  func median(_ figure: (VariantResult) -> Double?) -> Double? {
    interval(figure)?.median
  }

  /// A percentile of the realised fetch latency, the median over the measurements that fetched; nil
  /// when none did.
  func realisedFetchLatency(atPercentile percentile: Double) -> UInt64? {
    let fetched = measurements.filter { !$0.fetchLatency.isEmpty }
    let values = fetched.map { Double($0.fetchLatency.value(atPercentile: percentile)) }
    return MedianInterval(values).map { UInt64($0.median.rounded(.toNearestOrAwayFromZero)) }
  }

  /// Each named histogram (`VariantResult.namedHistograms`) of every measurement merged into one: the
  /// spectrum of all the repetitions' requests together, for the JSON and histogram CSV, which carry
  /// whole distributions rather than single figures. Matched by name, since a histogram that only
  /// some results have (`main_delay`) shifts the others' positions.
  var pooledHistograms: [(name: String, histogram: LatencyHistogram)] {
    var pooled = first.namedHistograms
    for measurement in measurements.dropFirst() {
      for named in measurement.namedHistograms {
        if let index = pooled.firstIndex(where: { $0.name == named.name }) {
          pooled[index].histogram.merge(named.histogram)
        } else {
          pooled.append(named)
        }
      }
    }
    return pooled
  }
}

extension VariantRepetitions {
  /// The figures that get an interval in every output, and the ratios to a reference variant: the
  /// declared metrics with a timing ratio (`MetricDeclaration.timingRatio`), in catalogue order. Each
  /// is named as its ratio is less `_ratio` (as in the CSV's interval columns and the ratio lines:
  /// `throughput`, `latency_p50`, `latency_p99`), labelled with spaces for underscores, and read from
  /// one measurement by its declaration (nil where it does not apply or was not measured).
  static let intervalFigures:
    [(
      name: String, label: String, metric: MetricDeclaration,
      value: @Sendable (VariantResult) -> Double?
    )] =
      MetricCatalogue.all.compactMap { metric in
        guard let ratio = metric.timingRatio, ratio.hasSuffix("_ratio") else { return nil }
        let name = String(ratio.dropLast("_ratio".count))
        return (
          name, name.replacing("_", with: " "), metric,
          { result in
            metric.read(MetricSource(result: result, scenario: nil, calibration: nil)).number
          }
        )
      }

  /// A percentile of `histogram` in nanoseconds, nil when it recorded nothing.
  static func percentile(_ percentile: Double, of histogram: LatencyHistogram) -> Double? {
    histogram.isEmpty ? nil : Double(histogram.value(atPercentile: percentile))
  }
}
