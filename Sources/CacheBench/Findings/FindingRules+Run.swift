import CacheBenchCore

extension FindingRules {
  private typealias Limits = FindingThresholds

  /// A row that is part of a window (interrupted, stalled): its figures compare with no other row.
  static func partialRows(_ figures: [VariantFigures]) -> Finding? {
    let partial = figures.compactMap { variant in variant.partial.map { (variant.label, $0) } }
    guard !partial.isEmpty else { return nil }
    let stalled = partial.contains { $0.1.stalled }
    return Finding(
      rule: .partialRows, variants: partial.map(\.0),
      statement: FindingText.list(partial.map { "\($0.0) served \($0.1.description)" }),
      evidence:
        "its counts, latencies and resources cover part of a window, so no best-value mark goes"
        + " to it",
      remedy: (stalled
        ? "finding the request that hung in the cache (a stall is not a slow window), then "
        : "") + "a run to the end, with a later --deadline if one stopped it",
      link: "docs/running.md#interruption-and-deadline")
  }

  /// An open-loop run whose clients issued requests far below the asked rate: the design (or the
  /// machine) could not keep up, and latency counted from the intended start includes the backlog.
  static func openLoopOverload(_ figures: [VariantFigures], askedRate: Double?) -> Finding? {
    guard let askedRate, askedRate > 0 else { return nil }
    let firing = figures.filter { variant in
      guard variant.partial == nil, let achieved = variant.achievedRate else { return false }
      return achieved < Limits.achievedShareOfRate * askedRate
    }.sorted { $0.achievedRate ?? 0 < $1.achievedRate ?? 0 }
    guard !firing.isEmpty else { return nil }
    let statement = firing.map { variant in
      let achieved = variant.achievedRate ?? 0
      return "\(variant.label) rate achieved \(HumanUnits.throughput(achieved))"
        + " of \(HumanUnits.throughput(askedRate)) (\(FindingText.percent(achieved / askedRate)))"
    }
    let evidence = firing.map { variant in
      "\(variant.label) backlog \(variant.backlog.map(FindingText.count) ?? "n/a") requests never"
        + " issued, start lag up to \(FindingText.latency(variant.maximumStartLag))"
    }
    return Finding(
      rule: .openLoopOverload, variants: firing.map(\.label),
      statement: FindingText.list(statement),
      evidence: FindingText.list(evidence) + "; latency counts from each intended start",
      remedy: "a --rate the design sustains (its closed-loop throughput is the ceiling)",
      link: "docs/workloads.md#open-loop---rate")
  }

  /// Most of a variant's clients completed under a tenth of their share of the requests (the check
  /// stderr warns with, `ClientSpread.isExtreme`), or one client completed most of them
  /// (`VariantFigures.oneClientDominated`): the run was far less concurrent than asked.
  static func starvedClients(_ figures: [VariantFigures]) -> Finding? {
    let firing = figures.compactMap { variant -> (VariantFigures, ClientSpread)? in
      guard variant.partial == nil, variant.clientsStarved || variant.oneClientDominated,
        let spread = variant.clientSpread
      else { return nil }
      return (variant, spread)
    }.sorted { $0.1.jainIndex < $1.1.jainIndex }
    guard !firing.isEmpty else { return nil }
    let statement = firing.map { variant, spread in
      guard !variant.clientsStarved else {
        return "\(variant.label): \(spread.starved) of \(spread.clients) clients completed under a"
          + " tenth of their share"
      }
      let share = variant.busiestClientShare ?? 0
      return "\(variant.label): one of \(spread.clients) clients completed"
        + " \(FindingText.percent(share)) of the requests"
        + " (\(FindingText.decimal(share * Double(spread.clients)))× its share)"
    }
    let evidence = firing.map { variant, spread in
      "\(variant.label) requests per client min \(spread.minimum), median \(spread.median),"
        + " max \(spread.maximum), Jain's index "
        + DecimalText.fixed(spread.jainIndex, fractionDigits: 2)
    }
    return Finding(
      rule: .starvedClients, variants: firing.map(\.0.label),
      statement: FindingText.list(statement),
      evidence: FindingText.list(evidence)
        + ": its throughput is a few clients' and its latency tail the others' wait",
      remedy:
        "reading its latency as the few clients'; a window many fetches long spreads the misses,"
        + " and where the isolation is a lock, an actor, which serves waiting callers in turn,"
        + " spreads the work",
      link: "docs/hot-actor.md#requests-per-client")
  }

  /// A group of variants allocated far more per request than the leanest variant of the run.
  ///
  /// The rows are split where their sorted figures are furthest apart (`allocationGroup`), and the
  /// group above that gap is named only when every row of it is far above the leanest: a line through
  /// a cluster of close figures would name some of them and not the others, and which ones would
  /// change from run to run.
  static func allocations(_ figures: [VariantFigures]) -> Finding? {
    let measured = figures.filter { $0.partial == nil && $0.mallocsPerRequest != nil }
      .sorted { $0.mallocsPerRequest ?? 0 > $1.mallocsPerRequest ?? 0 }
    guard let leanest = measured.last, let lowest = leanest.mallocsPerRequest else { return nil }
    let firing = Array(measured.prefix(allocationGroup(measured.map { $0.mallocsPerRequest ?? 0 })))
    guard let least = firing.last?.mallocsPerRequest,
      least >= Limits.allocationMultiple * lowest, least >= lowest + Limits.allocationExcess
    else { return nil }
    let statement = firing.map { "\($0.label) \(FindingText.decimal($0.mallocsPerRequest))" }
    return Finding(
      rule: .allocations, variants: firing.map(\.label),
      statement: "allocations per request " + statement.joined(separator: ", ")
        + "; the leanest, \(leanest.label), \(FindingText.decimal(lowest))",
      evidence: "mallocs/req, jemalloc's count over the window divided by its requests",
      remedy: "a profile of where they come from (heaptrack, or valgrind's dhat)",
      link: "docs/profiling.md#heaptrack")
  }

  /// How many of `descending` (allocations per request, highest first) lie above the widest gap
  /// between neighbours, measured as the ratio of each figure plus one to the next plus one (so that
  /// 0.001 against 0.003 is no gap, and a unit of allocation is); 0 with fewer than two.
  static func allocationGroup(_ descending: [Double]) -> Int {
    guard descending.count >= 2 else { return 0 }
    let gaps = descending.indices.dropLast().map { (descending[$0] + 1) / (descending[$0 + 1] + 1) }
    guard let widest = gaps.indices.max(by: { gaps[$0] < gaps[$1] }) else { return 0 }
    return widest + 1
  }
}
