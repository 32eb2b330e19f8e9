import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Above `flatClientLimit` clients a window runs them in task groups of about the square root of their
/// number, because the runtime walks a group's list of children to remove each one.
@Suite(.timeLimit(.minutes(2)))
struct ClientBatchTests {
  @Test(arguments: [
    (1, 1), (64, 1), (1_024, 1), (1_025, 33), (4_096, 64), (100_000, 317),
  ])
  func batchesAreSingleClientsUpToTheLimitThenAboutTheSquareRoot(concurrency: Int, batch: Int) {
    #expect(BenchmarkDriver.clientBatchSize(concurrency: concurrency) == batch)
  }

  /// 1,100 clients (batches of 34, the last of 12) each return and hand in their recorder, and the
  /// requests add up: no client is lost between the batches.
  @Test func everyClientOfABatchedWindowReturnsAndIsCounted() async throws {
    let clients = 1_100
    var scenario = BenchmarkDriverUserDesignTests.scenario([.coalescing], concurrency: clients)
    scenario.stop = .requests(2 * clients)
    let log = DriverEventLog()
    let results = try await BenchmarkDriver(scenario: scenario, onEvent: log.record).run()
    let result = try #require(results.first)
    #expect(!log.all.contains { if case .failed = $0 { true } else { false } }, "\(log.all)")
    #expect(result.requests == 2 * clients)
    #expect(result.undrainedClients == 0)
    #expect(!result.interrupted)
    let spread = try #require(result.clientSpread)
    #expect(spread.clients == clients)
  }
}
