import CacheBenchCore

/// Renders the contention table of a run: per variant, how long requests queued for the cache's isolation
/// (`actor_wait`), the part of that the isolation was busy with other work (`actor_busy_wait`: contention
/// proper), how long a runnable task waited for a thread meanwhile (`sched_delay`: the part that is no
/// actor's doing), how long requests spent inside the isolation (`actor_service`), the busiest isolation
/// domain's share of the window (`actor_utilisation_max`, with the mean over shards), and the uncontended
/// hit path as a multiple of its floor.
///
/// For `mutex` the isolation is the lock: wait is the lock wait, service the hold time. Latencies are in
/// `HumanUnits`; a histogram that recorded nothing shows `-`, a figure not measured `n/a`. The p99.9 and
/// maximum of each are in the CSV and JSON.
enum ContentionTableWriter {
  /// The table for `results`, in the order given, with hit paths from `calibration` when there is one.
  static func render(_ results: [VariantResult], calibration: Calibration?) -> String {
    var table = TextTable(columns: [
      .init(header: "variant", alignment: .left),
      .init(header: "decode", alignment: .left),
      .init(header: "wait p50", alignment: .right),
      .init(header: "wait p99", alignment: .right),
      .init(header: "busy p50", alignment: .right),
      .init(header: "busy p99", alignment: .right),
      .init(header: "sched p50", alignment: .right),
      .init(header: "sched p99", alignment: .right),
      .init(header: "service p50", alignment: .right),
      .init(header: "service p99", alignment: .right),
      .init(header: "util", alignment: .right),
      .init(header: "hit path", alignment: .right),
      .init(header: "vs floor", alignment: .left),
    ])
    for result in results {
      let hitPath = calibration?.hitPath(of: result.variant)
      table.rows.append(
        [result.variant.name, result.variant.decode.rawValue]
          + spectrum(result.actorWait, known: result.isolationTimed)
          + spectrum(result.actorBusyWait, known: result.busyWaitTimed)
          + sampled(result.schedulingDelay)
          + spectrum(result.actorService, known: result.isolationTimed) + [
            utilisation(result.utilisation),
            hitPath.map(CalibrationTableWriter.cost) ?? "n/a",
            calibration.map { CalibrationTableWriter.floorRatioText($0, result.variant) } ?? "n/a",
          ])
    }
    return table.render()
  }

  /// The busiest domain's share as a percentage, with the mean when there are several domains.
  static func utilisation(_ utilisation: IsolationUtilisation?) -> String {
    guard let utilisation else { return CSVWriter.notAvailable }
    let maximum = percent(utilisation.maximum)
    guard utilisation.domains > 1 else { return maximum }
    return "\(maximum) max, \(percent(utilisation.mean)) mean"
  }

  private static func percent(_ share: Double) -> String {
    DecimalText.fixed(share * 100, fractionDigits: 1) + "%"
  }

  /// p50 and p99 of a sampled histogram, `n/a` when it took no sample.
  private static func sampled(_ histogram: LatencyHistogram) -> [String] {
    guard histogram.totalCount > 0 else { return [CSVWriter.notAvailable, CSVWriter.notAvailable] }
    return [50, 99].map { HumanUnits.latency(nanoseconds: histogram.value(atPercentile: $0)) }
  }

  /// p50 and p99 of `histogram`, two dashes when it recorded nothing, or two `n/a` when the design did
  /// not measure it (`known` false).
  private static func spectrum(_ histogram: LatencyHistogram, known: Bool) -> [String] {
    guard known else { return [CSVWriter.notAvailable, CSVWriter.notAvailable] }
    guard histogram.totalCount > 0 else { return ["-", "-"] }
    return [50, 99].map { HumanUnits.latency(nanoseconds: histogram.value(atPercentile: $0)) }
  }
}
