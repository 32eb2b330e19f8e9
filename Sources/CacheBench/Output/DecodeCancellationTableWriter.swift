import CacheBenchCore

/// Renders, for a run that cancels reads (`--cancel-rate`), what each variant's decodes did after their
/// request was cancelled: how many ran in a cancelled caller's own task (`caller decodes`) or for a
/// marked request in another task (`elsewhere`, an entry's decode its cancellation cannot reach), how
/// many were cancelled before their end and stopped by a checkpoint, and the decode CPU time after the
/// cancellation (`wasted`), in all, in chunks, per cancelled decode, and as a share of all decode time.
///
/// Empty without `--cancel-rate`. `n/a` where the figure does not apply: `--decode none`, or no decode
/// in a cancelled caller's own task, which for the coalescing designs is every run (their decode belongs
/// to the entry); `elsewhere` also for `detached`, whose decodes carry no mark to count them by
/// (`VariantResult.countedDecodesElsewhere`). A variant measured several times shows its first repetition's figures, as the
/// main-actor table does; the CSV has the medians.
enum DecodeCancellationTableWriter {
  /// The table for `repeated` after a blank line, one row per variant in the order given; empty unless
  /// `scenario` cancels reads.
  static func render(repeated: [VariantRepetitions], scenario: Scenario) -> String {
    guard scenario.cancelRate > 0 else { return "" }
    var table = TextTable(columns: [
      .init(header: "variant", alignment: .left),
      .init(header: "decode", alignment: .left),
      .init(header: "cancel at", alignment: .left),
      .init(header: "checkpoint", alignment: .right),
      .init(header: "caller decodes", alignment: .right),
      .init(header: "elsewhere", alignment: .right),
      .init(header: "cancelled", alignment: .right),
      .init(header: "stopped", alignment: .right),
      .init(header: "wasted", alignment: .right),
      .init(header: "chunks", alignment: .right),
      .init(header: "per cancelled", alignment: .right),
      .init(header: "of decode time", alignment: .right),
    ])
    let checkpoint =
      scenario.decodeCheckpoint == 0 ? "none" : "every \(scenario.decodeCheckpoint)"
    for group in repeated {
      let variant = group.variant
      let prefix = [
        variant.name, variant.decode.rawValue, scenario.cancelMoment.rawValue, checkpoint,
      ]
      guard let figures = group.measurements.first?.decodeCancellation else {
        table.rows.append(prefix + Array(repeating: "n/a", count: 8))
        continue
      }
      let elsewhere = group.measurements.first?.countedDecodesElsewhere
      let counts = [String(figures.callerDecodes), elsewhere.map { String($0) } ?? "n/a"]
      guard figures.applies else {
        table.rows.append(prefix + counts + Array(repeating: "n/a", count: 6))
        continue
      }
      let perCancelled =
        figures.decodesCancelled > 0
        ? HumanUnits.latency(
          nanoseconds: figures.wastedNanoseconds / UInt64(figures.decodesCancelled)) : "-"
      table.rows.append(
        prefix + counts + [
          String(figures.decodesCancelled), String(figures.decodesStopped),
          HumanUnits.latency(nanoseconds: figures.wastedNanoseconds), String(figures.wastedChunks),
          perCancelled,
          figures.wastedShare.map { DecimalText.fixed($0 * 100, fractionDigits: 1) + "%" } ?? "-",
        ])
    }
    return "\n" + table.render()
  }
}
