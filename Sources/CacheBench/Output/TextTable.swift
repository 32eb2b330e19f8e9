import CacheBenchCore

/// A plain-text table for the terminal: a header row, a dashed rule, then the rows, columns separated by
/// two spaces, names left-aligned and figures right-aligned, no trailing spaces.
///
/// The layout of `TableWriter`, shared by the tables added after it (contention, calibration, sweep
/// matrices) so they all read alike.
struct TextTable {
  /// How a column's cells line up.
  enum Alignment {
    case left
    case right
  }

  /// A column's header and alignment.
  struct Column {
    var header: String
    var alignment: Alignment
  }

  /// The columns, left to right.
  var columns: [Column]
  /// The cells, one array per row, one cell per column.
  var rows: [[String]] = []

  /// The table as text, every line ending in `\n`.
  func render() -> String {
    let widths = columns.indices.map { index in
      rows.reduce(columns[index].header.count) { Swift.max($0, $1[index].count) }
    }
    func line(_ values: [String]) -> String {
      let padded = columns.indices.map { index in
        Self.pad(values[index], to: widths[index], alignment: columns[index].alignment)
      }
      var text = padded.joined(separator: "  ")
      while text.last == " " { text.removeLast() }
      return text + "\n"
    }
    var text = line(columns.map(\.header))
    text += line(widths.map { String(repeating: "-", count: $0) })
    for row in rows {
      text += line(row)
    }
    return text
  }

  /// `text` padded with spaces to `width` characters on the side `alignment` leaves open.
  static func pad(_ text: String, to width: Int, alignment: Alignment) -> String {
    let padding = String(repeating: " ", count: Swift.max(0, width - text.count))
    return alignment == .left ? text + padding : padding + text
  }
}
