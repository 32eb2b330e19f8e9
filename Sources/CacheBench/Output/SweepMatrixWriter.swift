import CacheBenchCore

/// Renders a sweep for people: two compact matrices, throughput and p99 request latency of every cell
/// relative to the single coalescing actor at the same decode placement, client threads and concurrency,
/// then the reference's own figures so the ratios can be turned back into numbers.
///
/// Rows are variants (`naive`, `coalescing`, `sharded(1)` … `sharded(16)`, `mutex`); columns are
/// placement and concurrency (`inside c=8`), and the client threads when the sweep has that axis
/// (`inside t=2 c=8`). Ratios have two decimals and a `×`; a cell that was not measured, or whose
/// reference was not, shows `-`.
enum SweepMatrixWriter {
  /// Both matrices and the reference line, each line ending in `\n`.
  static func render(_ matrix: SweepMatrix) -> String {
    let columns = columnKeys(matrix.plan)
    let threads = columns.contains { $0.threads != nil } ? ", client threads" : ""
    let header =
      "relative to \(SweepPlan.referenceDesign.name) (one actor)"
      + " at the same decode\(threads) and concurrency"
    return "throughput \(header); higher is better\n"
      + table(matrix, columns: columns) { $0.throughputRatio }
      + "\np99 latency \(header); lower is better\n"
      + table(matrix, columns: columns) { $0.latencyP99Ratio }
      + "\n" + referenceTable(matrix, columns: columns)
  }

  /// A column of the matrices: a placement at a concurrency, on a number of client threads when the
  /// sweep has that axis.
  private struct ColumnKey: Equatable {
    var decode: DecodePlacement
    var concurrency: Int
    var threads: Int?

    var header: String {
      "\(decode.rawValue)\(threads.map { " t=\($0)" } ?? "") c=\(concurrency)"
    }

    /// Whether `cell` belongs in this column.
    func holds(_ cell: SweepCell) -> Bool {
      cell.variant.decode == decode && cell.concurrency == concurrency && cell.threads == threads
    }
  }

  /// The matrix columns, one per placement, thread count and concurrency, in plan order.
  private static func columnKeys(_ plan: SweepPlan) -> [ColumnKey] {
    var keys: [ColumnKey] = []
    for cell in plan.cells {
      let key = ColumnKey(
        decode: cell.variant.decode, concurrency: cell.concurrency, threads: cell.threads)
      if !keys.contains(key) { keys.append(key) }
    }
    return keys
  }

  /// The variant names in plan order, each once.
  private static func rowNames(_ plan: SweepPlan) -> [String] {
    var names: [String] = []
    for cell in plan.cells where !names.contains(cell.variant.name) {
      names.append(cell.variant.name)
    }
    return names
  }

  /// One matrix: a row per variant, a column per placement and concurrency, the ratio `ratio` picks.
  private static func table(
    _ matrix: SweepMatrix, columns: [ColumnKey], ratio: (SweepMatrix.Row) -> Double?
  ) -> String {
    var table = TextTable(
      columns: [.init(header: "variant", alignment: .left)]
        + columns.map { .init(header: $0.header, alignment: .right) })
    for name in rowNames(matrix.plan) {
      let cells = columns.map { column -> String in
        let row = matrix.rows.first { $0.cell.variant.name == name && column.holds($0.cell) }
        guard let row, let value = ratio(row) else { return "-" }
        return DecimalText.fixed(value, fractionDigits: 2) + "×"
      }
      table.rows.append([name] + cells)
    }
    return table.render()
  }

  /// The reference's own throughput and p99 in each column.
  private static func referenceTable(_ matrix: SweepMatrix, columns: [ColumnKey]) -> String {
    var table = TextTable(
      columns: [.init(header: "reference", alignment: .left)]
        + columns.map { .init(header: $0.header, alignment: .right) })
    let references = columns.map { column in
      matrix.row(
        for: SweepCell(
          variant: Variant(design: SweepPlan.referenceDesign, decode: column.decode, shards: 1),
          concurrency: column.concurrency, threads: column.threads))
    }
    table.rows.append(
      ["throughput"]
        + references.map { $0.map { HumanUnits.throughput($0.result.throughput) } ?? "-" })
    table.rows.append(
      ["p99"]
        + references.map { reference in
          guard let latency = reference?.result.latency, latency.totalCount > 0 else { return "-" }
          return HumanUnits.latency(nanoseconds: latency.value(atPercentile: 99))
        })
    return table.render()
  }
}
