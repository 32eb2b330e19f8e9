import CacheBenchCore

/// Renders a sweep for people: two compact matrices, throughput and p99 request latency of every cell
/// relative to the single coalescing actor at the same decode placement, client threads and concurrency,
/// then the reference's own figures so the ratios can be turned back into numbers. A cell measured several
/// times (`sweep --repeat`) shows its medians (`SweepMatrix`).
///
/// Rows are variants (`naive`, `coalescing`, `sharded(1)` … `sharded(16)`, `mutex`); columns are
/// placement and concurrency (`inside c=8`), and the client threads when the sweep has that axis
/// (`inside t=2 c=8`). Ratios have two decimals and a `×`, and one under 0.005 reads `<0.01×`, never
/// 0; a cell that was not measured, or whose reference was not, shows `-`; a p99 ratio of a cell that
/// starved most of its clients, or whose reference did, shows `n/a (starved)` (see `SweepMatrix`).
///
/// When the sweep measured the reference's design under another name (`sharded(1)`), a last line gives
/// the spread of that twin's ratios as the run's noise floor (`SweepMatrix.NoiseFloor`).
enum SweepMatrixWriter {
  /// Both matrices, the reference line and the noise floor, each line ending in `\n`.
  static func render(_ matrix: SweepMatrix) -> String {
    let columns = columnKeys(matrix.plan)
    let threads = columns.contains { $0.threads != nil } ? ", client threads" : ""
    let header =
      "relative to \(SweepPlan.referenceDesign.name) (one actor)"
      + " at the same decode\(threads) and concurrency\(mediansNote(matrix))"
    return "throughput \(header); higher is better\n"
      + table(matrix, columns: columns) { $0.throughputRatio.map(ratio) }
      + "\np99 latency \(header); lower is better\n"
      + table(matrix, columns: columns) { row in
        row.latencyP99Starved ? "n/a (starved)" : row.latencyP99Ratio.map(ratio)
      }
      + "\n" + referenceTable(matrix, columns: columns)
      + (matrix.noiseFloor.map { noiseFloorLine($0) + "\n" } ?? "")
  }

  /// ` (medians of 3 repetitions)` for a sweep run with `--repeat`, whose cells are medians; empty for
  /// one run a cell.
  static func mediansNote(_ matrix: SweepMatrix) -> String {
    let counts = matrix.rows.map(\.repetitions.measurements.count)
    guard let fewest = counts.min(), let most = counts.max(), most > 1 else { return "" }
    return " (medians of \(fewest == most ? "\(most)" : "\(fewest)–\(most)") repetitions)"
  }

  /// A ratio with two decimals and `×`; below what two decimals show, `<0.01×` rather than `0.00×`.
  static func ratio(_ value: Double) -> String {
    value < 0.005 ? "<0.01×" : DecimalText.fixed(value, fractionDigits: 2) + "×"
  }

  /// E.g. `noise floor: sharded(1) is one coalescing actor like the reference; its ratios to it here,
  /// throughput 0.83–1.28× and p99 0.95–28.60× over 8 columns, are what noise alone moved a ratio by`.
  static func noiseFloorLine(_ floor: SweepMatrix.NoiseFloor) -> String {
    func span(_ range: ClosedRange<Double>?) -> String {
      guard let range else { return "n/a (starved)" }
      let (low, high) = (ratio(range.lowerBound), ratio(range.upperBound))
      return low == high ? low : String(low.dropLast()) + "–" + high
    }
    let columns = floor.columns == 1 ? "1 column" : "\(floor.columns) columns"
    return "noise floor: \(floor.variant) is one \(SweepPlan.referenceDesign.name) actor like the"
      + " reference; its ratios to it here, throughput \(span(floor.throughput)) and p99"
      + " \(span(floor.latencyP99)) over \(columns), are what noise alone moved a ratio by"
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

  /// One matrix: a row per variant, a column per placement and concurrency, the text `entry` gives a
  /// measured row (nil for `-`).
  private static func table(
    _ matrix: SweepMatrix, columns: [ColumnKey], entry: (SweepMatrix.Row) -> String?
  ) -> String {
    var table = TextTable(
      columns: [.init(header: "variant", alignment: .left)]
        + columns.map { .init(header: $0.header, alignment: .right) })
    for name in rowNames(matrix.plan) {
      let cells = columns.map { column -> String in
        let row = matrix.rows.first { $0.cell.variant.name == name && column.holds($0.cell) }
        guard let row, let text = entry(row) else { return "-" }
        return text
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
        + references.map { $0.map { HumanUnits.throughput($0.throughput) } ?? "-" })
    table.rows.append(
      ["p99"]
        + references.map { reference in
          guard let p99 = reference?.latencyP99 else { return "-" }
          return HumanUnits.latency(nanoseconds: UInt64(p99.rounded()))
        })
    return table.render()
  }
}
