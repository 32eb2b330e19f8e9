import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The cancelled-sole-caller check: what a design does with a fetch whose only caller was cancelled,
/// against what it declares. The fetch is held until the check lets it go, so the answers are exact.
@Suite(.timeLimit(.minutes(2)))
struct DesignCheckCancellationTests {
  @Test(arguments: [CacheDesign.coalescing, .sharded, .mutex])
  func theEntryTaskDesignsLetTheFetchFinishAndKeepItsValue(design: CacheDesign) async throws {
    let outcome = try await DesignCheckTests.check(design).cancelledSoleCaller()
    #expect(outcome.verdict == .pass, "\(outcome)")
    #expect(
      outcome.evidence
        == "cancelling the only caller of a fetch let the fetch finish and kept its value for the"
        + " next lookup; the cancelled caller returned only once the fetch was let go and got"
        + " CancellationError")
  }

  @Test(arguments: [CacheDesign.naive, .fetchOutside])
  func theCallerTaskDesignsCancelTheFetchAsTheyDeclare(design: CacheDesign) async throws {
    let outcome = try await DesignCheckTests.check(design).cancelledSoleCaller()
    #expect(outcome.verdict == .pass, "\(outcome)")
    #expect(
      outcome.evidence.hasPrefix(
        "cancelling the only caller of a fetch cancelled the fetch, as the design declares"))
  }

  @Test func aUsersCacheThatDeclaresCancellingButKeepsTheFetchFails() async throws {
    let plain = URLImageCache.design(coalescing: true)
    let claiming = CacheDesign(
      name: "url-claims-cancel", summary: "a user's cache", traits: [.cancelsUnawaitedFetch],
      makeCache: plain.makeCache)
    let kept = try await DesignCheckTests.check(plain).cancelledSoleCaller()
    #expect(kept.verdict == .pass, "\(kept)")
    #expect(kept.evidence.hasPrefix("cancelling the only caller of a fetch let the fetch finish"))
    let outcome = try await DesignCheckTests.check(claiming).cancelledSoleCaller()
    #expect(outcome.verdict == .fail)
    #expect(outcome.evidence.contains("though the design declares that it cancels such a fetch"))
    #expect(outcome.fix?.contains("cancelsUnawaitedFetch") == true)
  }

  @Test func aFetchThatRunsOnAndIsDroppedWarnsAndACancelThatIsNotDeclaredSaysSo() {
    let dropped = DesignCheck.judgeAbandonedFetch(.discarded, declaresCancel: false, caller: "c")
    #expect(dropped.verdict == .warn)
    #expect(dropped.evidence.contains("its value was dropped: the next lookup fetched again"))
    let undeclared = DesignCheck.judgeAbandonedFetch(.cancelled, declaresCancel: false, caller: "c")
    #expect(undeclared.verdict == .pass)
    #expect(undeclared.evidence.contains("the design does not declare it"))
  }
}
