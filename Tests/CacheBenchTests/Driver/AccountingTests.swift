import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct AccountingTests {
  private func result(requests: Int, hits: Int, leaders: Int, fetches: Int) -> VariantResult {
    var latency = LatencyHistogram()
    for _ in 0..<requests { latency.record(1_000) }
    return VariantResult(
      variant: Variant(design: .coalescing, decode: .noDecode, shards: 1), requests: requests,
      hits: hits,
      joins: 0, leaders: leaders, errors: 0, cancellations: 0, fetches: fetches,
      duplicateFetches: 0,
      windowNanoseconds: 1_000_000, latency: latency, fetchLatency: LatencyHistogram(),
      configuredFetchLatency: .milliseconds(1))
  }

  @Test func aConsistentResultPasses() throws {
    try result(requests: 10, hits: 6, leaders: 4, fetches: 4)
      .checkAccounting(recorded: 10, expectedRequests: 10)
  }

  @Test func aLostRequestFailsTheCheck() {
    #expect(throws: AccountingError.self) {
      try result(requests: 10, hits: 5, leaders: 4, fetches: 4)
        .checkAccounting(recorded: 10, expectedRequests: 10)
    }
  }

  @Test func fewerRequestsThanAskedForFailTheCheck() {
    #expect(throws: AccountingError.self) {
      try result(requests: 10, hits: 6, leaders: 4, fetches: 4)
        .checkAccounting(recorded: 10, expectedRequests: 11)
    }
  }

  @Test func aLeaderWithoutAFetchFailsTheCheck() {
    #expect(throws: AccountingError.self) {
      try result(requests: 10, hits: 6, leaders: 4, fetches: 3)
        .checkAccounting(recorded: 10, expectedRequests: 10)
    }
  }

  @Test func aMissingLatencySampleFailsTheCheck() {
    #expect(throws: AccountingError.self) {
      try result(requests: 10, hits: 6, leaders: 4, fetches: 4)
        .checkAccounting(recorded: 9, expectedRequests: 10)
    }
  }

  @Test func invalidationsCountAmongTheRequestedOperations() throws {
    var mixed = result(requests: 10, hits: 6, leaders: 4, fetches: 4)
    mixed.invalidations = 3
    try mixed.checkAccounting(recorded: 10, expectedRequests: 13)
    #expect(throws: AccountingError.self) {
      try mixed.checkAccounting(recorded: 10, expectedRequests: 10)
    }
  }

  @Test func aFetchStillInFlightAfterTheWindowFailsTheCheck() {
    var leftover = result(requests: 10, hits: 6, leaders: 4, fetches: 4)
    leftover.fetchesInFlightAfterWindow = 1
    #expect(throws: AccountingError.self) {
      try leftover.checkAccounting(recorded: 10, expectedRequests: 10)
    }
  }
}
