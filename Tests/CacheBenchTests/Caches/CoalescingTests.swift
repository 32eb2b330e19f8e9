import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Overlapping callers of one key, held at a controllable fetcher until all of them are in.
@Suite(.timeLimit(.minutes(2)))
struct CoalescingTests {
  static let callers = 16

  @Test func naiveCacheFetchesOncePerOverlappingCaller() async throws {
    let fetcher = ControllableFetcher()
    let cache = NaiveActorCache(fetcher: fetcher, decoder: nil)
    let outcomes = try await withThrowingTaskGroup(of: CacheOutcome?.self) { group in
      for _ in 0..<Self.callers {
        group.addTask { try await cache.lookup(7).outcome }
      }
      await fetcher.waitForStarts(Self.callers)
      #expect(fetcher.release() == Self.callers)
      return try await group.reduce(into: []) { $0.append($1) }
    }
    let totals = fetcher.ledger.totals
    #expect(totals.fetches == Self.callers)
    #expect(totals.duplicateFetches == Self.callers - 1)
    #expect(outcomes.filter { $0 == .leader }.count == Self.callers)
  }

  @Test(arguments: CoalescingDesign.all)
  func coalescingDesignFetchesOnceAndJoinsTheRest(design: CoalescingDesign) async throws {
    let fetcher = ControllableFetcher()
    let (cache, joins) = design.make(fetcher)
    let outcomes = try await withThrowingTaskGroup(of: CacheOutcome?.self) { group in
      for _ in 0..<Self.callers {
        group.addTask { try await cache.lookup(7).outcome }
      }
      await fetcher.waitForStarts(1)
      await eventually("all other callers joined") { await joins() == Self.callers - 1 }
      #expect(fetcher.release() == 1)
      return try await group.reduce(into: []) { $0.append($1) }
    }
    let totals = fetcher.ledger.totals
    #expect(totals.fetches == 1)
    #expect(totals.duplicateFetches == 0)
    #expect(outcomes.filter { $0 == .leader }.count == 1)
    #expect(outcomes.filter { $0 == .join }.count == Self.callers - 1)
    #expect(try await cache.lookup(7).outcome == .hit)
  }

  @Test(arguments: CoalescingDesign.all)
  func invalidationDuringAFetchDoesNotAdmitTheObsoleteCompletion(design: CoalescingDesign)
    async throws
  {
    let fetcher = ControllableFetcher(ignoresCancellation: true)
    let (cache, _) = design.make(fetcher)
    let obsolete = Task { try await cache.lookup(3) }
    await fetcher.waitForStarts(1)
    await cache.invalidate(3)
    let replacement = Task { try await cache.lookup(3) }
    await fetcher.waitForStarts(2)

    #expect(fetcher.release(fetch: 1, bytes: 100) == 1)
    await #expect(throws: CancellationError.self) { try await obsolete.value }
    #expect(fetcher.pendingCount == 1, "the replacement fetch is untouched")

    #expect(fetcher.release(fetch: 2, bytes: 200) == 1)
    let served = try await replacement.value
    #expect(served.outcome == .leader)
    #expect(served.value.payload.bytes.count == 200)
    let again = try await cache.lookup(3)
    #expect(again.outcome == .hit)
    #expect(again.value.payload.bytes.count == 200)
    #expect(
      fetcher.ledger.totals.duplicateFetches == 1, "the stale fetch was still running at the server"
    )
    #expect(await cache.staleRejectedCount == 1, "the invalidated fetch's completion was refused")
  }

  @Test(arguments: CoalescingDesign.all)
  func aFailedFetchIsNotCachedAndTheNextCallerRetries(design: CoalescingDesign) async throws {
    let fetcher = ControllableFetcher()
    let (cache, _) = design.make(fetcher)
    let failing = Task { try await cache.lookup(5) }
    await fetcher.waitForStarts(1)
    fetcher.release(failure: ControllableFetcher.InjectedFailure())
    await #expect(throws: ControllableFetcher.InjectedFailure.self) { try await failing.value }

    let retry = Task { try await cache.lookup(5) }
    await fetcher.waitForStarts(2)
    fetcher.release()
    #expect(try await retry.value.outcome == .leader)
    #expect(fetcher.ledger.totals.fetches == 2)
  }

  @Test(arguments: CoalescingDesign.all)
  func cancellingOneWaiterDoesNotCancelTheSharedFetch(design: CoalescingDesign) async throws {
    let fetcher = ControllableFetcher()
    let (cache, joins) = design.make(fetcher)
    let leader = Task { try await cache.lookup(9) }
    await fetcher.waitForStarts(1)
    let waiter = Task { try await cache.lookup(9) }
    await eventually("the waiter joined") { await joins() == 1 }

    waiter.cancel()
    #expect(fetcher.pendingCount == 1, "the shared fetch is still running")
    fetcher.release()
    #expect(try await leader.value.outcome == .leader)
    await #expect(throws: CancellationError.self) { try await waiter.value }
    #expect(fetcher.ledger.totals.fetches == 1)
  }

  @Test(arguments: CoalescingDesign.all)
  func anAlreadyCancelledCallerNeverStartsAFetch(design: CoalescingDesign) async throws {
    let fetcher = ControllableFetcher()
    let (cache, _) = design.make(fetcher)
    let cancelled = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await cache.lookup(1)
    }
    await #expect(throws: CancellationError.self) { try await cancelled.value }
    #expect(fetcher.startedCount == 0)
    #expect(fetcher.ledger.totals.fetches == 0)
  }
}

extension CoalescingTests {
  @Test(arguments: CoalescingDesign.all)
  func anAlreadyCancelledCallerCannotJoinAFetchInFlight(design: CoalescingDesign) async throws {
    let fetcher = ControllableFetcher()
    let (cache, joins) = design.make(fetcher)
    let leader = Task { try await cache.lookup(2) }
    await fetcher.waitForStarts(1)
    let cancelled = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await cache.lookup(2)
    }
    await #expect(throws: CancellationError.self) { try await cancelled.value }
    #expect(await joins() == 0)
    fetcher.release()
    #expect(try await leader.value.outcome == .leader)
  }
}
