import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The design split by responsibility: the tracker's fetch task checks the store once more before it
/// fetches, and decodes inside run on the tracker. The coalescing rules themselves are tested with the
/// other coalescing designs (`CoalescingTests`, `WaitCancellationTests`); hits that never queue behind the
/// tracker, with the other tests that hold an actor (`IsolationTimingTests`).
@Suite(.timeLimit(.minutes(2)))
struct SplitResponsibilityCacheTests {
  @Test func aLeaderWhoseTaskFindsTheValueStoredMeanwhileFetchesNothing() async throws {
    let fetcher = ControllableFetcher()
    let cache = SplitResponsibilityCache(fetcher: fetcher, decoder: nil)
    // The value arrives in the store between a caller's miss there and its step at the tracker.
    let stored = await cache.store.admit(
      CachedValue(payload: Payload(key: 6, count: 8)), for: 6, generation: 0)
    #expect(stored)
    let step = try await cache.tracker.step(6, busyAtCall: 0)
    guard case .lead(let task, _) = step else {
      Issue.record("nothing was in flight, so the step leads")
      return
    }
    let fetch = try await task.value
    #expect(!fetch.fetched)
    #expect(fetch.value.payload.key == 6)
    #expect(fetcher.startedCount == 0)
  }

  @Test func aDecodeInsideRunsOnTheTrackerAndAnInvalidatedOneIsRefusedBeforeIt() async throws {
    let fetcher = ControllableFetcher(ignoresCancellation: true)
    let decodes = DecodeCounter()
    let cache = SplitResponsibilityCache(
      fetcher: fetcher, decoder: PayloadDecoder(steps: 1).counted(by: decodes))
    let obsolete = Task { try await cache.lookup(3) }
    await fetcher.waitForStarts(1)
    await cache.invalidate(3)
    fetcher.release(key: 3)
    await #expect(throws: CancellationError.self) { try await obsolete.value }
    #expect(decodes.total == 0, "refused before the decode")
    #expect(await cache.staleRejectedCount == 1)

    let fresh = Task { try await cache.lookup(3) }
    await fetcher.waitForStarts(2)
    fetcher.release(key: 3)
    #expect(try await fresh.value.value.decoded != nil)
    #expect(decodes.total == 1)
  }
}
