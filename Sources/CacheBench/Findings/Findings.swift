import CacheBenchCore

/// The findings of a run: ranked statements in words, each with its evidence and what to try, read
/// from the same typed results the tables show (`VariantFigures`), so a user's design gets the same
/// findings as a built-in wherever its figures exist.
///
/// The rules and their thresholds are in `FindingRules` and `FindingThresholds`, and stated in
/// `docs/findings.md`. The terminal and Markdown show the first `FindingThresholds.shownFindings`;
/// the JSON holds every one.
enum Findings {
  /// Every finding of `repeated`, measured in a run of `scenario`, most serious first.
  static func evaluate(repeated: [VariantRepetitions], scenario: Scenario) -> [Finding] {
    evaluate(
      repeated.map { VariantFigures($0, stop: scenario.stop) }, askedRate: scenario.openLoop?.rate,
      cancelRate: scenario.cancelRate, payloadBytes: scenario.payloadBytes)
  }

  /// Every finding of `figures`, in an open-loop run at `askedRate` requests per second when given,
  /// that cancelled a share `cancelRate` of its reads, and whose fetches returned `payloadBytes`.
  static func evaluate(
    _ figures: [VariantFigures], askedRate: Double?, cancelRate: Double = 0, payloadBytes: Int = 0
  ) -> [Finding] {
    let findings = [
      FindingRules.duplicateFetches(figures),
      FindingRules.partialRows(figures),
      FindingRules.fetchLatencySpread(figures),
      FindingRules.ignoredOptions(figures, cancelRate: cancelRate),
      FindingRules.openLoopOverload(figures, askedRate: askedRate),
      FindingRules.decodeOnActor(figures),
      FindingRules.hotActor(figures),
      FindingRules.oneCallerPerCycle(figures),
      FindingRules.poolStarvation(figures),
      FindingRules.starvedClients(figures),
      FindingRules.allocations(figures),
      FindingRules.memoryPerEntry(figures, payloadBytes: payloadBytes),
      FindingRules.duplicatesWithinInvalidations(figures),
    ]
    return findings.compactMap { $0 }.sorted { $0.rule < $1.rule }
  }

  /// The findings block for the terminal: a heading and one numbered line per finding, at most
  /// `limit`, then how many more the JSON holds; a line saying no rule fired when none did.
  static func render(_ findings: [Finding], limit: Int = FindingThresholds.shownFindings) -> String
  {
    guard !findings.isEmpty else {
      return "findings: none; no rule of docs/findings.md fired\n"
    }
    var text = "findings (ranked; rules and thresholds: docs/findings.md):\n"
    for (index, finding) in findings.prefix(limit).enumerated() {
      text += finding.line(rank: index + 1) + "\n"
    }
    if findings.count > limit {
      text +=
        "\(findings.count - limit) more findings in the JSON output (--json), or with"
        + " --findings all\n"
    }
    return text
  }
}
