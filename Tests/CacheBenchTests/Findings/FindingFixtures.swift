@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Results built figure by figure for the finding rules' known-answer tests: a whole window of 1,000
/// requests and 100 fetches, no duplicate, no decode and no isolation timing unless a test sets them.
enum FindingFixtures {
  /// A whole window of `design`/`decode` with `duplicateFetches` of its 100 fetches.
  static func result(
    _ design: CacheDesign = .coalescing, decode: DecodePlacement = .noDecode, shards: Int = 1,
    duplicateFetches: Int = 0, fetches: Int = 100, requests: Int = 1_000
  ) -> VariantResult {
    VariantResult(
      variant: Variant(design: design, decode: decode, shards: shards),
      requests: requests, hits: requests - fetches, joins: 0, leaders: fetches, errors: 0,
      cancellations: 0, fetches: fetches, duplicateFetches: duplicateFetches,
      windowNanoseconds: 1_000_000_000,
      latency: OutputFixtures.histogram(100_000),
      fetchLatency: OutputFixtures.histogram(1_000_000),
      configuredFetchLatency: .milliseconds(1))
  }

  /// `result` with its isolation timed: every request's wait `wait` ns, of which `busy` ns busy, and
  /// the busiest domain busy `utilisation` of the window.
  static func timed(
    _ result: VariantResult, wait: UInt64, busy: UInt64, utilisation: Double
  ) -> VariantResult {
    var result = result
    result.actorWait = OutputFixtures.histogram(wait)
    result.actorBusyWait = OutputFixtures.histogram(busy)
    result.actorService = OutputFixtures.histogram(100)
    result.utilisation = IsolationUtilisation(
      busyNanoseconds: [UInt64(utilisation * 1e9)], windowNanoseconds: 1_000_000_000)
    return result
  }

  /// `result` with its isolation timed as `timed` gives, its scheduling probe at `scheduling` ns and
  /// its window `seconds` long, so its throughput is its requests over that.
  static func queued(
    wait: UInt64, busy: UInt64, scheduling: UInt64, requests: Int, seconds: Double = 1
  ) -> VariantResult {
    var result = timed(
      self.result(.coalescing, decode: .outside, requests: requests), wait: wait, busy: busy,
      utilisation: 0.02)
    result.schedulingDelay = OutputFixtures.histogram(scheduling)
    result.windowNanoseconds = UInt64(seconds * 1e9)
    return result
  }

  /// `result` with `onActor` of its 100 decodes run on an actor.
  static func decoding(_ result: VariantResult, onActor: Int) -> VariantResult {
    var result = result
    result.decodes = 100
    result.decodesOnActor = onActor
    return result
  }

  /// The figures of `results`, each measured once, in a run that stops after 1,000 requests (or by
  /// `stop`).
  static func figures(
    _ results: [VariantResult], stop: StopCondition = .requests(1_000)
  ) -> [VariantFigures] {
    results.map { VariantFigures(VariantRepetitions(single: $0), stop: stop) }
  }

  /// The findings of `results`, each measured once, in a run that stops after 1,000 requests (or by
  /// `stop`), open loop at `rate` when given, of `payloadBytes`-byte payloads.
  static func findings(
    _ results: [VariantResult], stop: StopCondition = .requests(1_000), rate: Double? = nil,
    cancelRate: Double = 0, payloadBytes: Int = 64
  ) -> [Finding] {
    Findings.evaluate(
      figures(results, stop: stop), askedRate: rate, cancelRate: cancelRate,
      payloadBytes: payloadBytes)
  }

  /// The finding of `rule` among `findings`, if it fired.
  static func finding(_ rule: FindingRule, in findings: [Finding]) -> Finding? {
    findings.first { $0.rule == rule }
  }
}
