import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct FetchLedgerTests {
  @Test func aFetchIsADuplicateOnlyWhileAnotherFetchOfTheSameKeyIsInFlight() {
    let ledger = FetchLedger()
    ledger.begin(1)
    ledger.begin(2)
    ledger.begin(1)
    ledger.end(1, nanoseconds: 10)
    ledger.begin(1)
    ledger.end(1, nanoseconds: 10)
    ledger.end(1, nanoseconds: 10)
    ledger.begin(1)
    let totals = ledger.totals
    #expect(totals.fetches == 5)
    #expect(totals.duplicateFetches == 2)
    #expect(totals.inFlight == 2)
    #expect(totals.latency.totalCount == 3)
  }

  @Test func theConstantLatencyFetcherCountsEveryFetchAndReturnsTheConfiguredPayload() async throws
  {
    let ledger = FetchLedger()
    let fetcher = ConstantLatencyFetcher(
      latency: .zero, payloadBytes: 300, ledger: ledger)
    let first = try await fetcher.fetch(4)
    let second = try await fetcher.fetch(4)
    #expect(first.bytes.count == 300)
    #expect(first == second, "a key's payload is the same on every fetch")
    #expect(first != (try await fetcher.fetch(5)))
    #expect(ledger.totals.fetches == 3)
    #expect(ledger.totals.duplicateFetches == 0)
  }
}
