import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Known answers of the rules about the cache itself: for each, a result that must trigger it and a
/// near miss that must not.
struct FindingRulesTests {
  private typealias Fixture = FindingFixtures

  @Test func duplicateFetchesAreFoundWhenAnotherDesignMadeNoneUnderTheSameWorkload() throws {
    let findings = Fixture.findings([
      Fixture.result(.naive, duplicateFetches: 12), Fixture.result(.coalescing),
    ])
    let finding = try #require(Fixture.finding(.duplicateFetches, in: findings))
    #expect(finding.variants == ["naive/none"])
    #expect(finding.statement == "naive/none made 12 (12.0% of 100 fetches)")
    #expect(
      finding.evidence
        == "under the same workload coalescing/none made 0 duplicate fetches (of 100 fetches)")
  }

  /// A result of a run with `--invalidate-rate`: 50 of its 1,000 operations invalidated.
  private func invalidating(_ design: CacheDesign, duplicateFetches: Int) -> VariantResult {
    var result = Fixture.result(design, duplicateFetches: duplicateFetches, requests: 950)
    result.invalidations = 50
    return result
  }

  @Test func duplicateFetchesBeyondTheInvalidationsAreFound() throws {
    let findings = Fixture.findings([
      invalidating(.naive, duplicateFetches: 80), invalidating(.coalescing, duplicateFetches: 2),
    ])
    let finding = try #require(Fixture.finding(.duplicateFetches, in: findings))
    #expect(finding.variants == ["naive/none"])
    #expect(
      finding.statement
        == "naive/none made 80 (80.0% of 100 fetches, 30 more than its 50 invalidations)")
    #expect(
      finding.evidence
        == "under the same workload coalescing/none made no more duplicate fetches than"
        + " invalidations (each may start one fetch while the fetch it cancelled still runs)"
        + " (of 100 fetches)")
  }

  @Test func aRowWithDuplicatesBeyondItsInvalidationsIsUnmarkedAndSaysWhy() {
    let results = [
      invalidating(.naive, duplicateFetches: 80), invalidating(.coalescing, duplicateFetches: 2),
    ]
    #expect(
      MarkExclusions(Fixture.figures(results)).legend(labels: ["naive/none", "coalescing/none"])
        == "no mark for naive/none (duplicate fetches beyond its invalidations where others have"
        + " none beyond theirs)")
  }

  @Test func duplicateFetchesNoMoreThanTheInvalidationsAreNotFound() {
    // An invalidation cancels the entry's fetch, and the next miss fetches while it still runs:
    // a coalescing design's 2 duplicates of 50 invalidations are the invalidations', and so are
    // 50 of 50; both rows keep their marks.
    let results = [
      invalidating(.naive, duplicateFetches: 50), invalidating(.coalescing, duplicateFetches: 2),
    ]
    #expect(Fixture.finding(.duplicateFetches, in: Fixture.findings(results)) == nil)
    let exclusions = MarkExclusions(Fixture.figures(results))
    #expect(exclusions.allowsMark(0) && exclusions.allowsMark(1))
  }

  @Test func duplicatesNoMoreThanTheInvalidationsAreNamedAsTheirsNotAsReentrancy() throws {
    // `naive/outside` made 1807 duplicates of its 1969 invalidations in a run where `coalescing`
    // made 0–11: the run cannot tell them from reentrancy, and says so by name.
    let findings = Fixture.findings([
      invalidating(.naive, duplicateFetches: 50), invalidating(.coalescing, duplicateFetches: 2),
      invalidating(.mutex, duplicateFetches: 0),
    ])
    #expect(Fixture.finding(.duplicateFetches, in: findings) == nil)
    let finding = try #require(Fixture.finding(.duplicatesWithinInvalidations, in: findings))
    #expect(finding.variants == ["naive/none", "coalescing/none"])
    #expect(
      finding.statement
        == "naive/none made 50 of 100 fetches, no more than its 50 invalidations; coalescing/none"
        + " made 2 of 100 fetches, no more than its 50 invalidations")
    #expect(finding.evidence.contains("not counted as reentrancy"))
    #expect(
      finding.line(rank: 1).hasPrefix(
        "1. duplicate fetches within invalidations (not reentrancy): naive/none made 50"))
  }

  @Test func duplicatesBeyondTheInvalidationsOrWithoutAnyAreNotNamedAsTheInvalidations() {
    // 51 of 50 invalidations is the reentrancy rule's; no duplicate, or no invalidation, is nobody's.
    let beyond = Fixture.findings([
      invalidating(.naive, duplicateFetches: 51), invalidating(.coalescing, duplicateFetches: 0),
    ])
    let withoutInvalidations = Fixture.findings([
      Fixture.result(.naive, duplicateFetches: 12), Fixture.result(.coalescing),
    ])
    #expect(Fixture.finding(.duplicatesWithinInvalidations, in: beyond) == nil)
    #expect(Fixture.finding(.duplicateFetches, in: beyond)?.variants == ["naive/none"])
    #expect(Fixture.finding(.duplicatesWithinInvalidations, in: withoutInvalidations) == nil)
  }

  @Test func duplicateFetchesAreNotFoundWhenNoDesignOfTheRunFetchedWithoutThem() {
    // Every design duplicated, or the one without duplicates fetched nothing: no comparison holds.
    let allDuplicate = Fixture.findings([
      Fixture.result(.naive, duplicateFetches: 12),
      Fixture.result(.coalescing, duplicateFetches: 1),
    ])
    let noFetch = Fixture.findings([
      Fixture.result(.naive, duplicateFetches: 12), Fixture.result(.coalescing, fetches: 0),
    ])
    #expect(Fixture.finding(.duplicateFetches, in: allDuplicate) == nil)
    #expect(Fixture.finding(.duplicateFetches, in: noFetch) == nil)
  }

  /// A decode on the actor: every decode on it, busy 30% of the window, 600 of 1,000 ns of wait busy.
  private func decodingOnActor(utilisation: Double) -> VariantResult {
    Fixture.timed(
      Fixture.decoding(Fixture.result(.coalescing, decode: .inside), onActor: 100), wait: 1_000,
      busy: 600, utilisation: utilisation)
  }

  @Test func aDecodeOnABusyActorIsFound() throws {
    let finding = try #require(
      Fixture.finding(.decodeOnActor, in: Fixture.findings([decodingOnActor(utilisation: 0.3)])))
    #expect(finding.variants == ["coalescing/inside"])
    #expect(
      finding.statement
        == "coalescing/inside: 100.0% of decodes on the actor, busy 30.0% of the window")
    #expect(finding.evidence.contains("busy with other callers' work for 60.0% of the mean wait"))
    // The share is of the means, which the evidence quotes before the tails.
    #expect(finding.evidence.contains("of the mean wait (mean wait 1.00µs, busy 600ns; p99 "))
  }

  @Test func aDecodeOnAnActorBusyUnderItsThresholdIsNotFound() {
    let findings = Fixture.findings([decodingOnActor(utilisation: 0.19)])
    #expect(Fixture.finding(.decodeOnActor, in: findings) == nil)
    #expect(Fixture.finding(.hotActor, in: findings) == nil)
  }

  @Test func aDecodeOnAnActorWhoseBusyWaitWasNotMeasuredIsNotFound() {
    var result = decodingOnActor(utilisation: 0.3)
    result.busyUntimed = result.requests
    #expect(Fixture.finding(.decodeOnActor, in: Fixture.findings([result])) == nil)
  }

  @Test func aHotActorIsFoundAndADecodeOnItIsLeftToTheDecodeRule() throws {
    let hot = Fixture.timed(Fixture.result(.coalescing), wait: 1_000, busy: 600, utilisation: 0.8)
    let findings = Fixture.findings([hot, decodingOnActor(utilisation: 0.8)])
    let finding = try #require(Fixture.finding(.hotActor, in: findings))
    #expect(finding.variants == ["coalescing/none"])
    #expect(finding.statement == "coalescing/none's busiest isolation was busy 80.0% of the window")
    #expect(Fixture.finding(.decodeOnActor, in: findings)?.variants == ["coalescing/inside"])
  }

  @Test func anActorBusyUnderHalfTheWindowOrWithoutAWaitToSpeakOfIsNotHot() {
    let busy = Fixture.timed(Fixture.result(.coalescing), wait: 1_000, busy: 600, utilisation: 0.49)
    let idleWait = Fixture.timed(
      Fixture.result(.coalescing), wait: 1_000, busy: 400, utilisation: 0.9)
    // A lock busy 60% of the window whose callers waited 14 ns (mutex/inside, decode-heavy profile).
    let shortWait = Fixture.timed(Fixture.result(.mutex), wait: 14, busy: 12, utilisation: 0.6)
    #expect(Fixture.finding(.hotActor, in: Fixture.findings([busy, idleWait, shortWait])) == nil)
  }

  /// A result whose isolation wait p50 is 10 ns and whose probe waited `scheduling` ns for a thread.
  private func scheduled(_ scheduling: UInt64) -> VariantResult {
    var result = Fixture.timed(
      Fixture.result(.mutex, decode: .outside), wait: 10, busy: 0, utilisation: 0.01)
    result.schedulingDelay = OutputFixtures.histogram(scheduling)
    return result
  }

  @Test func aPoolThatKeepsRunnableTasksWaitingIsFound() throws {
    let finding = try #require(
      Fixture.finding(.poolStarvation, in: Fixture.findings([scheduled(4_000_000)])))
    #expect(finding.variants == ["mutex/outside"])
    #expect(
      finding.statement
        == "mutex/outside: runnable tasks waited p50 4.00ms (p99 4.00ms) for a thread")
    #expect(finding.evidence.contains("isolation wait p50 10ns, request p99 100µs"))
  }

  @Test func aSchedulingDelayUnderItsThresholdOrUnderHalfTheWaitIsNoPoolStarvation() {
    var behindActor = scheduled(150_000)
    behindActor.actorWait = OutputFixtures.histogram(400_000)
    let findings = Fixture.findings([scheduled(90_000), behindActor])
    #expect(Fixture.finding(.poolStarvation, in: findings) == nil)
  }

  /// The `decode-heavy` profile's `coalescing/inside`: the probe waited 404 µs for a thread and the
  /// median caller 21 µs for the actor, but the mean wait was 940 µs, 84% of it the actor decoding.
  /// The same figures with the wait mostly not busy (40%) are pool starvation.
  @Test(arguments: [(790_000, false), (376_000, true)])
  func aWaitMostlyBehindTheActorsOwnWorkIsNoPoolStarvation(busyMean: UInt64, fires: Bool) {
    var result = Fixture.timed(
      Fixture.result(.coalescing, decode: .inside), wait: 21_000, busy: 4_000, utilisation: 0.69)
    // Three short waits and one long: p50 21 µs, mean 940 µs; the busy part averages `busyMean`.
    result.actorWait.record(3_697_000)
    result.actorBusyWait = OutputFixtures.histogram(0, count: 2)
    result.actorBusyWait.record(busyMean * 3)
    result.schedulingDelay = OutputFixtures.histogram(404_000)
    let figures = Fixture.figures([result])
    #expect(abs((figures[0].waitMean ?? 0) - 940_000) < 10_000)
    #expect(figures[0].waitP50 ?? 0 < 22_000)
    let finding = Fixture.finding(.poolStarvation, in: Fixture.findings([result]))
    #expect((finding != nil) == fires)
  }
}
