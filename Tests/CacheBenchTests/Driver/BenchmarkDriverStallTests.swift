import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// A design whose lookup never returns costs its own variant, not the run: the window that stops
/// making progress is stopped after the stall timeout, reported stalled, and the next variant is
/// measured as usual.
///
/// The hung lookups wait on a `LookupHang` the test releases once the run is over, so no task of the
/// test outlives it. The stall timeout is far above how long a healthy window of this size goes
/// without claiming a request or starting a fetch, even on a loaded machine, so only the hanging
/// window can stall; the hanging one stalls whatever the timing. At 1 s, the healthy window stalled
/// too (in 2 full runs at load 6, with a CPU burner beside the suite: its one client waited over a
/// second for a thread of the pool the other tests kept busy), so it is 5 s.
@Suite(.timeLimit(.minutes(2)))
struct BenchmarkDriverStallTests {
  static let stallTimeout = Duration.seconds(5)

  /// A driver over a hanging design, then one that answers, with short drain steps.
  private func driver(
    hang: LookupHang, warmup: Int, log: DriverEventLog
  ) -> BenchmarkDriver {
    var driver = BenchmarkDriver(
      scenario: BenchmarkDriverUserDesignTests.scenario(
        [.hanging(hang), .hookless()], warmup: warmup),
      onEvent: log.record)
    driver.drain = DrainPolicy(
      grace: .milliseconds(50), abandonAfter: .milliseconds(50), stallTimeout: Self.stallTimeout)
    return driver
  }

  /// Runs `driver`, then releases the hung lookups and waits until every one has returned, whether
  /// or not the run threw.
  private func run(_ driver: BenchmarkDriver, releasing hang: LookupHang) async throws
    -> [VariantResult]
  {
    let outcome: Result<[VariantResult], AccountingError>
    do {
      outcome = .success(try await driver.run())
    } catch {
      outcome = .failure(error)
    }
    hang.release()
    await eventually("every hung lookup went on") { hang.allLeft }
    return try outcome.get()
  }

  @Test func theStallTimeoutIsTheDrainPolicysWhenFetchesAreFast() {
    let driver = driver(hang: LookupHang(), warmup: 0, log: DriverEventLog())
    #expect(driver.stallTimeout == Self.stallTimeout)
  }

  @Test func aMeasuredWindowThatStallsStopsItsVariantAloneAndTheNextIsMeasured() async throws {
    let hang = LookupHang()
    let log = DriverEventLog()
    let driver = driver(hang: hang, warmup: 0, log: log)
    let results = try await run(driver, releasing: hang)
    #expect(results.map(\.variant.description) == ["hanging/none", "hookless/none"])
    let stalled = try #require(results.first)
    #expect(stalled.stalled)
    #expect(stalled.interrupted)
    // Both clients claimed a request at once and neither came back.
    #expect(hang.entered == 2)
    #expect(stalled.undrainedClients == 2)
    #expect(stalled.requests == 0)
    #expect(stalled.stallTimeout == Self.stallTimeout)
    #expect(
      stalled.designNotes(failRate: 0) == [
        "stalled: no request was claimed for 5.00s; the window was stopped and 2 clients never"
          + " returned (a request hung in the cache); its figures are marked interrupted"
      ])
    let measured = try #require(results.last)
    #expect(!measured.stalled)
    #expect(!measured.interrupted)
    #expect(measured.undrainedClients == 0)
    #expect(measured.requests == BenchmarkDriverUserDesignTests.requests)
    #expect(measured.designNotes(failRate: 0) == [])
    // The stall stopped its window, not the run.
    #expect(!driver.runStop.isRequested)
    #expect(
      log.all == [
        .started("hanging/none"), .window("hanging/none", .measurement), .finished("hanging/none"),
        .started("hookless/none"), .window("hookless/none", .measurement),
        .finished("hookless/none"),
      ])
  }

  @Test func aWarmUpThatStallsFailsItsVariantAndTheNextIsMeasured() async throws {
    let hang = LookupHang()
    let log = DriverEventLog()
    let driver = driver(hang: hang, warmup: 6, log: log)
    let results = try await run(driver, releasing: hang)
    #expect(results.map(\.variant.description) == ["hookless/none"])
    #expect(results.first?.requests == BenchmarkDriverUserDesignTests.requests)
    #expect(results.first?.stalled == false)
    #expect(hang.entered == 2)
    #expect(!driver.runStop.isRequested)
    #expect(
      log.all == [
        .started("hanging/none"), .window("hanging/none", .warmup),
        .failed(
          "hanging/none",
          reason: "its warm-up made no progress for 5.00s (a request hung in the cache)"),
        .started("hookless/none"), .window("hookless/none", .warmup),
        .window("hookless/none", .measurement), .finished("hookless/none"),
      ])
  }
}

/// How long a window may go without progress, with and without a run deadline.
struct StallTimeoutTests {
  private func driver(variants: Int, latency: Duration, deadline: Duration?) -> BenchmarkDriver {
    var scenario = Scenario(
      variants: Array(
        repeating: Variant(design: .coalescing, decode: .noDecode, shards: 1), count: variants))
    scenario.fetchLatency = latency
    var driver = BenchmarkDriver(scenario: scenario)
    driver.runDeadline = deadline
    return driver
  }

  @Test(arguments: [
    (1, Duration.milliseconds(1), Duration?.none, Duration.seconds(60)),
    (1, .seconds(1), nil, .seconds(100)),
    (3, .milliseconds(1), .seconds(20), .seconds(5)),
    (3, .milliseconds(1), .seconds(1000), .seconds(60)),
    (3, .seconds(1), .seconds(20), .seconds(10)),
    (9, .zero, .milliseconds(500), .milliseconds(100)),
  ])
  func aDeadlineSharesItselfOutButNeverBelowTenFetchLatencies(
    variants: Int, latency: Duration, deadline: Duration?, expected: Duration
  ) {
    #expect(
      driver(variants: variants, latency: latency, deadline: deadline).stallTimeout == expected)
  }
}
