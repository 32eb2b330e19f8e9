import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The driver under random operation mixes on fixed seeds: every request accounted for exactly once,
/// exactly the drawn invalidations issued, and no fetch outliving its window (the driver's own check,
/// which throws `AccountingError`).
@Suite(.timeLimit(.minutes(2)))
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
      variants: Variant.all(
        designs: DesignRegistry.builtIn.defaultDesigns, placements: [.noDecode], shards: 3))
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

  /// Random fault mixes (failures, cancellations, invalidations and, for the repository designs,
  /// writes) on fixed seeds, plus the all-faults extreme: every run ends, every operation is accounted
  /// for once, and the repository never serves a revision older than a completed write.
  static let faultMixes: [FaultMix] = {
    var generator = SplitMix64(seed: 4_242)
    var mixes = [FaultMix(seed: 21, fail: 1, cancel: 1, invalidate: 0.3, write: 0.3)]
    for seed in UInt64(22)...27 {
      mixes.append(
        FaultMix(
          seed: seed, fail: generator.nextUnitDouble() * 0.5, cancel: generator.nextUnitDouble(),
          invalidate: generator.nextUnitDouble() * 0.3, write: generator.nextUnitDouble() * 0.5))
    }
    return mixes
  }()

  struct FaultMix: Sendable, CustomTestStringConvertible {
    var seed: UInt64
    var fail: Double
    var cancel: Double
    var invalidate: Double
    var write: Double

    var testDescription: String {
      "seed \(seed): fail \(fail), cancel \(cancel), invalidate \(invalidate), write \(write)"
    }
  }

  @Test(arguments: faultMixes)
  func everyFaultMixIsAccountedForInEveryDesign(mix: FaultMix) async throws {
    for designs in [DesignRegistry.builtIn.defaultDesigns, DesignRegistry.builtIn.writingDesigns] {
      var scenario = scenario(
        seed: mix.seed, invalidateRate: mix.invalidate, cancelRate: mix.cancel)
      scenario.variants = Variant.all(designs: designs, placements: [.noDecode], shards: 3)
      scenario.fetcher.failRate = mix.fail
      if designs == DesignRegistry.builtIn.writingDesigns { scenario.writeRate = mix.write }
      let drawn = (0..<Self.requests).map { scenario.operations.operation(at: $0) }
      let writes = drawn.filter { $0 == .write }.count
      let invalidations = drawn.filter { $0 == .invalidate }.count
      for result in try await BenchmarkDriver(scenario: scenario).run() {
        let name = "\(result.variant) \(mix.testDescription)"
        #expect(result.invalidations == invalidations, "\(name)")
        #expect(result.requests == Self.requests - invalidations - writes, "\(name)")
        #expect(
          result.hits + result.joins + result.leaders + result.errors + result.cancellations
            == result.requests, "\(name)")
        #expect(result.fetchesInFlightAfterWindow == 0, "\(name)")
        if mix.fail == 1 { #expect(result.leaders == 0 && result.joins == 0, "\(name)") }
        guard result.variant.design.takesWrites else {
          #expect(result.repository == nil, "\(name)")
          continue
        }
        let figures = try #require(result.repository, "\(name)")
        #expect(figures.writes == writes, "\(name)")
        #expect(figures.conflicts <= figures.writes, "\(name)")
        if result.variant.design == .repository {
          #expect(figures.staleServedAfterWrite == 0, "\(name)")
        }
      }
    }
  }
}
