import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Known answers of the rules that compare a variant's figures with each other or with the run's:
/// one caller per pool cycle, unequal fetch latency and options a design ignored. For each, a result
/// that must trigger it and a near miss that must not.
struct FindingRulesComparisonTests {
  private typealias Fixture = FindingFixtures

  /// Issue #30's figures: 64 clients decoding 20 µs outside, wait 676 µs, busy 3 µs, sched 22 µs, at
  /// 45,000 requests a second: 30.4 callers queued (Little's law), × 22 µs = 669 µs.
  @Test func anIdleActorWhoseWaitIsTheQueueTimesTheSchedulingDelayIsFound() throws {
    let result = Fixture.queued(wait: 676_000, busy: 3_000, scheduling: 22_000, requests: 45_000)
    let finding = try #require(
      Fixture.finding(.oneCallerPerCycle, in: Fixture.findings([result])))
    #expect(finding.variants == ["coalescing/outside"])
    #expect(
      finding.statement
        == "coalescing/outside callers waited 676µs on average for an actor busy 3.00µs of it,"
        + " while a runnable task waited 22.0µs for a thread (sched p50)")
    #expect(
      finding.evidence.hasPrefix(
        "coalescing/outside 45.0k/s × 676µs = 30.4 callers queued (Little's law), × 22.0µs = 669µs (1.0× the wait)"
      )
    )
  }

  @Test func aWaitMostlyBusyOrNotTheQueueTimesTheSchedulingDelayIsNotOneCallerPerCycle() {
    // The inside variant: the actor's own work is most of the wait (80 µs, 57 µs busy).
    let busy = Fixture.queued(wait: 80_000, busy: 57_000, scheduling: 2_000, requests: 137_000)
    // The wait is 3.4 scheduling delays: under the four a queue needs.
    let short = Fixture.queued(wait: 75_000, busy: 0, scheduling: 22_000, requests: 45_000)
    // 200,000 requests a second: the actor took 4.4 callers per scheduling delay, not about one.
    let fast = Fixture.queued(wait: 676_000, busy: 3_000, scheduling: 22_000, requests: 200_000)
    for result in [busy, short, fast] {
      #expect(Fixture.finding(.oneCallerPerCycle, in: Fixture.findings([result])) == nil)
    }
  }

  /// `result` whose fetches took `fetchLatency` ns at the fetcher.
  private func fetched(_ design: CacheDesign, _ fetchLatency: UInt64) -> VariantResult {
    var result = Fixture.result(design)
    result.fetchLatency = OutputFixtures.histogram(fetchLatency)
    return result
  }

  @Test func fetchLatenciesMoreThanOneAndAHalfTimesApartAreFound() throws {
    let findings = Fixture.findings([fetched(.naive, 1_120_000), fetched(.coalescing, 9_450_000)])
    let finding = try #require(Fixture.finding(.fetchLatencySpread, in: findings))
    #expect(finding.variants == ["coalescing/none", "naive/none"])
    #expect(
      finding.statement
        == "fetch latency realised p50 1.12ms for naive/none, 9.45ms for coalescing/none (8.4×"
        + " apart)")
  }

  @Test func fetchLatenciesWithinOneAndAHalfTimesOrFiveMicrosecondsAreNotFound() {
    let close = Fixture.findings([fetched(.naive, 1_000_000), fetched(.coalescing, 1_400_000)])
    // `--latency 0ms`: the clock's cost, 70 and 351 ns, "5.0× apart" but no fetcher's doing.
    let clock = Fixture.findings([fetched(.naive, 70), fetched(.coalescing, 351)])
    #expect(Fixture.finding(.fetchLatencySpread, in: close) == nil)
    #expect(Fixture.finding(.fetchLatencySpread, in: clock) == nil)
  }

  /// A decode-inside result whose design decoded `insideDecodes` times for `succeeded` fetches that
  /// returned payloads to callers.
  private func decodedInside(_ insideDecodes: Int, succeeded: Int) -> VariantResult {
    var result = Fixture.result(.naive, decode: .inside)
    result.insideDecodes = insideDecodes
    result.succeededFetches = succeeded
    return result
  }

  @Test func aDesignThatDecodedNothingInsideIsFound() throws {
    let finding = try #require(
      Fixture.finding(.ignoredOptions, in: Fixture.findings([decodedInside(0, succeeded: 100)])))
    #expect(finding.variants == ["naive/inside"])
    #expect(finding.statement == "naive/inside decoded nothing inside the cache")
  }

  @Test func aDesignThatDecodedOrWasOwedNoDecodeIsNotFound() {
    // Every fetch failed (`--fail-rate 1`): no payload reached a caller, so no decode was owed.
    let owedNone = decodedInside(0, succeeded: 0)
    let decoded = decodedInside(100, succeeded: 100)
    #expect(Fixture.finding(.ignoredOptions, in: Fixture.findings([owedNone, decoded])) == nil)
  }

  /// A result that ended `cancellations` of its requests with `CancellationError`.
  private func cancelled(_ design: CacheDesign, _ cancellations: Int) -> VariantResult {
    var result = Fixture.result(design)
    result.cancellations = cancellations
    return result
  }

  @Test func aDesignThatEndedNoRequestCancelledWhileAnotherEndedManyIsFound() throws {
    let findings = Fixture.findings(
      [cancelled(.naive, 0), cancelled(.coalescing, 234)], cancelRate: 0.05)
    let finding = try #require(Fixture.finding(.ignoredOptions, in: findings))
    #expect(finding.variants == ["naive/none"])
    #expect(finding.statement == "naive/none ended no request cancelled (--cancel-rate 0.05)")
    #expect(
      finding.evidence == "coalescing/none ended 234 with CancellationError under the same workload"
    )
  }

  @Test func noCancellationsAreNotFoundWithoutACancelRateOrWhenOthersHadFew() {
    let few = Fixture.findings([cancelled(.naive, 0), cancelled(.coalescing, 9)], cancelRate: 0.05)
    let unasked = Fixture.findings([cancelled(.naive, 0), cancelled(.coalescing, 234)])
    #expect(Fixture.finding(.ignoredOptions, in: few) == nil)
    #expect(Fixture.finding(.ignoredOptions, in: unasked) == nil)
  }
}
