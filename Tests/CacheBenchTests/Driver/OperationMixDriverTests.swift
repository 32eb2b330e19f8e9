import Testing

@testable import CacheBench

/// The driver under random operation mixes on fixed seeds: every request accounted for exactly once,
/// exactly the drawn invalidations issued, and no fetch outliving its window (the driver's own check,
/// which throws `AccountingError`).
@Suite(.timeLimit(.minutes(1)))
struct OperationMixDriverTests {
  static let requests = 400

  /// Rates drawn from a fixed generator, plus the extremes.
  static let mixes: [(seed: UInt64, invalidateRate: Double, cancelRate: Double)] = {
    var generator = SplitMix64(seed: 2026)
    var mixes: [(UInt64, Double, Double)] = [(1, 1, 0), (2, 0, 1), (3, 1, 1), (4, 0, 0)]
    for seed in UInt64(5)...10 {
      mixes.append((seed, generator.nextUnitDouble() * 0.5, generator.nextUnitDouble()))
    }
    return mixes
  }()

  private func scenario(seed: UInt64, invalidateRate: Double, cancelRate: Double) -> Scenario {
    var scenario = Scenario(
      variants: Variant.all(designs: CacheDesign.allCases, placements: [.noDecode], shards: 3))
    scenario.keys = 20
    scenario.distribution = .uniform
    scenario.seed = seed
    scenario.concurrency = 8
    scenario.stop = .requests(Self.requests)
    scenario.warmupRequests = 50
    scenario.fetchLatency = .microseconds(50)
    scenario.invalidateRate = invalidateRate
    scenario.cancelRate = cancelRate
    return scenario
  }

  @Test(arguments: mixes)
  func everyOperationIsAccountedForExactlyOnce(
    seed: UInt64, invalidateRate: Double, cancelRate: Double
  ) async throws {
    let scenario = scenario(seed: seed, invalidateRate: invalidateRate, cancelRate: cancelRate)
    let drawn = (0..<Self.requests).map { scenario.operations.operation(at: $0) }
    let invalidations = drawn.filter { $0 == .invalidate }.count
    let marked = drawn.filter { $0 == .cancelledRead }.count
    for result in try await BenchmarkDriver(scenario: scenario).run() {
      let name = result.variant.description
      #expect(result.invalidations == invalidations, "\(name)")
      #expect(result.requests == Self.requests - invalidations, "\(name)")
      #expect(
        result.hits + result.joins + result.leaders + result.cancellations == result.requests,
        "\(name)")
      #expect(result.errors == 0, "\(name)")
      #expect(result.cancellations <= marked, "\(name): only marked reads are cancelled")
      #expect(result.fetchesInFlightAfterWindow == 0, "\(name)")
      if cancelRate == 1 {
        // Every read that waits is cancelled, so none is served as a leader or a joiner.
        #expect(result.leaders == 0 && result.joins == 0, "\(name)")
        #expect(result.hits + result.cancellations == result.requests, "\(name)")
      }
    }
  }

  @Test func aSmallCapacityTurnsRepeatMissesIntoEvictionsInEveryDesign() async throws {
    var scenario = scenario(seed: 11, invalidateRate: 0.05, cancelRate: 0.1)
    scenario.capacity = 2
    for result in try await BenchmarkDriver(scenario: scenario).run() {
      let name = result.variant.description
      // 20 uniform keys and room for 2 of them (per shard): most of the 400 reads revisit an evicted key.
      #expect(result.evictions > 0, "\(name)")
      #expect(result.expirations == 0, "\(name)")
      #expect(result.evictions <= result.leaders, "\(name)")
      #expect(result.fetchesInFlightAfterWindow == 0, "\(name)")
    }
  }
}
