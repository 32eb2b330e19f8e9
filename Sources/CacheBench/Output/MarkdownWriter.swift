import CacheBenchCore

/// Renders a run as GitHub-flavoured Markdown, fit for a pull request comment or a CI job summary.
///
/// A heading, then the same table as the terminal (`TableWriter.columns`, one unit per column named
/// in its header) with the best value of a column in bold instead of followed by `*`, a line
/// explaining the bold, the configured and realised fetch latency per variant as a list, where the
/// decode ran (`decode_on_actor_share`) when the run decoded, the main actor's responsiveness with
/// `--caller main`, the decode after cancellation with `--cancel-rate`, and the workload and run
/// metadata. With repetitions, a line says the figures are medians, and the ratio
/// lines follow in a code block, aligned as on the terminal. Text columns are left-aligned and
/// numbers right-aligned (`:--`, `--:`); a `|` inside a cell is escaped as `\|`.
enum MarkdownWriter {
  /// The whole document, ending in a newline.
  static func render(results: [VariantResult], scenario: Scenario, metadata: RunMetadata) -> String
  {
    render(
      repeated: results.map(VariantRepetitions.init(single:)), scenario: scenario,
      metadata: metadata)
  }

  /// The document of a run whose variants may each have been measured several times: the table of
  /// medians, a line saying so, and the ratio lines (`RatioLinesWriter`) in a code block when given.
  static func render(
    repeated: [VariantRepetitions], scenario: Scenario, metadata: RunMetadata,
    ratios: ReferenceRatios? = nil
  ) -> String {
    render(RunRecord(repeated: repeated, scenario: scenario, metadata: metadata, ratios: ratios))
  }

  /// The document of `run`; see `render(repeated:scenario:metadata:ratios:)`. The table's metric
  /// columns are those of `metrics` that the summary table shows (`TableWriter.columns(metrics:)`).
  static func render(_ run: RunRecord, metrics: [MetricDeclaration] = MetricCatalogue.figures)
    -> String
  {
    let repeated = run.repeated
    let scenario = run.scenario
    let metadata = run.metadata
    var text = "### cachebench results\n\n"
    if repeated.contains(where: { $0.measurements.contains(where: \.interrupted) }) {
      text += "**Interrupted**: the run was cut short; these are the results measured so far.\n\n"
    }
    text += table(
      repeated, exclusions: MarkExclusions(repeated: repeated, stop: scenario.stop),
      metrics: metrics)
    if let ratios = run.ratios, case let lines = RatioLinesWriter.render(ratios), !lines.isEmpty {
      text += "\n```text\n" + lines + "```\n"
    }
    text += fetchLatencies(repeated) + decodePlacements(repeated)
    if scenario.caller == .main { text += mainActor(repeated) }
    if scenario.cancelRate > 0 { text += decodeAfterCancellation(repeated, scenario: scenario) }
    text += findings(Findings.evaluate(repeated: repeated, scenario: scenario))
    text += "\nWorkload: \(escaped(RunDescription.summary(of: scenario))).\n"
    text += "\nRun: cachebench \(escaped(metadata.toolVersion)), Swift \(metadata.swiftVersion),"
    text += " commit `\(metadata.gitCommit)`, \(metadata.hostCores) cores, \(metadata.timestamp).\n"
    return text
  }

  /// The results table, the line explaining its bold cells, the line naming the rows that get none
  /// (`MarkExclusions`), and the line saying the figures are medians when they are.
  private static func table(
    _ repeated: [VariantRepetitions], exclusions: MarkExclusions, metrics: [MetricDeclaration]
  ) -> String {
    let table = ResultTable(
      columns: TableWriter.columns(for: exclusions, metrics: metrics), repeated: repeated,
      exclusions: exclusions)
    var text = row(table.headers.map(escaped))
    text += row(
      table.alignments.map { alignment in
        switch alignment {
        case .left: ":--"
        case .right: "--:"
        }
      })
    for cells in table.rows {
      text += row(cells.map { $0.isBest ? "**\(escaped($0.text))**" : escaped($0.text) })
    }
    if table.hasMarks {
      text += "\n**Bold**: best in its column (\(TableWriter.bestWords(metrics: metrics))).\n"
    }
    let unmarked = exclusions.legend(labels: repeated.map(\.variant.description))
    if !unmarked.isEmpty {
      text += "\n" + escaped(unmarked.prefix(1).uppercased() + unmarked.dropFirst()) + ".\n"
    }
    if let line = table.countsUnmarkedLine {
      text += "\n" + escaped(line.prefix(1).uppercased() + line.dropFirst()) + ".\n"
    }
    let repetitions = TableWriter.repetitionLine(repeated)
    if !repetitions.isEmpty {
      text += "\n" + escaped(repetitions.prefix(1).uppercased() + repetitions.dropFirst())
    }
    return text
  }

