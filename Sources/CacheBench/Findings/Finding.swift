/// One statement about a run, in words: what was found, how big it is, the figures and variants it
/// rests on, and what to try, with the page that explains it.
///
/// Findings are ranked by their rule's order (`FindingRule`), the most serious first; a rule gives at
/// most one finding a run, naming every variant it applies to.
struct Finding: Sendable, Equatable {
  /// The rule that fired.
  var rule: FindingRule
  /// The variants the finding is about, as `design(shards)/decode`, the most affected first.
  var variants: [String]
  /// What was found and how big it is: `naive/inside made 110 duplicate fetches (1.6% of 7022)`.
  var statement: String
  /// The figures it rests on beyond the statement, with the variants they belong to.
  var evidence: String
  /// What to try: a design, a placement or an option.
  var remedy: String
  /// The documentation page (and section) that explains the finding and the remedy.
  var link: String

  /// The finding as one line, numbered `rank`: `1. duplicate fetches (reentrancy): … Evidence: ….
  /// Try … (docs/…)`.
  func line(rank: Int) -> String {
    "\(rank). \(rule.title): \(statement). Evidence: \(evidence). Try \(remedy) (\(link))"
  }
}
