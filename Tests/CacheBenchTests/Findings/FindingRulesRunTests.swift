import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Known answers of the rules about the run: partial rows, open-loop overload, starved clients and
/// allocations. For each, a result that must trigger it and a near miss that must not.
struct FindingRulesRunTests {
  private typealias Fixture = FindingFixtures

  @Test func aRowThatServedPartOfItsWindowIsFound() throws {
    var partial = Fixture.result(.coalescing, requests: 441)
    partial.interrupted = true
    let findings = Fixture.findings([Fixture.result(.naive), partial])
    let finding = try #require(Fixture.finding(.partialRows, in: findings))
    #expect(finding.variants == ["coalescing/none"])
    #expect(finding.statement == "coalescing/none served 441 of 1000 requests, interrupted")
  }

  @Test func aWholeWindowOfAnInterruptedRunIsNoPartialRow() {
    // A signal marks every result of the run interrupted; those that served their count are whole.
    var whole = Fixture.result(.coalescing)
    whole.interrupted = true
    var timed = Fixture.result(.naive)
    timed.interrupted = true
    #expect(Fixture.finding(.partialRows, in: Fixture.findings([whole])) == nil)
    #expect(
      Fixture.finding(.partialRows, in: Fixture.findings([timed], stop: .duration(.seconds(1))))
        == nil)
  }

  /// A result of a 1,000-operation run with `--invalidate-rate`: `invalidations` of its operations
  /// invalidated, the rest read.
  private func invalidating(_ invalidations: Int, requests: Int) -> VariantResult {
    var result = Fixture.result(.coalescing, requests: requests)
    result.invalidations = invalidations
    return result
  }

  @Test func aRunWithInvalidationsThatCompletedIsNoPartialRow() {
    // 50 of the 1,000 operations invalidated: 950 requests served is the whole window.
    let whole = invalidating(50, requests: 950)
    #expect(Fixture.finding(.partialRows, in: Fixture.findings([whole])) == nil)
    #expect(MarkExclusions(Fixture.figures([whole])).allowsMark(0))
  }

  @Test func anInterruptedRunWithInvalidationsIsPartialInOperations() throws {
    var interrupted = invalidating(45, requests: 855)
    interrupted.interrupted = true
    let finding = try #require(
      Fixture.finding(.partialRows, in: Fixture.findings([interrupted])))
    #expect(
      finding.statement
        == "coalescing/none served 855 requests, 900 of 1000 operations, interrupted")
  }

  /// An open-loop result that issued `achieved` requests per second.
  private func openLoop(achieved: Double) -> VariantResult {
    var result = Fixture.result(.coalescing)
    result.openLoop = OpenLoopFigures(
      targetRate: 200_000, achievedRate: achieved, backlog: 349_382,
      maximumStartLagNanoseconds: 1_700_000_000, actualLatency: OutputFixtures.histogram(1_000))
    return result
  }

  @Test func anOpenLoopRunFarBelowItsRateIsFoundInWrk2Words() throws {
    let finding = try #require(
      Fixture.finding(
        .openLoopOverload,
        in: Fixture.findings(
          [openLoop(achieved: 25_400)], stop: .duration(.seconds(2)), rate: 200_000)))
    #expect(finding.statement == "coalescing/none rate achieved 25.4k/s of 200k/s (12.7%)")
    #expect(
      finding.evidence.hasPrefix(
        "coalescing/none backlog 349382 requests never issued, start lag up to 1.70s"))
  }

  @Test func anOpenLoopRunAtNinetyFivePercentOfItsRateIsNoOverload() {
    let findings = Fixture.findings(
      [openLoop(achieved: 190_000)], stop: .duration(.seconds(2)), rate: 200_000)
    #expect(Fixture.finding(.openLoopOverload, in: findings) == nil)
    // Nor is a closed-loop run, which has no asked rate.
    #expect(
      Fixture.finding(.openLoopOverload, in: Fixture.findings([openLoop(achieved: 1)])) == nil)
  }

  @Test func mostClientsStarvedIsFound() throws {
    var result = Fixture.result(.mutex)
    result.clientSpread = ClientSpread(requestsPerClient: [500, 497, 1, 1, 1])
    let finding = try #require(Fixture.finding(.starvedClients, in: Fixture.findings([result])))
    #expect(
      finding.statement == "mutex/none: 3 of 5 clients completed under a tenth of their share")
    #expect(finding.evidence.hasPrefix("mutex/none requests per client min 1, median 1, max 500"))
  }

  @Test func halfTheClientsStarvedIsNotFound() {
    var result = Fixture.result(.mutex)
    result.clientSpread = ClientSpread(requestsPerClient: [500, 498, 1, 1])
    #expect(Fixture.finding(.starvedClients, in: Fixture.findings([result])) == nil)
  }

  /// The `hot-key` profile's shape: one client completed most of the requests while none of the
  /// others completed under a tenth of its share.
  @Test func oneClientThatCompletedMostOfTheRequestsIsFoundAndTheRowUnmarked() throws {
    var result = Fixture.result(.coalescing)
    result.clientSpread = ClientSpread(requestsPerClient: [601] + Array(repeating: 21, count: 19))
    let finding = try #require(Fixture.finding(.starvedClients, in: Fixture.findings([result])))
    #expect(
      finding.statement
        == "coalescing/none: one of 20 clients completed 60.1% of the requests (12.0× its share)")
    #expect(
      finding.evidence.hasPrefix("coalescing/none requests per client min 21, median 21, max 601"))
    // The fix fits an actor's row too: it names a lock's remedy only where the isolation is one.
    #expect(
      finding.remedy.hasPrefix(
        "reading its latency as the few clients'; a window many fetches long spreads the misses,"
          + " and where the isolation is a lock, an actor"))
    #expect(
      MarkExclusions(Fixture.figures([result])).legend(labels: ["coalescing/none"])
        == "no mark for coalescing/none (one of 20 clients completed 60.1% of the requests)")
  }

  /// Half the requests is not most of them; 60% of 10 clients' is 6 times a client's share.
  @Test(arguments: [
    [490] + Array(repeating: 13, count: 39), [600] + Array(repeating: 44, count: 9),
  ])
  func aBusiestClientUnderHalfTheRequestsOrTenTimesItsShareIsNotFound(perClient: [Int]) {
    var result = Fixture.result(.coalescing)
    result.clientSpread = ClientSpread(requestsPerClient: perClient)
    #expect(Fixture.finding(.starvedClients, in: Fixture.findings([result])) == nil)
    #expect(MarkExclusions(Fixture.figures([result])).allowsMark(0))
  }

  /// A result that allocated `perRequest` times per request.
  private func allocating(_ design: CacheDesign, perRequest: Double) -> VariantResult {
    var result = Fixture.result(design)
    result.resources.allocator = AllocatorUsage(
      allocatedBytes: 0, residentBytes: 0, allocatedDeltaBytes: 0, residentDeltaBytes: 0,
      mallocCount: UInt64(perRequest * Double(result.requests)))
    return result
  }

  @Test func allocationsFarAboveTheLeanestVariantAreFound() throws {
    let findings = Fixture.findings([
      allocating(.mutex, perRequest: 0.44), allocating(.coalescing, perRequest: 8),
    ])
    let finding = try #require(Fixture.finding(.allocations, in: findings))
    #expect(finding.variants == ["coalescing/none"])
    #expect(
      finding.statement
        == "allocations per request coalescing/none 8.0; the leanest, mutex/none, 0.4")
  }

  /// A group well above the rest is named whole, however its own figures differ.
  @Test func aGroupOfVariantsFarAboveTheRestIsNamedWhole() throws {
    let findings = Fixture.findings([
      allocating(.mutex, perRequest: 0.4), allocating(.naive, perRequest: 0.5),
      allocating(.coalescing, perRequest: 8), allocating(.sharded, perRequest: 6.5),
    ])
    let finding = try #require(Fixture.finding(.allocations, in: findings))
    #expect(finding.variants == ["coalescing/none", "sharded(1)/none"])
  }

  /// A cluster of close figures that the line would cut (3.0–3.2 at or above 3× the leanest's 1.0,
  /// 2.9 under it) is not split: none of it is named.
  @Test func aClusterTheLineWouldCutIsNotNamed() {
    let findings = Fixture.findings([
      allocating(.mutex, perRequest: 1), allocating(.naive, perRequest: 2.9),
      allocating(.coalescing, perRequest: 3.0), allocating(.sharded, perRequest: 3.2),
    ])
    #expect(Fixture.finding(.allocations, in: findings) == nil)
  }

  @Test func allocationsUnderThreeTimesOrTwoAboveTheLeanestAreNotFound() {
    let underMultiple = Fixture.findings([
      allocating(.mutex, perRequest: 1), allocating(.coalescing, perRequest: 2.9),
    ])
    let underExcess = Fixture.findings([
      allocating(.mutex, perRequest: 0.5), allocating(.coalescing, perRequest: 2.4),
    ])
    #expect(Fixture.finding(.allocations, in: underMultiple) == nil)
    #expect(Fixture.finding(.allocations, in: underExcess) == nil)
  }
}
