import CacheBenchCore

extension FindingRules {
  private typealias Limits = FindingThresholds

  /// Callers waited far longer for an idle actor than its work and one wait for a thread explain,
  /// and about as long as the callers queued ahead of them (Little's law) times the scheduling delay:
  /// consistent with an actor that takes one queued caller each time the pool gives it a thread back
  /// (docs/hot-actor.md, "the actor is idle but has no thread").
  static func oneCallerPerCycle(_ figures: [VariantFigures]) -> Finding? {
    let firing = figures.compactMap { variant -> (VariantFigures, Double)? in
      guard variant.partial == nil, let wait = variant.waitMean, let waitP50 = variant.waitP50,
        let busy = variant.busyMean, let scheduling = variant.schedulingP50, scheduling > 0,
        let domains = variant.domains, domains > 0,
        wait >= Limits.meaningfulWaitNanoseconds,
        wait >= Limits.waitOverBusyAndScheduling * (busy + scheduling),
        waitP50 >= Limits.waitOverBusyAndScheduling * scheduling
      else { return nil }
      let queued = variant.throughput * wait / 1e9 / Double(domains)
      let factor = queued * scheduling / wait
      let limit = Limits.queuedTimesSchedulingFactor
      return factor >= 1 / limit && factor <= limit ? (variant, queued) : nil
    }.sorted { $0.0.waitMean ?? 0 > $1.0.waitMean ?? 0 }
    guard !firing.isEmpty else { return nil }
    let statement = firing.map { variant, _ in
      "\(variant.label) callers waited \(FindingText.latency(variant.waitMean)) on average for an"
        + " actor busy \(FindingText.latency(variant.busyMean)) of it, while a runnable task waited"
        + " \(FindingText.latency(variant.schedulingP50)) for a thread (sched p50)"
    }
    let evidence = firing.map { variant, queued in
      let scheduling = variant.schedulingP50 ?? 0
      let perDomain = (variant.domains ?? 1) > 1 ? " per isolation domain" : ""
      return "\(variant.label) \(HumanUnits.throughput(variant.throughput)) × "
        + "\(FindingText.latency(variant.waitMean)) = \(FindingText.decimal(queued)) callers"
        + " queued\(perDomain) (Little's law), × \(FindingText.latency(scheduling)) ="
        + " \(FindingText.latency(queued * scheduling))"
        + " (\(FindingText.decimal(queued * scheduling / (variant.waitMean ?? 1)))× the wait)"
    }
    return Finding(
      rule: .oneCallerPerCycle, variants: firing.map(\.0.label),
      statement: FindingText.list(statement),
      evidence: FindingText.list(evidence)
        + ": consistent with an idle actor that takes one queued caller each time the pool gives it"
        + " a thread",
      remedy:
        "fewer runnable tasks on the pool than it serves in turn: fewer clients (--concurrency)"
        + " or less CPU work per request on the pool (--decode-cost)",
      link: "docs/hot-actor.md#contention-proper-scheduling-and-utilisation")
  }

  /// The variants' realised fetch latencies were too far apart to compare them fairly
  /// (`FetchLatencySpread`, the rule stderr's line uses).
  static func fetchLatencySpread(_ figures: [VariantFigures]) -> Finding? {
    let medians = figures.compactMap { variant -> (label: String, nanoseconds: UInt64)? in
      guard variant.partial == nil, let p50 = variant.fetchLatencyP50 else { return nil }
      return (variant.label, p50)
    }
    guard let spread = FetchLatencySpread(medians: medians) else { return nil }
    return Finding(
      rule: .fetchLatencySpread, variants: [spread.slowest, spread.fastest],
      statement: "fetch latency " + spread.description,
      evidence:
        "each variant ran against its own fetcher, configured alike (the fetch latency lines);"
        + " the slower one's latencies and throughput carry the difference",
      remedy: "a run on a less loaded machine, or --repeat to see whether it holds",
      link: "docs/metrics.md#realised-fetch-latency-across-variants")
  }
}
