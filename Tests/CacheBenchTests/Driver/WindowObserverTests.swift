import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// When the driver tells a window observer about windows: once around each measured window, never around
/// warm-up.
@Suite(.timeLimit(.minutes(2)))
struct WindowObserverTests {
  static func tinyScenario(_ variants: [Variant], requests: Int = 120, warmup: Int = 37) -> Scenario
  {
    var scenario = Scenario(variants: variants)
    scenario.keys = 30
    scenario.concurrency = 4
    scenario.stop = .requests(requests)
    scenario.warmupRequests = warmup
    scenario.fetchLatency = .zero
    scenario.decodeCost = .microseconds(1)
    return scenario
  }

  static let twoVariants = [
    Variant(design: .naive, decode: .inside, shards: 1),
    Variant(design: .sharded, decode: .outside, shards: 3),
  ]

  @Test func theObserverHearsOneOpenAndOneCloseAroundEachMeasuredWindowOnly() async throws {
    let observer = RecordingWindowObserver()
    var driver = BenchmarkDriver(scenario: Self.tinyScenario(Self.twoVariants))
    driver.windowObserver = observer
    _ = try await driver.run()
    #expect(
      observer.calls == [
        .open("naive/inside"), .close("naive/inside", requests: 120),
        .open("sharded(3)/outside"), .close("sharded(3)/outside", requests: 120),
      ])
  }

  @Test func aRunWithoutWarmUpStillHearsEachWindowOnce() async throws {
    let observer = RecordingWindowObserver()
    var driver = BenchmarkDriver(scenario: Self.tinyScenario(Self.twoVariants, warmup: 0))
    driver.windowObserver = observer
    _ = try await driver.run()
    #expect(observer.calls.count == 4)
  }
}
