import CacheBenchCore

extension TableColumn {
  /// The summary table's column of a declared metric, `column` its place and format.
  ///
  /// A cell is the number of the metric's reading (`MetricDeclaration.read`, the one its CSV field
  /// writes), the median over a variant's repetitions. A cell with no number says `n/a` when the
  /// metric was not measured and `column.notApplicable` when it does not apply; a scaled column shows
  /// `-` for either, as its other cells share one unit. The terminal table has no scenario or
  /// calibration, so a metric that needs one reads as not applicable here.
  init(metric: MetricDeclaration, column: MetricTableColumn) {
    let reading: @Sendable (VariantResult) -> MetricReading = { result in
      metric.read(MetricSource(result: result, scenario: nil, calibration: nil))
    }
    let value: (VariantResult) -> Double? = { reading($0).number }
    let best: Best? =
      column.marksBest ? (metric.better == .higher ? .highest : .lowest) : nil
    switch column.format {
    case .latencyScale:
      self = .quantity(column.title, scale: .latency, best: best, value: value)
    case .throughputScale:
      self = .quantity(column.title, scale: .throughput, best: best, value: value)
    case .count:
      self = .count(column.title, best: best) { result in
        value(result).map { Int($0.rounded(.toNearestOrAwayFromZero)) }
      }
    default:
      self = .figure(
        column.title,
        missing: { reading($0) == .notMeasured ? CSVWriter.notAvailable : column.notApplicable },
        format: column.format.text, value: value)
    }
  }
}

extension MetricTableColumn.Format {
  /// `value` written in this format, on its own: a scaled format, which shares one unit over its
  /// column in the summary table, writes a lone value as `latency` or `decimal(fractionDigits: 1)`.
  func text(_ value: Double) -> String {
    switch self {
    case .latencyScale, .latency:
      HumanUnits.latency(nanoseconds: UInt64(value.rounded(.toNearestOrAwayFromZero)))
    case .count, .integer:
      String(Int64(value.rounded(.toNearestOrAwayFromZero)))
    case .bytes:
      HumanUnits.bytes(Int(value.rounded(.toNearestOrAwayFromZero)))
    case .throughputScale:
      DecimalText.fixed(value, fractionDigits: 1)
    case .decimal(let fractionDigits):
      DecimalText.fixed(value, fractionDigits: fractionDigits)
    case .percent, .utilisation:
      DecimalText.fixed(value * 100, fractionDigits: 1) + "%"
    case .cost:
      CalibrationTableWriter.cost(value)
    case .floorMultiple:
      DecimalText.fixed(value, fractionDigits: 2) + "×"
    }
  }
}
