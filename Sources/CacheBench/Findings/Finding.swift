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

/// The rules that turn figures into findings, in rank order: what makes the figures wrong or not
/// comparable first, then what costs the most time, then the rest.
enum FindingRule: String, Sendable, CaseIterable, Comparable {
  case duplicateFetches = "duplicate_fetches"
  case partialRows = "partial_rows"
  case openLoopOverload = "open_loop_overload"
  case decodeOnActor = "decode_on_actor"
  case hotActor = "hot_actor"
  case poolStarvation = "pool_starvation"
  case starvedClients = "starved_clients"
  case allocations = "allocations"

  /// How the finding's line begins.
  var title: String {
    switch self {
    case .duplicateFetches: "duplicate fetches (reentrancy)"
    case .partialRows: "partial rows"
    case .openLoopOverload: "open-loop overload"
    case .decodeOnActor: "decode on the actor"
    case .hotActor: "hot actor"
    case .poolStarvation: "pool starvation"
    case .starvedClients: "starved clients"
    case .allocations: "allocations per request"
    }
  }

  static func < (lhs: FindingRule, rhs: FindingRule) -> Bool {
    (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
  }
}
