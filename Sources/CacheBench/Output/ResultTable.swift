import CacheBenchCore

/// The per-variant summary table as cells, before any layout: headers with units, each cell's text,
/// and which cells hold their column's best value.
///
/// Best-value policy: in a column with a `TableColumn.Best` rule, the cells whose value *as shown*
/// is the highest (or lowest) are marked, ties included, so two cells that read the same are both
/// marked or neither. Nothing is marked in a column with fewer than two values, or whose values all
/// read the same: a mark there would say nothing. A cell with no value (`-`) is never marked, nor is any
/// cell of a row with no requests (a variant interrupted or stalled before its first): its zero fetches
/// and duplicates are an absence of measurement, not the best one. Nor is any cell of a row that
/// `MarkExclusions` names (a partial row, one with duplicate fetches where other rows have none, or
/// one that starved most of its clients):
/// the writers say so under the table, so a mark never goes unremarked to a row that does not earn it.
/// A count column (fetches, duplicate fetches) is a total over the requests a row served, so its mark
/// needs rows that served the same number: in a run stopped by time (`--duration`) the row that served
/// fewest would have the fewest fetches; such a column is left unmarked and named in
/// `countsUnmarked`.
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
  /// The headers of the count columns with a best-value rule left unmarked because the rows that could
  /// be marked served different numbers of requests.
  var countsUnmarked: [String] = []

  /// Whether any cell of the table is marked.
  var hasMarks: Bool { isMarked.contains(true) }

  /// The cells of `results` in `columns`, in the order given.
  init(columns: [TableColumn], results: [VariantResult]) {
    self.init(columns: columns, repeated: results.map(VariantRepetitions.init(single:)))
  }

  /// The cells of `repeated` in `columns`, one row per variant in the order given. A variant measured
  /// several times shows, in each quantity, count and figure column, the median of its measurements'
  /// values (`VariantRepetitions.median`; a count's rounded to an integer), or no value when some
  /// measurement had none; text cells are its first measurement's. Rows `exclusions` names get no
  /// mark.
  init(
    columns: [TableColumn], repeated: [VariantRepetitions], exclusions: MarkExclusions? = nil
  ) {
    headers = []
    alignments = columns.map(\.alignment)
    isMarked = []
    var columnCells: [[Cell]] = []
    let requests = repeated.map { $0.median { Double($0.requests) } ?? 0 }
    let hasRequests = repeated.indices.map { index in
      requests[index] > 0 && exclusions?.allowsMark(index) != false
    }
    let servedAlike =
      Set(zip(requests, hasRequests).filter { $0.1 }.map(\.0)).count <= 1
    for column in columns {
      let texts: [String]
      let shown: [Int64?]
      var header = column.header
      switch column.content {
      case .text(let cell):
        texts = repeated.map { cell($0.first) }
        shown = Array(repeating: nil, count: repeated.count)
      case .count(let value):
        let values = repeated.map { group in
          group.median { value($0).map(Double.init) }.map {
            Int64($0.rounded(.toNearestOrAwayFromZero))
          }
        }
        texts = values.map { $0.map(String.init) ?? CSVWriter.notAvailable }
        shown = values
      case .quantity(let scale, let value):
        let formatted = scale.format(repeated.map { $0.median(value) })
        texts = formatted.texts.map { $0 ?? "-" }
        shown = formatted.shownValues
        header += " [\(formatted.symbol)]"
      case .figure(let value, let missing, let format):
        texts = repeated.map { group in
          if let median = group.median(value) { return format(median) }
          return missing(group.measurements.first { value($0) == nil } ?? group.first)
        }
        shown = Array(repeating: nil, count: repeated.count)
      }
      var candidates = zip(shown, hasRequests).map { value, measured in measured ? value : nil }
      if case .count = column.content, column.best != nil, !servedAlike,
        Self.bestValue(of: candidates, column.best ?? .lowest) != nil
      {
        candidates = candidates.map { _ in nil }
        countsUnmarked.append(column.header)
      }
      let best = column.best.flatMap { Self.bestValue(of: candidates, $0) }
      headers.append(header)
      isMarked.append(best != nil)
      columnCells.append(
        zip(texts, candidates).map { text, value in
          Cell(text: text, isBest: best != nil && value == best)
        })
    }
    rows = repeated.indices.map { row in columnCells.map { $0[row] } }
  }

  /// `no mark in fetches, dup_fetches: …`, for the line under the table; nil when every count column
  /// that marks its best could.
  var countsUnmarkedLine: String? {
    guard !countsUnmarked.isEmpty else { return nil }
    return "no mark in " + countsUnmarked.joined(separator: ", ")
      + ": the rows served different numbers of requests (a run stopped by time), so their totals"
      + " do not compare"
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
