import CacheBenchCore

/// A CSV document read back: its header and records, as `CSVWriter` writes them.
///
/// Reads RFC 4180 (fields optionally in double quotes, inner quotes doubled, CR, LF or quotes
/// allowed inside quoted fields) and, leniently, bare LF line ends as well as CRLF, since a file
/// may have passed through tools that rewrite line ends. A blank last line is not a record.
/// Every record must have as many fields as the header.
struct CSVTable: Sendable, Equatable {
  /// Why a text is not a CSV table; `description` names the 1-based record (the header is record 1).
  struct FormatError: Error, Equatable, CustomStringConvertible {
    var record: Int
    var message: String

    var description: String { "record \(record): \(message)" }
  }

  /// The column names, in order.
  var header: [String]
  /// The data records, each with one field per column.
  var rows: [[String]]

  /// The value of `column` in `row`, or `nil` when there is no such column.
  func value(_ column: String, in row: [String]) -> String? {
    header.firstIndex(of: column).map { row[$0] }
  }

  /// Parses `text`, which must start with a header record.
  static func parse(_ text: String) throws(FormatError) -> CSVTable {
    let records = try records(in: text)
    guard let header = records.first, header != [""] else {
      throw FormatError(record: 1, message: "no header record")
    }
    var seen: Set<String> = []
    for name in header where !seen.insert(name).inserted {
      throw FormatError(record: 1, message: "column '\(name)' appears twice in the header")
    }
    for (index, record) in records.enumerated().dropFirst() where record.count != header.count {
      throw FormatError(
        record: index + 1,
        message: "has \(record.count) fields, the header has \(header.count)")
    }
    return CSVTable(header: header, rows: Array(records.dropFirst()))
  }

  /// Splits `text` into records of fields, undoing the quoting; a quote may open a field only at its start.
  private static func records(in text: String) throws(FormatError) -> [[String]] {
    var scanner = CSVScanner(text)
    while let scalar = scanner.next() {
      try scanner.take(scalar)
    }
    return try scanner.finished()
  }
}

/// The state of splitting one CSV text into records, a Unicode scalar at a time.
private struct CSVScanner {
  typealias FormatError = CSVTable.FormatError

  private var records: [[String]] = []
  private var record: [String] = []
  private var field = String.UnicodeScalarView()
  private var quoted = false
  private var fieldStarted = false
  private var afterClosingQuote = false
  private var scalars: String.UnicodeScalarView.Iterator
  /// A scalar read ahead and put back.
  private var pending: Unicode.Scalar? = nil

  init(_ text: String) { scalars = text.unicodeScalars.makeIterator() }

  mutating func next() -> Unicode.Scalar? {
    if let scalar = pending {
      pending = nil
      return scalar
    }
    return scalars.next()
  }

  /// Reads `scalar`, the next of the text.
  mutating func take(_ scalar: Unicode.Scalar) throws(FormatError) {
    if quoted {
      takeQuoted(scalar)
      return
    }
    switch scalar {
    case "\"" where !fieldStarted:
      quoted = true
      fieldStarted = true
    case "\"":
      throw FormatError(record: records.count + 1, message: "a quote inside an unquoted field")
    case ",":
      endField()
    case "\r":
      let following = next()
      if following != "\n" { pending = following }
      endRecord()
    case "\n":
      endRecord()
    default:
      guard !afterClosingQuote else {
        throw FormatError(
          record: records.count + 1, message: "text after the closing quote of a field")
      }
      fieldStarted = true
      field.append(scalar)
    }
  }

  /// Reads `scalar` inside a quoted field, where `""` is a quote and a lone `"` closes the field.
  private mutating func takeQuoted(_ scalar: Unicode.Scalar) {
    guard scalar == "\"" else {
      field.append(scalar)
      return
    }
    let following = next()
    if following == "\"" {
      field.append("\"")
    } else {
      quoted = false
      afterClosingQuote = true
      pending = following
    }
  }

  private mutating func endField() {
    record.append(String(field))
    field = String.UnicodeScalarView()
    fieldStarted = false
    afterClosingQuote = false
  }

  private mutating func endRecord() {
    endField()
    records.append(record)
    record = []
  }

  /// The records, once the text is read: a last record without its line end counts.
  mutating func finished() throws(FormatError) -> [[String]] {
    if quoted {
      throw FormatError(record: records.count + 1, message: "unterminated quoted field")
    }
    if fieldStarted || !record.isEmpty {
      endRecord()
    }
    return records
  }
}
