import CacheBenchCore

/// Renders the contention table of a run: per variant, how long requests queued for the cache's isolation
/// (`actor_wait`) and how long they spent inside it (`actor_service`), how long a runnable task waited for
/// a thread meanwhile (`sched_delay`: the part of a wait that is no actor's doing), and the uncontended
/// hit path as a multiple of its floor.
///
/// For `mutex` the isolation is the lock: wait is the lock wait, service the hold time. Latencies are in
/// `HumanUnits`; a histogram that recorded nothing shows `-`, a figure not measured `n/a`.
enum ContentionTableWriter {
  /// The table for `results`, in the order given, with hit paths from `calibration` when there is one.
  static func render(_ results: [VariantResult], calibration: Calibration?) -> String {
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
    for result in results {
      let hitPath = calibration?.hitPath(of: result.variant)
      table.rows.append(
        [result.variant.name, result.variant.decode.rawValue]
          + spectrum(result.actorWait, known: result.isolationTimed)
          + spectrum(result.actorService, known: result.isolationTimed)
          + sampled(result.schedulingDelay) + [
            hitPath.map(CalibrationTableWriter.cost) ?? "n/a",
            calibration.map { CalibrationTableWriter.floorRatioText($0, result.variant) } ?? "n/a",
          ])
    }
    return table.render()
  }

  /// p50 and p99 of a sampled histogram, `n/a` when it took no sample.
  private static func sampled(_ histogram: LatencyHistogram) -> [String] {
    guard histogram.totalCount > 0 else { return [CSVWriter.notAvailable, CSVWriter.notAvailable] }
    return [50, 99].map { HumanUnits.latency(nanoseconds: histogram.value(atPercentile: $0)) }
  }

  /// p50, p99, p99.9 and max of `histogram`, four dashes when it recorded nothing, or four `n/a` when
  /// the design did not time its isolation (`known` false).
  private static func spectrum(_ histogram: LatencyHistogram, known: Bool) -> [String] {
    guard known else { return Array(repeating: CSVWriter.notAvailable, count: 4) }
    guard histogram.totalCount > 0 else { return ["-", "-", "-", "-"] }
    return [50, 99, 99.9].map {
      HumanUnits.latency(nanoseconds: histogram.value(atPercentile: $0))
    } + [HumanUnits.latency(nanoseconds: histogram.max)]
  }
}
