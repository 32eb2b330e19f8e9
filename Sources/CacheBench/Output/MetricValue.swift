import CacheBenchCore

/// One metric of a variant in the JSON result: a number, or `null` where the CSV field is empty
/// (not applicable or nothing measured, never 0).
///
/// Metrics come from the CSV fields (`CSVWriter.values`), which are numeric by design. A field that
/// is neither empty nor a finite number would be kept as a JSON string rather than dropped, so a
/// reader expecting numbers fails loudly instead of seeing a silent gap.
enum MetricValue: Codable, Sendable, Equatable {
  case number(Double)
  case text(String)
  case null

  /// The value of a CSV field: empty or `n/a` (not measured) is `null`, a finite decimal a number,
  /// anything else text.
  init(csvField field: String) {
    if field.isEmpty || field == CSVWriter.notAvailable {
      self = .null
    } else if let number = Double(field), number.isFinite {
      self = .number(number)
    } else {
      self = .text(field)
    }
  }

  /// The value of a record's field: a metric's number at its declared precision
  /// (`MetricReading.writtenNumber`), `null` where it does not apply or was not measured; a column
  /// written as text by `init(csvField:)`. A reading that is not finite is kept as its text, as the
  /// CSV writes it.
  init(_ value: RecordValue) {
    switch value {
    case .reading(let reading):
      if reading.number == nil {
        self = .null
      } else if let number = reading.writtenNumber, number.isFinite {
        self = .number(number)
      } else {
        self = .text(reading.csvField)
      }
    case .text(let text):
      self.init(csvField: text)
    }
  }

  /// Reads `null`, a number, or else a string.
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else {
      self = .text(try container.decode(String.self))
    }
  }

  /// Writes `null`, the number or the string.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .number(let number): try container.encode(number)
    case .text(let text): try container.encode(text)
    case .null: try container.encodeNil()
    }
  }
}
