import CacheBenchCore

/// The measured cells of a sweep and their ratios to their reference cells, computed from the sweep's own
/// rows and nothing else.
///
/// `throughputRatio` is the cell's throughput over its reference's (above 1: faster); `latencyP99Ratio` is
/// the cell's p99 request latency over its reference's (below 1: better). A ratio is `nil` (`n/a`) when
/// the cell or its reference was not measured (the time budget ran out), or the reference's figure is 0 or
/// its histogram empty. The p99 ratio is also `nil` when the cell or its reference starved most of its
/// clients (`ClientSpread.isExtreme`): such a window was far less concurrent than asked, and its latency
/// tail is the starved clients' wait or, when they never completed, the few that did, so a ratio of it
/// to another cell's compares nothing; `latencyP99Starved` says so.
///
/// A cell measured several times (`sweep --repeat`) is compared by its medians: the median throughput
/// over the reference's median throughput, the median p99 over the reference's median p99, as the ratio
/// lines of `run --repeat` compare medians.
struct SweepMatrix: Sendable {
  /// One measured cell and its ratios.
  struct Row: Sendable {
    var cell: SweepCell
    /// Every measurement of the cell, in the order they ran.
    var repetitions: VariantRepetitions
    var throughputRatio: Double?
    var latencyP99Ratio: Double?
    /// Whether the p99 ratio is unknown because this cell or its reference starved most of its clients
    /// (in any repetition).
    var latencyP99Starved = false

    /// The first measurement, for what every repetition shares.
    var result: VariantResult { repetitions.first }
    /// The median throughput over the repetitions, requests per second.
    var throughput: Double { repetitions.median { $0.throughput } ?? result.throughput }
    /// The median p99 request latency over the repetitions, nanoseconds; nil when some repetition
    /// recorded no latency.
    var latencyP99: Double? { repetitions.median(SweepMatrix.latencyP99) }
  }

  /// Every cell of the plan, in plan order.
  let plan: SweepPlan
  /// The measured cells, in plan order.
  let rows: [Row]

  /// The matrix of `plan` given the `results` measured so far, keyed by cell; a cell may have several.
  init(plan: SweepPlan, results: [(cell: SweepCell, result: VariantResult)]) {
    self.plan = plan
    func measured(_ cell: SweepCell) -> VariantRepetitions? {
      let measurements = results.filter { $0.cell == cell }.map(\.result)
      return measurements.isEmpty ? nil : VariantRepetitions(measurements)
    }
    rows = plan.cells.compactMap { cell in
      guard let repetitions = measured(cell) else { return nil }
      let reference = measured(SweepPlan.reference(of: cell))
      let starved =
        repetitions.measurements.contains(where: Self.starved)
        || reference?.measurements.contains(where: Self.starved) == true
      var row = Row(
        cell: cell, repetitions: repetitions, throughputRatio: nil, latencyP99Ratio: nil)
      if let reference {
        let referenceRow = Row(
          cell: cell, repetitions: reference, throughputRatio: nil, latencyP99Ratio: nil)
        row.throughputRatio = Self.ratio(row.throughput, referenceRow.throughput)
        if !starved, let p99 = row.latencyP99, let referenceP99 = referenceRow.latencyP99 {
          row.latencyP99Ratio = Self.ratio(p99, referenceP99)
        }
      }
      row.latencyP99Starved = starved
      return row
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

  /// The p99 request latency of `result`, nil when its histogram recorded nothing.
  static func latencyP99(_ result: VariantResult) -> Double? {
    result.latency.totalCount > 0 ? Double(result.latency.value(atPercentile: 99)) : nil
  }

  /// Whether most of `result`'s clients completed under a tenth of their share.
  private static func starved(_ result: VariantResult) -> Bool {
    result.clientSpread?.isExtreme == true
  }
}
