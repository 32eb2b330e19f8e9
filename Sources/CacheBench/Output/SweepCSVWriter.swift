import CacheBenchCore

/// Renders a sweep as CSV: one record per measured cell (its medians, with their intervals, when the cell
/// was measured several times, as `run --repeat` writes a variant), with exactly `CSVWriter`'s columns (the cell's
/// concurrency in `concurrency`, its shard count in `shards`) followed by the sweep's own.
///
/// Sweep columns, appended after `CSVWriter.columns`: `sweep_cell` (the cell's 1-based position in the
/// plan), `sweep_cells` (cells in the plan; a gap in `sweep_cell` is a cell the time budget left
/// unmeasured), `reference_variant` (`coalescing`), `throughput_ratio` and `latency_p99_ratio` (to the
/// reference at the same decode and concurrency, four decimals, empty when not known, and the p99 ratio
/// empty too when the cell or its reference starved most of its clients; see `SweepMatrix`).
enum SweepCSVWriter {
  /// The sweep's columns, after `CSVWriter.columns`.
  static let sweepColumns = [
    "sweep_cell", "sweep_cells", "reference_variant", "throughput_ratio", "latency_p99_ratio",
  ]

  /// The header of a sweep CSV.
  static var columns: [String] { CSVWriter.columns + sweepColumns }

  /// The document: header, then one record per measured cell in plan order. `scenario(cell)` is the
  /// scenario the cell ran with; `calibration(cell)` the floor recorded with it.
  static func render(
    _ matrix: SweepMatrix, metadata: RunMetadata, scenario: (SweepCell) -> Scenario,
    calibration: (SweepCell) -> Calibration?
  ) -> String {
    var text = CSVWriter.record(columns)
    for row in matrix.rows {
      let position = (matrix.plan.cells.firstIndex(of: row.cell) ?? 0) + 1
      let cell = RunRecord.Variant(
        row.repetitions, scenario: scenario(row.cell), metadata: metadata,
        calibration: calibration(row.cell))
      let values =
        cell.fields
        + [
          String(position), String(matrix.plan.cells.count),
          SweepPlan.referenceDesign.name, ratio(row.throughputRatio),
          ratio(row.latencyP99Ratio),
        ]
      text += CSVWriter.record(values)
    }
    return text
  }

  /// A ratio with four decimals, or empty when not known.
  private static func ratio(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "" }
    return DecimalText.fixed(value, fractionDigits: 4)
  }
}
