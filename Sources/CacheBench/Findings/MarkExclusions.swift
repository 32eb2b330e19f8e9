import CacheBenchCore

/// Rows of the results table that must not get a best-value mark unremarked, and why: a row that is
/// part of a window, a row with duplicate fetches while another row of the run fetched without any
/// (the duplicate-fetch finding's rows, `FindingRules.duplicateFetches`), and a row that starved most
/// of its clients or one of whose clients completed most of its requests, whose throughput and latency
/// are a few clients' (`FindingRules.starvedClients`).
struct MarkExclusions: Sendable, Equatable {
  /// Why a row gets no mark.
  enum Reason: Sendable, Equatable, CustomStringConvertible {
    /// The row is part of a window.
    case partial(PartialRow)
    /// The row made duplicate fetches where other rows made none.
    case duplicateFetches
    /// In a run with `--invalidate-rate`, the row made more duplicate fetches than its invalidations
    /// explain where other rows made no more than theirs.
    case duplicateFetchesBeyondInvalidations
    /// Most of the row's clients completed under a tenth of their share: `starved` of `clients`.
    case starvedClients(starved: Int, clients: Int)
    /// One of the row's `clients` completed `share` of its requests.
    case oneClientDominated(share: Double, clients: Int)

    var description: String {
      switch self {
      case .partial(let row): "partial, " + row.description
      case .duplicateFetches: "duplicate fetches where others have none"
      case .duplicateFetchesBeyondInvalidations:
        "duplicate fetches beyond its invalidations where others have none beyond theirs"
      case .starvedClients(let starved, let clients): "\(starved) of \(clients) clients starved"
      case .oneClientDominated(let share, let clients):
        "one of \(clients) clients completed \(FindingText.percent(share)) of the requests"
      }
    }
  }

  /// Per row, in the table's order, the reason it gets no mark, or nil.
  var reasons: [Reason?]

  /// The exclusions of `repeated`, measured in a run that stops by `stop`.
  init(repeated: [VariantRepetitions], stop: StopCondition?) {
    self.init(repeated.map { VariantFigures($0, stop: stop) })
  }

  /// The exclusions of the rows `figures`.
  init(_ figures: [VariantFigures]) {
    let duplicating = Set(FindingRules.duplicateFetches(figures)?.variants ?? [])
    reasons = figures.map { variant in
      if let partial = variant.partial { return .partial(partial) }
      if duplicating.contains(variant.label) {
        return variant.invalidations > 0 ? .duplicateFetchesBeyondInvalidations : .duplicateFetches
      }
      if variant.clientsStarved, let spread = variant.clientSpread {
        return .starvedClients(starved: spread.starved, clients: spread.clients)
      }
      if variant.oneClientDominated, let spread = variant.clientSpread {
        return .oneClientDominated(
          share: variant.busiestClientShare ?? 0, clients: spread.clients)
      }
      return nil
    }
  }

  /// Whether some row is part of a window.
  var hasPartialRow: Bool {
    reasons.contains { reason in
      if case .partial? = reason { return true }
      return false
    }
  }

  /// Whether row `index` may be marked.
  func allowsMark(_ index: Int) -> Bool {
    index >= reasons.count || reasons[index] == nil
  }

  /// `no mark for naive/inside (duplicate fetches where others have none)`, for the line under the
  /// table; empty when every row may be marked.
  func legend(labels: [String]) -> String {
    let excluded = zip(labels, reasons).compactMap { label, reason in
      reason.map { "\(label) (\($0))" }
    }
    guard !excluded.isEmpty else { return "" }
    return "no mark for " + excluded.joined(separator: ", ")
  }
}