  /// The findings block (`Findings`) as a numbered list, at most `FindingThresholds.shownFindings`
  /// of them, or a line saying no rule fired.
  private static func findings(_ findings: [Finding]) -> String {
    guard !findings.isEmpty else {
      return "\nFindings: none; no rule of `docs/findings.md` fired.\n"
    }
    var text = "\nFindings, ranked (rules and thresholds: `docs/findings.md`):\n\n"
    for (index, finding) in findings.prefix(FindingThresholds.shownFindings).enumerated() {
      text += "\(index + 1). **\(finding.rule.title)**: \(escaped(finding.statement))."
      text += " Evidence: \(escaped(finding.evidence)). Try \(escaped(finding.remedy))"
      text += " (`\(finding.link)`).\n"
    }
    let hidden = findings.count - FindingThresholds.shownFindings
    if hidden > 0 { text += "\n\(hidden) more findings are in the JSON output.\n" }
    return text
  }

  /// Each variant's configured and realised fetch latency.
  private static func fetchLatencies(_ repeated: [VariantRepetitions]) -> String {
    guard !repeated.isEmpty else { return "" }
    var text = "\nFetch latency, configured and realised at the fetcher:\n\n"
    for group in repeated {
      text += "- `\(group.variant.description)`: configured "
      text += HumanUnits.latency(group.first.configuredFetchLatency)
      if let p50 = group.realisedFetchLatency(atPercentile: 50),
        let p99 = group.realisedFetchLatency(atPercentile: 99)
      {
        text += ", realised p50 \(HumanUnits.latency(nanoseconds: p50))"
        text += ", p99 \(HumanUnits.latency(nanoseconds: p99))\n"
      } else {
        text += ", no fetches\n"
      }
    }
    return text
  }

  /// Where each variant's decodes ran, when the run decoded.
  private static func decodePlacements(_ repeated: [VariantRepetitions]) -> String {
    guard repeated.contains(where: { $0.measurements.contains { $0.decodes != nil } }) else {
      return ""
    }
    var text = "\nWhere the decode ran: the share of decodes on an actor's executor, asked of the"
    text += " runtime at each decode:\n\n"
    for group in repeated {
      let share = ContentionTableWriter.onActorShare(group)
      text += "- `\(group.variant.description)`: "
      text += share == CSVWriter.notAvailable ? "n/a (nothing decoded)\n" : "\(share) on an actor\n"
    }
    return text
  }

  /// How long the main actor kept its jobs waiting, for a run whose clients ran on it.
  private static func mainActor(_ repeated: [VariantRepetitions]) -> String {
    guard !repeated.isEmpty else { return "" }
    var text =
      "\nMain actor, the clients' isolation: how long a trivial job queued there every 1 ms"
    text += " waited to start, and the waits over 16 ms (hitches) and 250 ms (hangs):\n\n"
    for group in repeated {
      let figures = MainActorTableWriter.figures(group)
      text += "- `\(group.variant.description)`: wait p50 \(figures.waitP50),"
      text += " p99 \(figures.waitP99), longest \(figures.longest);"
      text += " \(figures.hitches) hitches, \(figures.hangs) hangs in"
      text += " \(figures.samples) samples\n"
    }
    return text
  }

  /// What the decodes did after their request was cancelled, for a run that cancels requests.
  private static func decodeAfterCancellation(_ repeated: [VariantRepetitions], scenario: Scenario)
    -> String
  {
    guard !repeated.isEmpty else { return "" }
    let checkpoint =
      scenario.decodeCheckpoint == 0
      ? "no checkpoint" : "a checkpoint every \(scenario.decodeCheckpoint) chunks"
    var text = "\nDecode after cancellation (cancelled at \(scenario.cancelMoment.rawValue),"
    text += " \(checkpoint)):\n\n"
    for group in repeated {
      text += "- `\(group.variant.description)`: " + cancellationLine(group.first) + "\n"
    }
    return text
  }

  /// What `result`'s decodes did after their request was cancelled, in words; `n/a` where it does not
  /// apply (see `DecodeCancellationTableWriter`).
  private static func cancellationLine(_ result: VariantResult) -> String {
    guard let figures = result.decodeCancellation else { return "n/a (no decode)" }
    guard figures.applies else {
      let elsewhere =
        result.countedDecodesElsewhere.map { "\($0) decodes of marked requests ran elsewhere" }
        ?? "those of marked requests in a detached task carry no mark and are not counted"
      return "n/a: no decode ran in a cancelled caller's own task (\(elsewhere))"
    }
    var line = "\(figures.callerDecodes) caller decodes, \(figures.decodesCancelled) cancelled,"
    line += " \(figures.decodesStopped) stopped at a checkpoint, wasted "
    line += HumanUnits.latency(nanoseconds: figures.wastedNanoseconds)
    line += " in \(figures.wastedChunks) chunks"
    if let share = figures.wastedShare {
      line += " (" + DecimalText.fixed(share * 100, fractionDigits: 1) + "% of decode time)"
    }
    return line
  }

  /// One table row: the cells between pipes, ended by a newline.
  private static func row(_ cells: [String]) -> String {
    "| " + cells.joined(separator: " | ") + " |\n"
  }

  /// `text` with each `|` escaped, so it cannot end a table cell early.
  private static func escaped(_ text: String) -> String {
    text.replacing("|", with: "\\|")
  }
}
