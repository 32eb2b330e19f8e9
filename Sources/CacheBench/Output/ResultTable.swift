import CacheBenchCore

/// The per-variant summary table as cells, before any layout: headers with units, each cell's text,
/// and which cells hold their column's best value.
///
/// Best-value policy: in a column with a `TableColumn.Best` rule, the cells whose value *as shown*
/// is the highest (or lowest) are marked, ties included, so two cells that read the same are both
/// marked or neither. Nothing is marked in a column with fewer than two values, or whose values all
/// read the same: a mark there would say nothing. A cell with no value (`-`) is never marked.
struct ResultTable {
  /// One cell's text and whether it is its column's best.
  struct Cell: Sendable, Equatable {
    var text: String
    var isBest: Bool
  }

  /// Column headers, a quantity's unit appended in brackets: `p50 [µs]`.
  var headers: [String]
  var alignments: [TableColumn.Alignment]
  /// One row per result, one cell per column.
  var rows: [[Cell]]
  /// Per column, whether any of its cells is marked.
  var isMarked: [Bool]

  /// Whether any cell of the table is marked.
  var hasMarks: Bool { isMarked.contains(true) }

  /// The cells of `results` in `columns`, in the order given.
  init(columns: [TableColumn], results: [VariantResult]) {
    headers = []
    alignments = columns.map(\.alignment)
    isMarked = []
    var columnCells: [[Cell]] = []
    for column in columns {
      let texts: [String]
      let shown: [Int64?]
      var header = column.header
      switch column.content {
      case .text(let cell):
        texts = results.map(cell)
        shown = Array(repeating: nil, count: results.count)
      case .count(let value):
        let values = results.map(value)
        texts = values.map(String.init)
        shown = values.map(Int64.init)
      case .quantity(let scale, let value):
        let formatted = scale.format(results.map(value))
        texts = formatted.texts.map { $0 ?? "-" }
        shown = formatted.shownValues
        header += " [\(formatted.symbol)]"
      }
      let best = column.best.flatMap { Self.bestValue(of: shown, $0) }
      headers.append(header)
      isMarked.append(best != nil)
      columnCells.append(
        zip(texts, shown).map { text, value in
          Cell(text: text, isBest: best != nil && value == best)
        })
    }
    rows = results.indices.map { row in columnCells.map { $0[row] } }
  }

  /// The best of `values` by `rule`, or `nil` when marking it would tell nothing (see `ResultTable`).
  private static func bestValue(of values: [Int64?], _ rule: TableColumn.Best) -> Int64? {
    let present = values.compactMap { $0 }
    guard present.count >= 2, let lowest = present.min(), let highest = present.max(),
      lowest != highest
    else { return nil }
    return rule == .highest ? highest : lowest
  }
}
