import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Known answers of the ignored-options rule read from the harness's own counts (the cancellation
/// reach and the invalidation check after the window), whose evidence quotes them: for each, a result
/// that must trigger it and a near miss that must not.
struct FindingRulesIgnoredOptionsTests {
  private typealias Fixture = FindingFixtures

  /// A result of `design` whose window's cancellation reach counted `reach`.
  private func reaching(_ design: CacheDesign, _ reach: CancellationReach.Figures) -> VariantResult
  {
    var result = Fixture.result(design)
    result.cancellationReach = reach
    return result
  }

  @Test func aDesignThatNeverLetACancellationInIsFoundWithTheCounts() throws {
    let ignoring = reaching(.naive, .init(marked: 234, reachedDesign: 0, fetchesOfMarkedReads: 56))
    let finding = try #require(
      Fixture.finding(.ignoredOptions, in: Fixture.findings([ignoring], cancelRate: 0.05)))
    #expect(finding.variants == ["naive/none"])
    #expect(finding.statement == "naive/none let --cancel-rate cancel no read")
    #expect(
      finding.evidence
        == "naive/none: 0 of the 234 reads --cancel-rate marked reached"
        + " WaitCancellation.waitBegins(), though 56 fetches began in them")
  }

  @Test func markedReadsThatAllHitAreNoIgnoredCancellation() {
    // No fetch began in a marked read: every one was a hit, which never waits, so none is owed a
    // cancellation; and with the counts at hand another variant's 234 cancellations accuse nothing.
    var hitsOnly = reaching(.naive, .init(marked: 234, reachedDesign: 0, fetchesOfMarkedReads: 0))
    hitsOnly.cancellations = 0
    var cancelling = reaching(
      .coalescing, .init(marked: 234, reachedDesign: 234, fetchesOfMarkedReads: 56))
    cancelling.cancellations = 234
    let findings = Fixture.findings([hitsOnly, cancelling], cancelRate: 0.05)
    #expect(Fixture.finding(.ignoredOptions, in: findings) == nil)
  }

  @Test func aDesignThatServedReadsItCancelledIsFoundWithTheCounts() throws {
    let serving = reaching(
      .naive, .init(marked: 234, reachedDesign: 200, servedAfterCancellation: 12))
    let finding = try #require(
      Fixture.finding(.ignoredOptions, in: Fixture.findings([serving], cancelRate: 0.05)))
    #expect(finding.statement == "naive/none served reads --cancel-rate had cancelled")
    #expect(
      finding.evidence
        == "naive/none: 12 of the 200 reads cancelled once they waited returned a value instead"
        + " of throwing CancellationError")
  }

  /// A result whose window issued 50 invalidations and whose check after it refetched or not.
  private func invalidated(refetched: Bool) -> VariantResult {
    var result = Fixture.result(.naive, requests: 950)
    result.invalidations = 50
    result.invalidationCheck = InvalidationCheck(key: 7, refetched: refetched)
    return result
  }

  @Test func anInvalidateThatLeftTheEntryIsFoundWithTheCheck() throws {
    let finding = try #require(
      Fixture.finding(.ignoredOptions, in: Fixture.findings([invalidated(refetched: false)])))
    #expect(finding.statement == "naive/none's invalidate left the entry in place")
    #expect(
      finding.evidence
        == "naive/none: after the window, a read of key 7 that fetched nothing, invalidate(7),"
        + " then a read that fetched nothing either; the window's 50 invalidations may have"
        + " removed nothing")
  }

  @Test func anInvalidateThatRemovedTheEntryIsNotFound() {
    #expect(
      Fixture.finding(.ignoredOptions, in: Fixture.findings([invalidated(refetched: true)]))
        == nil)
  }

  @Test func anUndecodedVariantsEvidenceQuotesTheFetchesThatOwedADecode() throws {
    var result = Fixture.result(.naive, decode: .inside)
    result.insideDecodes = 0
    result.succeededFetches = 97
    let finding = try #require(
      Fixture.finding(.ignoredOptions, in: Fixture.findings([result])))
    #expect(
      finding.evidence
        == "naive/inside: 97 fetches returned payloads to callers, 0 decodes inside the cache:"
        + " the variant measured no decode work")
  }
}
