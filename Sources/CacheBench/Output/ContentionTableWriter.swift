import CacheBenchCore

/// Renders the contention table of a run: per variant, how long requests queued for the cache's isolation
/// (`actor_wait`) and how long they spent inside it (`actor_service`), how long a runnable task waited for
/// a thread meanwhile (`sched_delay`: the part of a wait that is no actor's doing), and the uncontended
/// hit path as a multiple of its floor.
///
/// For `mutex` the isolation is the lock: wait is the lock wait, service the hold time. Latencies are in
/// `HumanUnits`; a histogram that recorded nothing shows `-`, a figure not measured `n/a`. A variant
/// measured several times shows the median of each figure over its repetitions, like the main table.
enum ContentionTableWriter {
  /// The table for `results`, in the order given, with hit paths from `calibration` when there is one.
  static func render(_ results: [VariantResult], calibration: Calibration?) -> String {
    render(repeated: results.map(VariantRepetitions.init(single:)), calibration: calibration)
  }

  /// The table for `repeated`, one row per variant in the order given.
  static func render(repeated: [VariantRepetitions], calibration: Calibration?) -> String {
    var table = TextTable(columns: [
      .init(header: "variant", alignment: .left),
      .init(header: "decode", alignment: .left),
      .init(header: "wait p50", alignment: .right),
      .init(header: "wait p99", alignment: .right),
      .init(header: "wait p99.9", alignment: .right),
      .init(header: "wait max", alignment: .right),
      .init(header: "service p50", alignment: .right),
      .init(header: "service p99", alignment: .right),
      .init(header: "service p99.9", alignment: .right),
      .init(header: "service max", alignment: .right),
      .init(header: "sched p50", alignment: .right),
      .init(header: "sched p99", alignment: .right),
      .init(header: "hit path", alignment: .right),
      .init(header: "vs floor", alignment: .left),
    ])
    for group in repeated {
      let variant = group.variant
      let timed = group.measurements.allSatisfy(\.isolationTimed)
      let hitPath = calibration?.hitPath(of: variant)
      table.rows.append(
        [variant.name, variant.decode.rawValue]
          + spectrum(group, \.actorWait, known: timed)
          + spectrum(group, \.actorService, known: timed)
          + sampled(group) + [
            hitPath.map(CalibrationTableWriter.cost) ?? "n/a",
            calibration.map { CalibrationTableWriter.floorRatioText($0, variant) } ?? "n/a",
          ])
    }
    return table.render()
  }

  /// p50 and p99 of the scheduling delay, `n/a` when some repetition took no sample.
  private static func sampled(_ group: VariantRepetitions) -> [String] {
    [50.0, 99].map { percentile in
      group.median { VariantRepetitions.percentile(percentile, of: $0.schedulingDelay) }
        .map(latency) ?? CSVWriter.notAvailable
    }
  }

  /// p50, p99, p99.9 and max of `histogram`, four dashes when some repetition recorded nothing, or
  /// four `n/a` when the design did not time its isolation (`known` false).
  private static func spectrum(
    _ group: VariantRepetitions, _ histogram: KeyPath<VariantResult, LatencyHistogram>, known: Bool
  ) -> [String] {
    guard known else { return Array(repeating: CSVWriter.notAvailable, count: 4) }
    let figures: [(LatencyHistogram) -> Double?] =
      [50, 99, 99.9].map { percentile in
        { VariantRepetitions.percentile(percentile, of: $0) }
      } + [{ $0.isEmpty ? nil : Double($0.max) }]
    return figures.map { figure in
      group.median { figure($0[keyPath: histogram]) }.map(latency) ?? "-"
    }
  }

  /// A median latency in `HumanUnits`.
  private static func latency(_ nanoseconds: Double) -> String {
    HumanUnits.latency(nanoseconds: UInt64(nanoseconds.rounded(.toNearestOrAwayFromZero)))
  }
}
