import CacheBenchCore

extension MetricReading {
  /// The reading as a CSV field, the edge where a metric becomes text: empty when it does not apply,
  /// `n/a` when it was not measured, integers plain, decimals with their declared digits and durations
  /// in seconds with six, all without locale.
  var csvField: String {
    switch self {
    case .notApplicable: ""
    case .notMeasured: CSVWriter.notAvailable
    case .whole(let value): String(value)
    case .fixed(let value, let fractionDigits):
      DecimalText.fixed(value, fractionDigits: fractionDigits)
    case .seconds(let nanoseconds): DecimalText.seconds(nanoseconds: nanoseconds)
    }
  }
}

extension MetricReading {
  /// The number `csvField` writes, as a number: the value at its declared precision, which is what a
  /// reader of the field parses, so the JSON result and the baseline, which take it from here, hold the
  /// CSV's figures without reading its text. Nil when it does not apply or was not measured.
  var writtenNumber: Double? {
    switch self {
    case .notApplicable, .notMeasured: nil
    case .whole(let value): Double(value)
    case .fixed(let value, let fractionDigits):
      DecimalText.rounded(value, fractionDigits: fractionDigits)
    case .seconds(let nanoseconds): DecimalText.roundedSeconds(nanoseconds: nanoseconds)
    }
  }

  /// The median of one metric's readings over a variant's repetitions, of the measured values rather
  /// than of their texts: decimals with the most decimals any reading has, whole numbers whole (an even
  /// count's middle two averaged, then rounded half away from zero when written), durations to the
  /// nanosecond. A reading that does not apply or was not measured in some repetition makes the
  /// median the first such, rather than a median of the others.
  static func median(_ readings: [MetricReading]) -> MetricReading {
    guard let first = readings.first else { return .notApplicable }
    if readings.allSatisfy({ $0 == first }) { return first }
    if let missing = readings.first(where: { $0.number == nil }) { return missing }
    var values: [Double] = []
    var fractionDigits = 0
    var durations = true
    for reading in readings {
      switch reading {
      case .whole(let value):
        values.append(Double(value))
        durations = false
      case .fixed(let value, let digits):
        values.append(value)
        fractionDigits = max(fractionDigits, digits)
        durations = false
      case .seconds(let nanoseconds):
        values.append(Double(nanoseconds))
      case .notApplicable, .notMeasured:
        return reading
      }
    }
    guard let median = MedianInterval(values)?.median else { return first }
    if durations {
      return .seconds(nanoseconds: UInt64(median.rounded(.toNearestOrAwayFromZero)))
    }
    return .fixed(median, fractionDigits: fractionDigits)
  }
}
