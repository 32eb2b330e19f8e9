import CacheBenchCore

/// The rules about the cache itself: duplicate fetches, decode on the actor, a hot actor and a
/// starved thread pool. Each reads `VariantFigures` and its thresholds (`FindingThresholds`), and
/// gives one finding naming every variant it fires for, or nil.
///
/// Rows that are partial (`PartialRow`) are left out of every comparison: a part of a window is no
/// evidence about a design.
enum FindingRules {
  private typealias Limits = FindingThresholds

  /// A variant made duplicate fetches while another of the same run, which fetched, made none: the
  /// workload was the same, so the duplicates are the design's (reentrancy across the fetch's `await`).
  ///
  /// With `--invalidate-rate`, each invalidation may rightly start one: it removes the entry and
  /// cancels its fetch, and the next miss fetches again while the cancelled fetch is still running
  /// at the fetcher (`coalescing` made 0–2 of 1969 invalidations so). So only duplicates beyond a
  /// variant's invalidations are the design's, and a variant with no more than its invalidations
  /// counts as one that made none.
  static func duplicateFetches(_ figures: [VariantFigures]) -> Finding? {
    let whole = figures.filter { $0.partial == nil }
    // Fewest first: with invalidations, a row here is one whose duplicates they may explain, not
    // one shown to coalesce.
    let clean = whole.filter { $0.duplicateFetches <= $0.invalidations && $0.fetches > 0 }
      .sorted { $0.duplicateFetches < $1.duplicateFetches }
    let duplicating = whole.filter {
      $0.duplicateFetches - $0.invalidations >= Limits.duplicateFetches
    }.sorted { $0.duplicateFetches > $1.duplicateFetches }
    guard !clean.isEmpty, !duplicating.isEmpty else { return nil }
    let statement = duplicating.map { variant in
      "\(variant.label) made \(FindingText.count(variant.duplicateFetches)) ("
        + FindingText.percent(variant.duplicateFetches / variant.fetches)
        + " of \(FindingText.count(variant.fetches)) fetches"
        + (variant.invalidations > 0
          ? ", \(FindingText.count(variant.duplicateFetches - variant.invalidations)) more than"
            + " its \(FindingText.count(variant.invalidations)) invalidations" : "")
        + ")"
    }
    let fewest = FindingText.count(clean.map(\.fetches).min() ?? 0)
    let most = FindingText.count(clean.map(\.fetches).max() ?? 0)
    let fetched =
      clean.count == 1
      ? "of \(most) fetches"
      : fewest == most ? "of \(most) fetches each" : "of \(fewest) to \(most) fetches each"
    let invalidated = clean.contains { $0.invalidations > 0 }
    return Finding(
      rule: .duplicateFetches, variants: duplicating.map(\.label),
      statement: FindingText.list(statement),
      evidence: "under the same workload \(FindingText.names(clean.map(\.label)))"
        + (invalidated
          ? " made no more duplicate fetches than invalidations (each may start one fetch while"
            + " the fetch it cancelled still runs)" : " made 0 duplicate fetches")
        + " (\(fetched))",
      remedy: "a design that coalesces" + (invalidated ? "" : ", as those do")
        + ": the miss goes in flight before the first await and later callers join it",
      link: "docs/duplicates.md#why-a-design-duplicates-or-does-not")
  }

  /// A variant ran its decodes on its actor, the actor was busy a good part of the window, and most
  /// of the callers' wait for it was it running other work.
  static func decodeOnActor(_ figures: [VariantFigures]) -> Finding? {
    let firing = figures.filter(decodesOnActor).sorted { $0.utilisation ?? 0 > $1.utilisation ?? 0 }
    guard !firing.isEmpty else { return nil }
    let statement = firing.map { variant in
      "\(variant.label): \(FindingText.percent(variant.decodeOnActorShare ?? 0)) of decodes on"
        + " the actor, busy \(FindingText.percent(variant.utilisation ?? 0)) of the window"
    }
    let evidence = firing.map(Self.busyEvidence)
    // The same design decoding elsewhere, when the run has it: how busy its actor was then.
    let offActor = figures.filter { variant in
      variant.partial == nil && (variant.decodeOnActorShare ?? 1) == 0
        && variant.utilisation != nil && firing.contains { $0.design == variant.design }
    }.map { "\($0.label) busy \(FindingText.percent($0.utilisation ?? 0))" }
    return Finding(
      rule: .decodeOnActor, variants: firing.map(\.label),
      statement: FindingText.list(statement),
      evidence: FindingText.list(evidence)
        + (offActor.isEmpty ? "" : "; off the actor, " + offActor.joined(separator: ", ")),
      remedy:
        "--decode outside (the actor returns bytes, the caller decodes) or concurrent, or shard"
        + " the actor (--variants sharded)",
      link: "docs/decode.md#the-placements")
  }

