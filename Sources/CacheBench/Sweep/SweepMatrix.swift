import CacheBenchCore

/// The measured cells of a sweep and their ratios to their reference cells, computed from the sweep's own
/// rows and nothing else.
///
/// `throughputRatio` is the cell's throughput over its reference's (above 1: faster); `latencyP99Ratio` is
/// the cell's p99 request latency over its reference's (below 1: better). A ratio is `nil` (`n/a`) when
/// the cell or its reference was not measured (the time budget ran out), or the reference's figure is 0 or
/// its histogram empty.
struct SweepMatrix: Sendable {
  /// One measured cell and its ratios.
  struct Row: Sendable {
    var cell: SweepCell
    var result: VariantResult
    var throughputRatio: Double?
    var latencyP99Ratio: Double?
  }

  /// Every cell of the plan, in plan order.
  let plan: SweepPlan
  /// The measured cells, in plan order.
  let rows: [Row]

  /// The matrix of `plan` given the `results` measured so far, keyed by cell.
  init(plan: SweepPlan, results: [(cell: SweepCell, result: VariantResult)]) {
    self.plan = plan
    func measured(_ cell: SweepCell) -> VariantResult? {
      results.first { $0.cell == cell }?.result
    }
    rows = plan.cells.compactMap { cell in
      guard let result = measured(cell) else { return nil }
      let reference = measured(SweepPlan.reference(of: cell))
      return Row(
        cell: cell, result: result,
        throughputRatio: reference.flatMap { Self.ratio(result.throughput, $0.throughput) },
        latencyP99Ratio: reference.flatMap { Self.latencyP99Ratio(result, $0) })
    }
  }

  /// The row of `cell`, when it was measured.
  func row(for cell: SweepCell) -> Row? {
    rows.first { $0.cell == cell }
  }

  /// Cells of the plan that were not measured, in plan order.
  var unmeasured: [SweepCell] {
    plan.cells.filter { cell in !rows.contains { $0.cell == cell } }
  }

  /// `value / reference` when the reference is a positive finite number.
  private static func ratio(_ value: Double, _ reference: Double) -> Double? {
    reference > 0 && reference.isFinite && value.isFinite ? value / reference : nil
  }

  /// The p99 latency ratio, when both histograms recorded something.
  private static func latencyP99Ratio(_ result: VariantResult, _ reference: VariantResult)
    -> Double?
  {
    guard result.latency.totalCount > 0, reference.latency.totalCount > 0 else { return nil }
    return ratio(
      Double(result.latency.value(atPercentile: 99)),
      Double(reference.latency.value(atPercentile: 99)))
  }
}
