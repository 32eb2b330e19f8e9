import CacheBenchCore

/// The findings of a sweep (`cachebench sweep`): what only a run that spans client counts can show,
/// and duplicate fetches, which a sweep's throughput matrix would otherwise rank as if they were
/// free; printed after the sweep's matrices in the same block as a run's (`Findings.render`).
///
/// Its rules read `VariantFigures` of each measured cell, as a run's read them of each variant; the
/// cells come in as `SweepPoint`s, so the findings know nothing of the sweep's own types.
enum SweepFindings {
  /// Every finding of the sweep's measured cells `points`, whose windows stop by `stop`, most serious
  /// first.
  static func evaluate(_ points: [SweepPoint], stop: StopCondition?) -> [Finding] {
    let scaled = points.map { point in
      ScaledFigures(
        figures: VariantFigures(point.repetitions, stop: stop), placement: point.variant.decode,
        threads: point.threads, clients: point.clients,
        measurements: point.repetitions.measurements.count,
        hitsPerSecondRange: hitsPerSecondRange(point.repetitions))
    }
    return [FindingRules.hitThroughputCollapse(scaled), duplicateFetches(points, stop: stop)]
      .compactMap { $0 }.sorted { $0.rule < $1.rule }
  }

  /// The run's duplicate-fetch rule (`FindingRules.duplicateFetches`) applied to each set of cells
  /// measured under one workload (the same clients and client threads), as one finding: each series
  /// that duplicated, in which cells and how many of their fetches, and the series that made none
  /// under the same workloads.
  static func duplicateFetches(_ points: [SweepPoint], stop: StopCondition?) -> Finding? {
    var workloads: [String: [SweepPoint]] = [:]
    for point in points {
      workloads[workload(of: point), default: []].append(point)
    }
    var duplicating: [(series: String, cells: [String])] = []
    var clean: [String] = []
    var invalidated = false
    for point in points where workloads.keys.contains(workload(of: point)) {
      let cells = workloads.removeValue(forKey: workload(of: point)) ?? []
      let figures = cells.map { VariantFigures($0.repetitions, stop: stop) }
      guard let finding = FindingRules.duplicateFetches(figures) else { continue }
      for (cell, figure) in zip(cells, figures) {
        let series = figure.label + (cell.threads.map { " t=\($0)" } ?? "")
        if finding.variants.contains(figure.label) {
          let text =
            "c=\(cell.clients): \(FindingText.count(figure.duplicateFetches)) of"
            + " \(FindingText.count(figure.fetches))"
          if let index = duplicating.firstIndex(where: { $0.series == series }) {
            duplicating[index].cells.append(text)
          } else {
            duplicating.append((series, [text]))
          }
        } else if figure.duplicateFetches <= figure.invalidations, figure.fetches > 0 {
          if !clean.contains(series) { clean.append(series) }
          invalidated = invalidated || figure.invalidations > 0
        }
      }
    }
    guard !duplicating.isEmpty else { return nil }
    return Finding(
      rule: .duplicateFetches, variants: duplicating.map(\.series),
      statement: FindingText.list(
        duplicating.map {
          "\($0.series) made duplicate fetches (\($0.cells.joined(separator: ", ")) fetches)"
        }),
      evidence: "in the same cells, under the same workload, \(FindingText.names(clean))"
        + (invalidated
          ? " made no more duplicate fetches than invalidations" : " made 0 duplicate fetches")
        + "; the throughput matrix ranks every cell as if its fetches were all needed",
      remedy: "a design that coalesces: the miss goes in flight before the first await and later"
        + " callers join it",
      link: "docs/duplicates.md#why-a-design-duplicates-or-does-not")
  }

  /// The key of the cells measured under `point`'s workload: its client threads and clients.
  private static func workload(of point: SweepPoint) -> String {
    "\(point.threads ?? 0) \(point.clients)"
  }

  /// The slowest and fastest of `repetitions`' hits a second; nil when some measurement did not
  /// count its hits.
  private static func hitsPerSecondRange(_ repetitions: VariantRepetitions) -> ClosedRange<Double>?
  {
    let rates = repetitions.measurements.map { result -> Double? in
      guard result.outcomesReported, result.windowNanoseconds > 0 else { return nil }
      return Double(result.hits) * 1e9 / Double(result.windowNanoseconds)
    }
    let measured = rates.compactMap { $0 }
    guard measured.count == rates.count, let slowest = measured.min(), let fastest = measured.max()
    else { return nil }
    return slowest...fastest
  }
}

/// One measured cell of a sweep, as the findings read it: a variant at a client count (and client
/// thread count, when the sweep has that axis), with every measurement of it.
struct SweepPoint: Sendable {
  var variant: Variant
  /// Client threads of the cell (`--threads`); nil for the global executor.
  var threads: Int?
  /// Clients of the cell (`--concurrency`).
  var clients: Int
  var repetitions: VariantRepetitions
}

/// A cell's figures with the axes a sweep varies.
struct ScaledFigures: Sendable {
  var figures: VariantFigures
  var placement: DecodePlacement
  var threads: Int?
  var clients: Int
  /// How many times the cell was measured (`sweep --repeat`).
  var measurements: Int
  /// The slowest and the fastest measurement's hits a second; nil when some measurement did not
  /// count its hits.
  var hitsPerSecondRange: ClosedRange<Double>?

  /// The variant and its client threads, the same in every cell of one series over clients:
  /// `coalescing/none`, or `coalescing/none t=2`.
  var series: String {
    figures.label + (threads.map { " t=\($0)" } ?? "")
  }

  /// The decode placement and client threads, which a series is compared with others under:
  /// `decode none`, or `decode none, 2 client threads`.
  var comparable: String {
    "decode " + placement.rawValue + (threads.map { ", \($0) client threads" } ?? "")
  }
}