  /// Whether `variant` meets every threshold of the decode-on-the-actor rule.
  static func decodesOnActor(_ variant: VariantFigures) -> Bool {
    guard variant.partial == nil, let share = variant.decodeOnActorShare,
      let utilisation = variant.utilisation, let busyShare = variant.busyShareOfMeaningfulWait
    else { return false }
    return share >= Limits.decodeOnActorShare && utilisation >= Limits.decodeUtilisation
      && busyShare >= Limits.busyShareOfWait
  }

  /// A variant's busiest isolation domain was busy most of the window and most of its callers' wait
  /// was it running other work: the actor itself is the bottleneck. A variant the decode rule already
  /// names is left to it.
  static func hotActor(_ figures: [VariantFigures]) -> Finding? {
    let firing = figures.filter { variant in
      guard variant.partial == nil, !decodesOnActor(variant),
        let utilisation = variant.utilisation, let busyShare = variant.busyShareOfMeaningfulWait
      else { return false }
      return utilisation >= Limits.hotUtilisation && busyShare >= Limits.busyShareOfWait
    }.sorted { $0.utilisation ?? 0 > $1.utilisation ?? 0 }
    guard !firing.isEmpty else { return nil }
    let statement = firing.map { variant in
      "\(variant.label)'s busiest isolation was busy"
        + " \(FindingText.percent(variant.utilisation ?? 0)) of the window"
    }
    let evidence = firing.map(Self.busyEvidence)
    return Finding(
      rule: .hotActor, variants: firing.map(\.label), statement: FindingText.list(statement),
      evidence: FindingText.list(evidence),
      remedy:
        "sharding the actor by key (--variants sharded) or a hit path that does not hop onto it"
        + " (a Mutex-protected store, --variants mutex)",
      link: "docs/designs.md#split-or-shard-a-hot-actor")
  }

  /// `naive/inside busy with other callers' work for 82.4% of the mean wait (mean wait 410µs, busy
  /// 338µs; p99 1.33ms and 1.29ms)`: the means the share is of, then the tails. The means are quoted
  /// because a few long waits can carry them past the p99 (a wait p99 of 51 ns beside a mean of
  /// microseconds), and a share beside the p99s alone read as a contradiction.
  private static func busyEvidence(_ variant: VariantFigures) -> String {
    let means =
      variant.waitMean.map { wait in
        "mean wait \(FindingText.latency(wait)), busy \(FindingText.latency(variant.busyMean)); "
      } ?? ""
    return "\(variant.label) busy with other callers' work for"
      + " \(FindingText.percent(variant.busyShareOfWait ?? 0)) of the mean wait (\(means)p99"
      + " \(FindingText.latency(variant.waitP99)) and \(FindingText.latency(variant.busyP99)))"
  }

  /// Runnable tasks waited long for a thread, and that wait is most of the callers' wait for the
  /// cache's isolation: the time goes to the cooperative pool, not to the cache.
  ///
  /// Not for a variant whose callers spent most of their mean wait behind the isolation's own work
  /// (`busyShareOfMeaningfulWait`): there the wait is the cache's. In the `decode-heavy` profile
  /// `coalescing/inside` read a scheduling p50 of 404 µs beside a wait p50 of 21 µs, yet 84% of its
  /// 940 µs mean wait was the actor decoding, which the decode rule states.
  static func poolStarvation(_ figures: [VariantFigures]) -> Finding? {
    let firing = figures.filter { variant in
      guard variant.partial == nil, let scheduling = variant.schedulingP50,
        let wait = variant.waitP50
      else { return false }
      let waitIsTheCaches = (variant.busyShareOfMeaningfulWait ?? 0) >= Limits.busyShareOfWait
      return scheduling >= Limits.schedulingDelayNanoseconds
        && scheduling >= Limits.schedulingShareOfWait * wait && !waitIsTheCaches
    }.sorted { $0.schedulingP50 ?? 0 > $1.schedulingP50 ?? 0 }
    guard !firing.isEmpty else { return nil }
    let statement = firing.map { variant in
      "\(variant.label): runnable tasks waited p50 \(FindingText.latency(variant.schedulingP50))"
        + " (p99 \(FindingText.latency(variant.schedulingP99))) for a thread"
    }
    let evidence = firing.map { variant in
      "\(variant.label): isolation wait p50 \(FindingText.latency(variant.waitP50)),"
        + " request p99 \(FindingText.latency(variant.latencyP99))"
    }
    return Finding(
      rule: .poolStarvation, variants: firing.map(\.label), statement: FindingText.list(statement),
      evidence: FindingText.list(evidence) + ": the wait is the thread pool's, not the cache's",
      remedy:
        "less CPU work per request on the pool (--decode-cost), fewer clients (--concurrency),"
        + " or client threads of their own (--threads)",
      link: "docs/hot-actor.md#contention-proper-scheduling-and-utilisation")
  }
}
