import CacheBenchCore

/// How `CSVWriter`'s fields write their values: units, precision, and empty (does not apply) against
/// `n/a` (not measured).
extension CSVWriter {
  /// The field of a figure that could not be measured; distinct from an empty field, which means the
  /// figure does not apply.
  static let notAvailable = "n/a"

  /// A percentile (the maximum for nil) of a sampled histogram; `n/a` when it took no sample, since the
  /// figure exists but was not measured.
  static func sampled(_ percentile: Double?, of histogram: LatencyHistogram) -> String {
    guard histogram.totalCount > 0 else { return notAvailable }
    guard let percentile else { return String(histogram.max) }
    return String(histogram.value(atPercentile: percentile))
  }

  /// A number in Swift's shortest round-trip form, without a `.0` on whole numbers (`0`, `0.05`, `1`).
  static func shortest(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
  }

  /// A percentile of a histogram that exists only in some runs (the fetch pool's); empty otherwise.
  static func optionalPercentile(_ percentile: Double, of histogram: LatencyHistogram?)
    -> String
  {
    histogram.map { Self.percentile(percentile, of: $0) } ?? ""
  }

  /// An integer as plain digits, or `n/a` when it was not measured.
  static func known<Value: BinaryInteger>(_ value: Value?) -> String {
    value.map { String($0) } ?? notAvailable
  }

  /// Seconds with six decimals from whole microseconds.
  static func microseconds(_ value: Int64?) -> String {
    value.map { DecimalText.seconds(nanoseconds: UInt64(max(0, $0)) * 1_000) } ?? notAvailable
  }

  /// Bytes with one decimal; empty when the cache holds nothing (no entry to charge), `n/a` when unknown.
  static func bytesPerEntry(_ resources: ResourceUsage) -> String {
    if resources.cachedEntries == 0 { return "" }
    return resources.bytesPerEntry.map { DecimalText.fixed($0, fractionDigits: 1) } ?? notAvailable
  }

  /// Theta in Swift's shortest round-trip form (`0.99`), which is locale-free and exact.
  static func zipfTheta(_ distribution: KeyDistributionKind) -> String {
    distribution.recordTheta.map { "\($0)" } ?? ""
  }

  static func percentile(_ percentile: Double, of histogram: LatencyHistogram) -> String {
    histogram.totalCount == 0 ? "" : String(histogram.value(atPercentile: percentile))
  }

  /// A count of how requests were served, or `n/a` when the design did not report it for every request.
  static func outcomeCount(
    _ result: VariantResult, _ count: KeyPath<VariantResult, Int>
  ) -> String {
    result.outcomesReported ? String(result[keyPath: count]) : notAvailable
  }

  /// A percentile (or, for nil, the maximum) of an isolation histogram, or `n/a` when the design did
  /// not measure it for every request (`known`: its isolation timed, or for `actor_busy_wait` its busy
  /// part too).
  static func isolation(
    _ percentile: Double?, _ result: VariantResult,
    _ histogram: KeyPath<VariantResult, LatencyHistogram>,
    known: KeyPath<VariantResult, Bool> = \.isolationTimed
  ) -> String {
    guard result[keyPath: known] else { return notAvailable }
    let histogram = result[keyPath: histogram]
    guard let percentile else { return maximum(of: histogram) }
    return self.percentile(percentile, of: histogram)
  }

  static func maximum(of histogram: LatencyHistogram) -> String {
    histogram.totalCount == 0 ? "" : String(histogram.max)
  }

  /// A floor figure with one decimal, or empty when not measured.
  static func cost(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "" }
    return DecimalText.fixed(value, fractionDigits: 1)
  }

  /// A ratio with two decimals, or empty when not known.
  static func ratio(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "" }
    return DecimalText.fixed(value, fractionDigits: 2)
  }

  static func mean(of histogram: LatencyHistogram) -> String {
    histogram.totalCount == 0 ? "" : DecimalText.fixed(histogram.mean, fractionDigits: 1)
  }

  /// The `ignored_options` field: the columns of the options the design did not do as asked
  /// (`VariantResult.ignoredOptions`) in any of `repetitions`, in column order, joined by `;`
  /// (`decode;cancel_rate`); empty when it did them all.
  static func ignoredOptions(of repetitions: VariantRepetitions) -> String {
    let ignored = repetitions.measurements.map(\.ignoredOptions)
    let options = VariantResult.ignorableOptions
    return options.filter { option in ignored.contains { $0.contains(option) } }
      .joined(separator: ";")
  }
}
