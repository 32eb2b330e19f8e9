import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// A caller cancelled the moment it starts waiting (`--cancel-rate`), driven step by step with a
/// controllable fetcher: each design's cancellation policy, deterministically.
@Suite(.timeLimit(.minutes(2)))
struct WaitCancellationTests {
  @Test(arguments: CoalescingDesign.all)
  func aCancelledLeaderThrowsWhileTheSharedFetchStillServesItsJoiner(design: CoalescingDesign)
    async throws
  {
    let fetcher = ControllableFetcher()
    let (cache, joins) = design.make(fetcher)
    let cancelled = Task { try await WaitCancellation.cancelledLookup(5, in: cache) }
    await fetcher.waitForStarts(1)
    let joiner = Task { try await cache.lookup(5) }
    await eventually("the second caller joined") { await joins() == 1 }
    #expect(
      fetcher.release(key: 5) == 1, "the leader's cancellation did not cancel the shared fetch")

    await #expect(throws: CancellationError.self) { try await cancelled.value }
    #expect(try await joiner.value.outcome == .join)
    #expect(try await cache.lookup(5).outcome == .hit, "the shared fetch was admitted")
    #expect(fetcher.ledger.totals.fetches == 1)
    #expect(fetcher.ledger.totals.inFlight == 0)
  }

  @Test(arguments: CoalescingDesign.all)
  func aCancelledJoinerThrowsAndTheLeaderIsServed(design: CoalescingDesign) async throws {
    let fetcher = ControllableFetcher()
    let (cache, joins) = design.make(fetcher)
    let leader = Task { try await cache.lookup(9) }
    await fetcher.waitForStarts(1)
    let cancelled = Task { try await WaitCancellation.cancelledLookup(9, in: cache) }
    await eventually("the cancelled caller joined") { await joins() == 1 }
    fetcher.release(key: 9)

    await #expect(throws: CancellationError.self) { try await cancelled.value }
    #expect(try await leader.value.outcome == .leader)
  }

  @Test(arguments: CoalescingDesign.all)
  func aMarkedReadThatHitsNeverWaitsAndIsServed(design: CoalescingDesign) async throws {
    let fetcher = ControllableFetcher()
    let (cache, _) = design.make(fetcher)
    let first = Task { try await cache.lookup(2) }
    await fetcher.waitForStarts(1)
    fetcher.release()
    _ = try await first.value
    #expect(try await WaitCancellation.cancelledLookup(2, in: cache).outcome == .hit)
  }

  @Test func theNaiveCallersOwnFetchIsCancelledAndNothingIsStored() async throws {
    let fetcher = ControllableFetcher()
    let cache = NaiveActorCache(fetcher: fetcher, decoder: nil)
    await #expect(throws: CancellationError.self) {
      try await WaitCancellation.cancelledLookup(4, in: cache)
    }
    #expect(await cache.count == 0)
    #expect(fetcher.ledger.totals.inFlight == 0)
  }

  @Test func theClientTaskStaysUncancelledForItsNextRequest() async throws {
    let fetcher = ControllableFetcher()
    let cache = CoalescingActorCache(fetcher: fetcher, decoder: nil)
    let client = Task { () -> CacheOutcome? in
      await #expect(throws: CancellationError.self) {
        try await WaitCancellation.cancelledLookup(1, in: cache)
      }
      // Would throw CancellationError at once if the cancellation had reached the client's own task.
      return try await cache.lookup(1).outcome
    }
    await fetcher.waitForStarts(1)
    fetcher.release()
    #expect(try await client.value == .hit)
  }
}
