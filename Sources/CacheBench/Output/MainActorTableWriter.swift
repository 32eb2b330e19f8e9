import CacheBenchCore

/// Renders, for a run whose clients were on the main actor (`--caller main`), how responsive the main
/// actor stayed per variant: how long a trivial main-actor job waited to start (`main_delay`), and the
/// waits a user would see as hitches (over 16 ms) and hangs (over 250 ms). Empty for pool clients, whose
/// runs have no main-actor probe. A variant measured several times shows its first repetition's figures,
/// which are counts of one window; the CSV has the medians.
enum MainActorTableWriter {
  /// The table for `repeated`, one row per variant in the order given, after a blank line; empty unless
  /// `caller` is the main actor.
  static func render(repeated: [VariantRepetitions], caller: ClientIsolation) -> String {
    guard caller == .main else { return "" }
    var table = TextTable(columns: [
      .init(header: "variant", alignment: .left),
      .init(header: "decode", alignment: .left),
      .init(header: "main wait p50", alignment: .right),
      .init(header: "main wait p99", alignment: .right),
      .init(header: "longest", alignment: .right),
      .init(header: "hitches >16ms", alignment: .right),
      .init(header: "hangs >250ms", alignment: .right),
      .init(header: "samples", alignment: .right),
    ])
    for group in repeated {
      let variant = group.variant
      let name = variant.name
      guard let figures = group.measurements.first?.mainActorResponsiveness else {
        table.rows.append([name, variant.decode.rawValue] + Array(repeating: "n/a", count: 6))
        continue
      }
      let delay = figures.delay
      let sampled = delay.totalCount > 0
      table.rows.append([
        name, variant.decode.rawValue,
        sampled ? HumanUnits.latency(nanoseconds: delay.value(atPercentile: 50)) : "-",
        sampled ? HumanUnits.latency(nanoseconds: delay.value(atPercentile: 99)) : "-",
        sampled ? HumanUnits.latency(nanoseconds: delay.max) : "-",
        String(figures.hitches), String(figures.hangs), String(delay.totalCount),
      ])
    }
    return "\n" + table.render()
  }
}
