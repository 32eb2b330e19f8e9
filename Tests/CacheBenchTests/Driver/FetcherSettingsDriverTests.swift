import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Whole runs with the fetcher's fault and shape options: every request is still accounted for once.
@Suite(.timeLimit(.minutes(2)))
struct FetcherSettingsDriverTests {
  private func scenario(_ change: (inout FetcherSettings) -> Void) -> Scenario {
    var scenario = Scenario(
      variants: Variant.all(
        designs: CacheDesign.builtIn, placements: [.noDecode], shards: 2))
    scenario.keys = 40
    scenario.concurrency = 8
    scenario.stop = .requests(400)
    scenario.warmupRequests = 0
    scenario.fetchLatency = .zero
    change(&scenario.fetcher)
    return scenario
  }

  @Test func injectedFailuresAreCountedAsErrorsAndTheIdentityHolds() async throws {
    let results = try await BenchmarkDriver(scenario: scenario { $0.failRate = 0.5 }).run()
    for result in results {
      #expect(result.requests == 400)
      #expect(result.errors > 0, "\(result.variant)")
      #expect(result.errors <= result.requests)
      #expect(
        result.hits + result.joins + result.leaders + result.errors + result.cancellations == 400)
    }
  }

  @Test func everyFetchFailingLeavesNothingCachedAndEveryRequestAnError() async throws {
    let results = try await BenchmarkDriver(scenario: scenario { $0.failRate = 1 }).run()
    for result in results {
      #expect(result.errors == 400, "\(result.variant)")
      #expect(result.hits == 0)
      #expect(result.resources.cachedEntries == nil || result.resources.cachedEntries == 0)
    }
  }

  @Test func aFetchLimitRecordsTheQueueAtTheFetcher() async throws {
    let results = try await BenchmarkDriver(scenario: scenario { $0.fetchLimit = 1 }).run()
    for result in results {
      #expect(result.fetchQueue?.totalCount == result.fetches, "\(result.variant)")
    }
    let unlimited = try await BenchmarkDriver(scenario: scenario { _ in }).run()
    #expect(unlimited.allSatisfy { $0.fetchQueue == nil })
  }
}
