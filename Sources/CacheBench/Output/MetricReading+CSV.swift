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
