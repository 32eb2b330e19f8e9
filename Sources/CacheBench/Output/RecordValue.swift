/// One field of a variant's record (`RunRecord.Variant.values`), still typed: a metric as its
/// declaration read it, or a column this tool writes as text (the run's metadata, the scenario, the
/// variant's name). The CSV writes each as text (`csvField`); the JSON result and the baseline take a
/// metric's number from its reading (`MetricReading.writtenNumber`), not from that text.
enum RecordValue: Sendable, Equatable {
  case reading(MetricReading)
  case text(String)

  /// The field as the CSV writes it.
  var csvField: String {
    switch self {
    case .reading(let reading): reading.csvField
    case .text(let text): text
    }
  }

  /// The median of one column's values over a variant's repetitions: a metric's by
  /// `MetricReading.median`, a text column's by `CSVWriter.medianField`.
  static func median(_ values: [RecordValue]) -> RecordValue {
    guard let first = values.first else { return .text("") }
    if values.allSatisfy({ $0 == first }) { return first }
    var readings: [MetricReading] = []
    for value in values {
      guard case .reading(let reading) = value else {
        return .text(CSVWriter.medianField(values.map(\.csvField)))
      }
      readings.append(reading)
    }
    return .reading(MetricReading.median(readings))
  }
}
