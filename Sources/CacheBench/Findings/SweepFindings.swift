import CacheBenchCore

/// The findings of a sweep (`cachebench sweep`): what only a run that spans client counts can show,
/// printed after the sweep's matrices in the same block as a run's (`Findings.render`).
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
    return [FindingRules.hitThroughputCollapse(scaled)].compactMap { $0 }.sorted {
      $0.rule < $1.rule
    }
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
