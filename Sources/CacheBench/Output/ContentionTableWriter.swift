import CacheBenchCore

/// Renders the contention table of a run: per variant, how long requests queued for the cache's isolation
/// (`actor_wait`), the part of that the isolation was busy with other work (`actor_busy_wait`: contention
/// proper), how long a runnable task waited for a thread meanwhile (`sched_delay`: the part that is no
/// actor's doing), how long requests spent inside the isolation (`actor_service`), the busiest isolation
/// domain's share of the window (`actor_utilisation_max`, with the mean over shards), the share of
/// decodes that ran on an actor (`decode_on_actor_share`, checked at run time at each decode; `n/a` with
/// no decode), and the design's own uncontended hit path (untimed) as a multiple of its floor.
///
/// For `mutex` the isolation is the lock: wait is the lock wait, service the hold time. Latencies are in
/// `HumanUnits`; a histogram that recorded nothing shows `-`, a figure not measured `n/a`. The p99.9 and
/// maximum of each are in the CSV and JSON. A variant measured several times shows the median of each
/// figure over its repetitions, like the main table.
///
/// The columns after the decode are the declared metrics that the contention table shows
/// (`MetricDeclaration.table`), the hit path and its multiple of the floor among them: the untimed
/// figures (`hit_path_untimed_ns`, the design's work without the clock reads that time every request
/// of the run, which the floor summary gives as `timed +…`; for a design without hooks its lookups
/// timed from outside, which hold no clock read of cachebench's), or, for a design that times its own
/// hits but keeps no busy totals, whose clock reads cannot be switched off, the timed ones, said so.
enum ContentionTableWriter {
  /// The table for `results`, in the order given, with hit paths from `calibration` when there is one.
  static func render(_ results: [VariantResult], calibration: Calibration?) -> String {
    render(repeated: results.map(VariantRepetitions.init(single:)), calibration: calibration)
  }

  /// The table for `repeated`, one row per variant in the order given: its name and decode, then each
  /// metric of `metrics` that the contention table shows (`MetricDeclaration.table`) in its columns'
  /// order.
  static func render(
    repeated: [VariantRepetitions], calibration: Calibration?,
    metrics: [MetricDeclaration] = MetricCatalogue.figures
  ) -> String {
    let columns = MetricCatalogue.columns(of: .contention, in: metrics)
    // Each column's fallback declaration, looked up once for the table rather than once a row.
    let fallbacks = columns.map { column in
      column.column.fallback.flatMap { name in metrics.first { $0.name == name } }
    }
    var table = TextTable(
      columns: [
        .init(header: "variant", alignment: .left), .init(header: "decode", alignment: .left),
      ]
        + columns.map {
          .init(
            header: $0.column.title,
            alignment: $0.column.format == .floorMultiple ? .left : .right)
        })
    for group in repeated {
      let variant = group.variant
      table.rows.append(
        [variant.name, variant.decode.rawValue]
          + zip(columns, fallbacks).map { column, fallback in
            cell(group, column.metric, column.column, fallback: fallback, calibration: calibration)
          })
    }
    return table.render()
  }

  /// The median over `group`'s repetitions of `metric`'s reading, in `column`'s format, or of
  /// `fallback`'s when `metric` has no number in any: `n/a` when some repetition did not measure it,
  /// `column.notApplicable` when some had no value otherwise.
  private static func cell(
    _ group: VariantRepetitions, _ metric: MetricDeclaration, _ column: MetricTableColumn,
    fallback: MetricDeclaration?, calibration: Calibration?
  ) -> String {
    func read(_ metric: MetricDeclaration) -> [MetricReading] {
      group.measurements.map { result in
        metric.read(MetricSource(result: result, scenario: nil, calibration: calibration))
      }
    }
    var readings = read(metric)
    var fellBack = false
    if let fallback, readings.allSatisfy({ $0.number == nil }) {
      readings = read(fallback)
      fellBack = true
    }
    if readings.contains(.notMeasured) { return CSVWriter.notAvailable }
    guard let median = MedianInterval(readings.compactMap(\.number)).map(\.median),
      readings.allSatisfy({ $0.number != nil })
    else { return column.notApplicable }
    switch column.format {
    case .utilisation:
      return utilisation(group, maximum: median)
    case .floorMultiple:
      return column.format.text(median) + " "
        + Calibration.floorMechanism(of: group.variant.design).name + (fellBack ? ", timed" : "")
    default:
      return column.format.text(median)
    }
  }

  /// The busiest domain's share, `maximum`, as a percentage, with the mean when there are several
  /// domains; medians over the repetitions, `n/a` when some repetition had no busy totals.
  private static func utilisation(_ group: VariantRepetitions, maximum: Double) -> String {
    guard let mean = group.median({ $0.utilisation?.mean }),
      let domains = group.first.utilisation?.domains
    else { return CSVWriter.notAvailable }
    guard domains > 1 else { return percent(maximum) }
    return "\(percent(maximum)) max, \(percent(mean)) mean"
  }

  /// The share of decodes that ran on an actor's executor, as a percentage; the median over the
  /// repetitions, `n/a` where nothing decoded (`--decode none`). The Markdown summary shows it too.
  static func onActorShare(_ group: VariantRepetitions) -> String {
    group.median { $0.decodeOnActorShare }.map(percent) ?? CSVWriter.notAvailable
  }

  private static func percent(_ share: Double) -> String {
    DecimalText.fixed(share * 100, fractionDigits: 1) + "%"
  }
}
