import CacheBenchCore

/// Renders, for a run whose clients were on the main actor (`--caller main`), how responsive the main
/// actor stayed per variant: how long a trivial main-actor job waited to start (`main_delay`), and the
/// waits a user would see as hitches (over 16 ms) and hangs (over 250 ms). Empty for pool clients, whose
/// runs have no main-actor probe. A variant measured several times shows the median of each figure over
/// its repetitions, like the other tables (a count's median may end in .5); `-` when some repetition took
/// no sample, `n/a` when one had no probe.
enum MainActorTableWriter {
  /// The line above the table that says what its columns measure, as the Markdown summary's sentence
  /// does: "main wait" is not a figure of the other tables.
  static let legend =
    "main wait: how long a trivial job queued on the main actor every 1 ms waited to start;"
    + " hitches and hangs: such waits over 16 ms and 250 ms"

  /// The legend and the table for `repeated`, one row per variant in the order given, after a blank
  /// line; empty unless `caller` is the main actor.
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
      let figures = Self.figures(group)
      table.rows.append(
        [group.variant.name, group.variant.decode.rawValue, figures.waitP50, figures.waitP99]
          + [figures.longest, figures.hitches, figures.hangs, figures.samples])
    }
    return "\n" + legend + "\n" + table.render()
  }

  /// One variant's figures as the table shows them, for the table and the Markdown summary.
  struct Figures: Equatable {
    var waitP50: String
    var waitP99: String
    var longest: String
    var hitches: String
    var hangs: String
    var samples: String
  }

  /// `group`'s figures: medians over its repetitions, `-` for a delay no repetition sampled, all `n/a`
  /// when some repetition had no probe.
  static func figures(_ group: VariantRepetitions) -> Figures {
    guard group.measurements.allSatisfy({ $0.mainActorResponsiveness != nil }) else {
      let notAvailable = CSVWriter.notAvailable
      return Figures(
        waitP50: notAvailable, waitP99: notAvailable, longest: notAvailable,
        hitches: notAvailable, hangs: notAvailable, samples: notAvailable)
    }
    let delays = [50.0, 99].map { percentile in
      group.median { result in
        result.mainActorResponsiveness.flatMap { figures in
          figures.delay.isEmpty
            ? nil : Double(figures.delay.value(atPercentile: percentile))
        }
      }
    }
    let longest = group.median { result in
      result.mainActorResponsiveness.flatMap { $0.delay.isEmpty ? nil : Double($0.delay.max) }
    }
    let shown = (delays + [longest]).map { $0.map(latency) ?? "-" }
    return Figures(
      waitP50: shown[0], waitP99: shown[1], longest: shown[2],
      hitches: count(group) { $0.hitches }, hangs: count(group) { $0.hangs },
      samples: count(group) { $0.delay.totalCount })
  }

  private static func latency(_ nanoseconds: Double) -> String {
    HumanUnits.latency(nanoseconds: UInt64(nanoseconds.rounded()))
  }

  /// The median over the repetitions of a count of each window's probe: whole, or ending in .5.
  private static func count(
    _ group: VariantRepetitions, _ figure: (MainActorResponsiveness) -> Int
  ) -> String {
    guard let median = group.median({ $0.mainActorResponsiveness.map { Double(figure($0)) } })
    else { return "n/a" }
    return median == median.rounded()
      ? String(Int(median)) : DecimalText.fixed(median, fractionDigits: 1)
  }
}
