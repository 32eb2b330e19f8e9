import CacheBenchCore

extension FindingRules {
  private typealias Limits = FindingThresholds

  /// One series of a sweep at 1 and at 2 clients: its hits a second at each.
  struct HitScaling: Sendable {
    var series: String
    var comparable: String
    var one: Double
    var two: Double
    /// The fastest measurement at 2 clients over the slowest at 1: under the collapse line only
    /// when every measurement at 2 clients is.
    var widestShare: Double

    /// Hits a second at 2 clients over those at 1.
    var share: Double { two / one }

    /// `coalescing/none 4.80M/s at 1 client, 920k/s at 2 (0.19×)`.
    var description: String {
      "\(series) \(HumanUnits.throughput(one)) at 1 client, \(HumanUnits.throughput(two)) at 2"
        + " (\(DecimalText.fixed(share, fractionDigits: 2))×)"
    }
  }

  /// In a sweep over client counts that include 1 and 2, a variant's hits a second at 2 clients fell
  /// far below its own at 1, while another variant of the sweep, at the same decode placement and
  /// client threads, kept at least twice the share it did (so the machine is not the cause): on Linux,
  /// one actor that two callers use at once is handed over between them through the thread pool on
  /// every request. A variant with no other to compare with is stated with its own figures, and the
  /// evidence says nothing told the design's drop from the machine's.
  ///
  /// The medians must agree with every measurement: the fastest at 2 clients under half the slowest
  /// at 1 (`HitScaling.widestShare`). In one sweep at load 8, `mutex`'s medians read 6.32 → 2.75 M/s
  /// (0.44×) while its measurements at 1 client ranged 2.72–7.26 M/s and at 2 clients 2.57–3.61: one
  /// slow measurement at 1 client was as slow as those at 2, and the next two sweeps read 0.90×.
  ///
  /// Only cells that are whole windows, whose hits were counted, that were mostly hits
  /// (`FindingThresholds.hitShareOfRequests`: with misses in the window its rate is the fetches', not
  /// the hit path's), and that were measured at least `FindingThresholds.hitScalingMeasurements`
  /// times (`sweep --repeat`, interleaved) are read, each by its median: single cells on a shared
  /// machine swing with whatever else runs (`mutex` 3.08M/s at 1 client, 172k/s at 2 in one sweep,
  /// 9.85 → 3.46 M/s in the next).
  static func hitThroughputCollapse(_ cells: [ScaledFigures]) -> Finding? {
    let series = hitScalings(cells)
    let firing = series.filter { scaling in
      guard scaling.share < Limits.hitScalingShare, scaling.widestShare < Limits.hitScalingShare
      else { return false }
      let others = series.filter {
        $0.comparable == scaling.comparable && $0.series != scaling.series
      }
      return others.isEmpty
        || others.contains { $0.share >= Limits.hitScalingOthersMultiple * scaling.share }
    }.sorted { $0.share < $1.share }
    guard !firing.isEmpty else { return nil }
    let firingSeries = Set(firing.map(\.series))
    var groups: [String] = []
    for scaling in firing where !groups.contains(scaling.comparable) {
      groups.append(scaling.comparable)
    }
    // Per placement (and client threads): the variants that held up, which a variant compared with
    // the best of; the one with the highest share never fires while another is there.
    let evidence = groups.map { group in
      let others = series.filter { $0.comparable == group && !firingSeries.contains($0.series) }
        .sorted { $0.share > $1.share }
      guard !others.isEmpty else {
        let names = firing.filter { $0.comparable == group }.map(\.series)
        return "no other variant of the sweep at \(group) ran at 1 and 2 clients to tell"
          + " \(FindingText.names(names))'s drop from the machine's"
      }
      return "in the same sweep "
        + FindingText.list(others.prefix(3).map(\.description))
        + (others.count > 3 ? " and \(others.count - 3) more" : "")
    }
    return Finding(
      rule: .hitThroughputCollapse, variants: firing.map(\.series),
      statement: "hits a second " + FindingText.list(firing.map(\.description)),
      evidence: FindingText.list(evidence)
        + " (hits ÷ window, the median of at least \(Limits.hitScalingMeasurements) measurements,"
        + " each at 2 clients under half of each at 1; cells of at least"
        + " \(FindingText.percent(Limits.hitShareOfRequests)) hits)",
      remedy:
        "a hit path that two callers do not take in turn: one actor hands itself over between"
        + " callers through the thread pool on every request, and a contended Mutex parks them;"
        + " shard by key (--variants sharded), or serve an actor's hits from a Mutex-guarded table"
        + " (--variants mutex); `cachebench check` measures the same against mutex",
      link: "docs/check.md#the-checks")
  }

  /// Each series with a whole, mostly-hit cell at 1 and at 2 clients, in the order first measured.
  private static func hitScalings(_ cells: [ScaledFigures]) -> [HitScaling] {
    func hitRate(_ cell: ScaledFigures) -> Double? {
      let figures = cell.figures
      guard cell.measurements >= Limits.hitScalingMeasurements, figures.partial == nil,
        let rate = figures.hitsPerSecond, rate > 0,
        let share = figures.hitShare, share >= Limits.hitShareOfRequests
      else { return nil }
      return rate
    }
    var scalings: [HitScaling] = []
    for cell in cells where cell.clients == 1 {
      guard !scalings.contains(where: { $0.series == cell.series }),
        let two = cells.first(where: { $0.clients == 2 && $0.series == cell.series }),
        let oneRate = hitRate(cell), let twoRate = hitRate(two),
        let oneRange = cell.hitsPerSecondRange, let twoRange = two.hitsPerSecondRange,
        oneRange.lowerBound > 0
      else { continue }
      scalings.append(
        HitScaling(
          series: cell.series, comparable: cell.comparable, one: oneRate, two: twoRate,
          widestShare: twoRange.upperBound / oneRange.lowerBound))
    }
    return scalings
  }
}
