import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The cells a sweep runs, their order, and their references.
struct SweepPlanTests {
  private static func cell(
    _ design: CacheDesign, _ decode: DecodePlacement, shards: Int = 1, _ concurrency: Int,
    threads: Int? = nil
  ) -> SweepCell {
    SweepCell(
      variant: Variant(design: design, decode: decode, shards: shards), concurrency: concurrency,
      threads: threads)
  }

  @Test func thePlanIsExactlyTheCrossProductInTheFixedOrder() {
    let plan = SweepPlan(
      designs: [.sharded, .coalescing], placements: [.outside, .inside], shardCounts: [4, 1],
      concurrencies: [64, 8])
    #expect(
      plan.cells == [
        Self.cell(.coalescing, .inside, 8),
        Self.cell(.sharded, .inside, shards: 1, 8),
        Self.cell(.sharded, .inside, shards: 4, 8),
        Self.cell(.coalescing, .inside, 64),
        Self.cell(.sharded, .inside, shards: 1, 64),
        Self.cell(.sharded, .inside, shards: 4, 64),
        Self.cell(.coalescing, .outside, 8),
        Self.cell(.sharded, .outside, shards: 1, 8),
        Self.cell(.sharded, .outside, shards: 4, 8),
        Self.cell(.coalescing, .outside, 64),
        Self.cell(.sharded, .outside, shards: 1, 64),
        Self.cell(.sharded, .outside, shards: 4, 64),
      ])
  }

  @Test func clientThreadsComeAfterThePlacementAndBeforeTheConcurrency() {
    let plan = SweepPlan(
      designs: [.coalescing, .mutex], placements: [.inside], shardCounts: [1],
      concurrencies: [64, 8], threadCounts: [2, 1])
    #expect(
      plan.cells == [
        Self.cell(.coalescing, .inside, 8, threads: 1),
        Self.cell(.mutex, .inside, 8, threads: 1),
        Self.cell(.coalescing, .inside, 64, threads: 1),
        Self.cell(.mutex, .inside, 64, threads: 1),
        Self.cell(.coalescing, .inside, 8, threads: 2),
        Self.cell(.mutex, .inside, 8, threads: 2),
        Self.cell(.coalescing, .inside, 64, threads: 2),
        Self.cell(.mutex, .inside, 64, threads: 2),
      ])
    #expect(plan.cells[5].description == "mutex/inside t=2 c=8")
  }

  @Test(arguments: [
    ([CacheDesign.naive, .coalescing, .mutex], [1, 2, 4, 8, 16], [1, 8, 64, 256], 2, 24),
    (
      [CacheDesign.naive, .coalescing, .sharded, .mutex], [1, 2, 4, 8, 16], [1, 8, 64, 256], 2, 64
    ),
    ([CacheDesign.coalescing, .sharded], [1, 2, 4, 8], [8, 64], 2, 20),
    ([CacheDesign.coalescing], [1, 2], [1], 3, 3),
  ])
  func onlyTheShardedDesignRunsOncePerShardCount(
    designs: [CacheDesign], shardCounts: [Int], concurrencies: [Int], placements: Int,
    expected: Int
  ) {
    let plan = SweepPlan(
      designs: designs, placements: Array(DecodePlacement.allCases.prefix(placements)),
      shardCounts: shardCounts, concurrencies: concurrencies)
    #expect(plan.cells.count == expected)
    #expect(
      plan.cells.filter { $0.variant.design != .sharded }.allSatisfy { $0.variant.shards == 1 })
  }

  @Test func theReferenceIsTheCoalescingCellAtTheSameDecodeAndConcurrency() {
    #expect(
      SweepPlan.reference(of: Self.cell(.sharded, .outside, shards: 16, 256))
        == Self.cell(.coalescing, .outside, 256))
    #expect(
      SweepPlan.reference(of: Self.cell(.coalescing, .inside, 8))
        == Self.cell(.coalescing, .inside, 8))
    #expect(
      SweepPlan.reference(of: Self.cell(.mutex, .inside, 64, threads: 2))
        == Self.cell(.coalescing, .inside, 64, threads: 2))
  }

  @Test func theConfigurationsVariantsGiveTheDesignsAndPlacements() throws {
    let command = try CommandLineParser.parse([
      "sweep", "--variants", "coalescing,mutex", "--decode", "none", "--shards", "2",
      "--concurrency", "1..4",
    ])
    guard case .sweep(let configuration) = command else {
      Issue.record("not a sweep: \(command)")
      return
    }
    #expect(
      SweepPlan(configuration).cells == [
        Self.cell(.coalescing, .noDecode, 1), Self.cell(.mutex, .noDecode, 1),
        Self.cell(.coalescing, .noDecode, 2), Self.cell(.mutex, .noDecode, 2),
        Self.cell(.coalescing, .noDecode, 4), Self.cell(.mutex, .noDecode, 4),
      ])
  }
}
