import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The benchmark's fetcher: injected failures, cancellation, and the fetch pool.
@Suite(.timeLimit(.minutes(2)))
struct SimulatedFetcherTests {
  private func fetcher(
    latency: LatencyDistribution = .constant(.zero), failRate: Double = 0,
    ignoresCancellation: Bool = false, pool: FetchPool? = nil, ledger: FetchLedger = FetchLedger()
  ) -> SimulatedFetcher {
    SimulatedFetcher(
      draws: FetchDraws(latency: latency, failRate: failRate, seed: 5), payloadBytes: 8,
      ledger: ledger, ignoresCancellation: ignoresCancellation, pool: pool)
  }

  @Test func exactlyTheFetchesTheDrawsPickFailAndEachIsStillCountedAtTheFetcher() async {
    let ledger = FetchLedger()
    let fetcher = fetcher(failRate: 0.3, ledger: ledger)
    let draws = FetchDraws(latency: .constant(.zero), failRate: 0.3, seed: 5)
    var failed: [Int] = []
    for index in 0..<300 {
      do {
        _ = try await fetcher.fetch(index % 10)
      } catch let failure as InjectedFetchFailure {
        #expect(failure == InjectedFetchFailure(key: index % 10, ordinal: index / 10))
        failed.append(index)
      } catch {
        Issue.record("unexpected \(error)")
      }
    }
    let expected = (0..<300).filter { draws.draw(key: $0 % 10, ordinal: $0 / 10).fails }
    #expect(failed == expected)
    #expect((60...120).contains(failed.count))
    #expect(ledger.totals.fetches == 300)
    #expect(ledger.totals.latency.totalCount == 300)
  }

  @Test func failuresAreNotCachedSoTheNextCallerFetchesAgain() async {
    let fetcher = fetcher(failRate: 1)
    let cache = CoalescingActorCache(fetcher: fetcher, decoder: nil)
    for _ in 0..<3 {
      await #expect(throws: InjectedFetchFailure.self) { _ = try await cache.lookup(1) }
    }
    #expect(fetcher.ledger.totals.fetches == 3)
  }

  @Test func aCancelledCallerEndsItsFetchUnlessTheFetcherIgnoresCancellation() async {
    for ignores in [false, true] {
      let fetcher = fetcher(latency: .constant(.milliseconds(1)), ignoresCancellation: ignores)
      let task = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await fetcher.fetch(4)
      }
      let result = await task.result
      if ignores {
        #expect((try? result.get()) == Payload(key: 4, count: 8))
      } else {
        #expect(throws: CancellationError.self) { try result.get() }
      }
      #expect(fetcher.ledger.totals.inFlight == 0)
    }
  }

  @Test func onlyAPayloadReturnedToACallerNotCancelledCountsAsASucceededFetch() async {
    let ledger = FetchLedger()
    _ = try? await fetcher(ledger: ledger).fetch(1)
    _ = try? await fetcher(failRate: 1, ledger: ledger).fetch(2)
    let cancelled = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await fetcher(
        latency: .constant(.milliseconds(1)), ignoresCancellation: true, ledger: ledger
      ).fetch(3)
    }
    #expect((try? await cancelled.value) == Payload(key: 3, count: 8))
    #expect(ledger.totals.fetches == 3)
    #expect(ledger.totals.succeededFetches == 1)
  }

  @Test func thePoolAdmitsAtMostItsLimitAndHandsSlotsOnInArrivalOrder() async {
    let pool = FetchPool(limit: 2)
    await pool.acquire()
    await pool.acquire()
    let order = OrderLog()
    let waiters = (1...2).map { number in
      Task {
        await eventually("waiter \(number) queues") { pool.waiting == number - 1 }
        await pool.acquire()
        order.append(number)
      }
    }
    await eventually("both wait") { pool.waiting == 2 }
    #expect(order.values.isEmpty)
    pool.release()
    await waiters[0].value
    #expect(order.values == [1])
    pool.release()
    await waiters[1].value
    #expect(order.values == [1, 2])
  }

  @Test func timeWaitingForAPoolSlotIsRecordedApartFromTheFetch() async throws {
    let ledger = FetchLedger(recordsFetchQueue: true)
    let fetcher = fetcher(pool: FetchPool(limit: 1), ledger: ledger)
    _ = try await fetcher.fetch(1)
    _ = try await fetcher.fetch(2)
    #expect(ledger.totals.fetchQueue?.totalCount == 2)
    #expect(FetchLedger().totals.fetchQueue == nil)
  }
}

/// Appends from several tasks, in the order they arrive.
final class OrderLog: Sendable {
  private let state = SanitizerVisibleMutex<[Int]>([])
  func append(_ value: Int) { state.withLock { $0.append(value) } }
  var values: [Int] { state.withLock { $0 } }
}
