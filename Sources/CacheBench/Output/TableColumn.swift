import CacheBenchCore

/// A column of the per-variant summary table that the terminal (`TableWriter`) and Markdown
/// (`MarkdownWriter`) writers share: its header, alignment, how a result's cell is written, and
/// which value counts as the column's best, if any.
///
/// Text cells are written as given. Quantity cells share one unit per column (`ColumnScale`), named
/// in the header as `p50 [µs]`. Count cells are plain integers. Figure cells are each formatted on
/// their own (`HumanUnits`, a fixed number of decimals).
struct TableColumn {
  /// Where a cell's text sits within the column's width.
  enum Alignment {
    case left
    case right
  }

  /// Which value of the column is best, to be marked for the reader.
  enum Best {
    /// The largest, e.g. throughput.
    case highest
    /// The smallest, e.g. latency or duplicate fetches.
    case lowest
  }

  /// How a result's cell is produced.
  enum Content {
    /// Text as given, e.g. the variant's name.
    case text((VariantResult) -> String)
    /// A measured quantity shown in the column's unit; `nil` (nothing measured) is shown as `-`.
    case quantity(ColumnScale, (VariantResult) -> Double?)
    /// An exact count, shown as a plain integer; `nil` (not measured) is shown as `n/a`.
    case count((VariantResult) -> Int?)
    /// A figure `format` writes, or the text `missing` gives when `value` is nil (not measured, or
    /// nothing to measure); a variant measured several times shows the median of its values.
    case figure(
      value: (VariantResult) -> Double?, missing: (VariantResult) -> String,
      format: (Double) -> String)
  }

  var header: String
  var alignment: Alignment
  /// The best value's direction, or `nil` for columns whose values are not better or worse.
  var best: Best?
  var content: Content

  /// A text column; `cell` writes a result's cell.
  init(
    header: String, alignment: Alignment, best: Best? = nil,
    cell: @escaping (VariantResult) -> String
  ) {
    self.header = header
    self.alignment = alignment
    self.best = best
    self.content = .text(cell)
  }

  /// A right-aligned column of `content`, for the quantity and count factories.
  private init(header: String, best: Best?, content: Content) {
    self.header = header
    self.alignment = .right
    self.best = best
    self.content = content
  }

  /// A right-aligned column of quantities shown in one unit of `scale`.
  static func quantity(
    _ header: String, scale: ColumnScale, best: Best? = nil,
    value: @escaping (VariantResult) -> Double?
  ) -> TableColumn {
    TableColumn(header: header, best: best, content: .quantity(scale, value))
  }

  /// A right-aligned column of figures each written by `format`, `n/a` (or what `missing` says) where
  /// `value` is nil.
  static func figure(
    _ header: String, missing: @escaping (VariantResult) -> String = { _ in "n/a" },
    format: @escaping (Double) -> String, value: @escaping (VariantResult) -> Double?
  ) -> TableColumn {
    TableColumn(
      header: header, best: nil, content: .figure(value: value, missing: missing, format: format))
  }

  /// A right-aligned column of exact counts.
  static func count(
    _ header: String, best: Best? = nil, value: @escaping (VariantResult) -> Int?
  ) -> TableColumn {
    TableColumn(header: header, best: best, content: .count(value))
  }
}
