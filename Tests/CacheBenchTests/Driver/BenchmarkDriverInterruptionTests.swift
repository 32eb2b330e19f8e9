import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// A window told to stop: it issues nothing more, drains what is in flight within `DrainPolicy`'s
/// bounds, and reports what it measured. Fetches are held by the controllable fetcher, so which
/// requests are in flight when the stop arrives is exact.
@Suite(.timeLimit(.minutes(2)))
struct BenchmarkDriverInterruptionTests {
  private static let clients = 4

  /// A driver of `clients` clients over 1,000 uniform keys, a window that would otherwise run an hour.
  private func driver(drain: DrainPolicy) -> BenchmarkDriver {
    var scenario = Scenario(variants: [Variant(design: .naive, decode: .noDecode, shards: 1)])
    scenario.keys = 1_000
    scenario.distribution = .uniform
    scenario.concurrency = Self.clients
    var driver = BenchmarkDriver(scenario: scenario)
    driver.drain = drain
    return driver
  }

  /// Runs a window of `driver` over a naive cache of `fetcher`, requests a stop once every client is
  /// inside its first fetch (the naive cache fetches on every miss), calls `afterStop`, and returns
  /// what the window reported.
  private func stoppedWindow(
    _ driver: BenchmarkDriver, fetcher: ControllableFetcher, afterStop: () -> Void = {}
  ) async -> WindowOutcome {
    let cache = NaiveActorCache(fetcher: fetcher, decoder: nil)
    let keys = KeySequence(distribution: .uniform, keys: 1_000, seed: 1)
    async let outcome = driver.window(
      cache: cache, keys: keys, stop: .duration(.seconds(3_600)), decoder: nil)
    await fetcher.waitForStarts(Self.clients)
    #expect(driver.runStop.request(.signal(2)))
    afterStop()
    return await outcome
  }

  @Test func inFlightRequestsThatFinishWithinTheGraceAreCountedAndNothingMoreIsIssued() async {
    let driver = driver(drain: DrainPolicy(grace: .seconds(3_600), abandonAfter: .seconds(3_600)))
    let fetcher = ControllableFetcher()
    let outcome = await stoppedWindow(driver, fetcher: fetcher) {
      #expect(fetcher.release() == Self.clients)
    }
    #expect(outcome.wasStopped)
    #expect(outcome.undrainedClients == 0)
    #expect(outcome.recorder.requests == Self.clients)
    #expect(outcome.recorder.leaders == Self.clients)
    #expect(outcome.recorder.cancellations == 0)
    #expect(fetcher.startedCount == Self.clients)
  }

  @Test func inFlightRequestsPastTheGraceAreCancelledAndCountedAsCancellations() async {
    let driver = driver(drain: DrainPolicy(grace: .zero, abandonAfter: .seconds(3_600)))
    let fetcher = ControllableFetcher()
    let outcome = await stoppedWindow(driver, fetcher: fetcher)
    #expect(outcome.undrainedClients == 0)
    #expect(outcome.recorder.requests == Self.clients)
    #expect(outcome.recorder.cancellations == Self.clients)
    #expect(outcome.recorder.latency.totalCount == Self.clients)
  }

  @Test func clientsStuckInAFetchThatIgnoresCancellationAreAbandonedAndReported() async {
    let driver = driver(drain: DrainPolicy(grace: .zero, abandonAfter: .zero))
    let fetcher = ControllableFetcher(ignoresCancellation: true)
    let outcome = await stoppedWindow(driver, fetcher: fetcher)
    #expect(outcome.wasStopped)
    #expect(outcome.undrainedClients == Self.clients)
    #expect(outcome.recorder.requests == 0)
    // Let the abandoned clients end so the test leaves no task behind.
    fetcher.release()
  }

  @Test func aStopBeforeTheFirstVariantMeasuresNothing() async throws {
    let driver = driver(drain: DrainPolicy())
    driver.runStop.request(.deadline)
    #expect(try await driver.run().isEmpty)
  }

  @Test func aStopWhenTheFirstWindowOpensReportsThatVariantInterruptedAndNoLaterOne() async throws {
    var scenario = Scenario(variants: [
      Variant(design: .mutex, decode: .noDecode, shards: 1),
      Variant(design: .coalescing, decode: .noDecode, shards: 1),
    ])
    scenario.warmupRequests = 0
    scenario.fetchLatency = .zero
    scenario.concurrency = 2
    let runStop = RunStop()
    var driver = BenchmarkDriver(scenario: scenario) { event in
      if case .windowStarted(let window) = event, window.phase == .measurement {
        runStop.request(.signal(15))
      }
    }
    driver.runStop = runStop
    let results = try await driver.run()
    #expect(results.map(\.variant.design) == [.mutex])
    #expect(results.first?.interrupted == true)
    #expect(results.first?.requests == 0)
    #expect(runStop.reason == .signal(15))
  }
}
