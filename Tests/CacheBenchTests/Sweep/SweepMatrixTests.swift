import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Ratios of a sweep, computed from its own rows.
struct SweepMatrixTests {
  static let plan = SweepPlan(
    designs: [.coalescing, .sharded], placements: [.inside], shardCounts: [2],
    concurrencies: [8])
  static let reference = plan.cells[0]
  static let sharded = plan.cells[1]

  /// A result of `requests` requests in one second, every latency `p99` nanoseconds.
  static func result(_ cell: SweepCell, requests: Int, p99: UInt64) -> VariantResult {
    VariantResult(
      variant: cell.variant, requests: requests, hits: requests, joins: 0, leaders: 0, errors: 0,
      cancellations: 0, fetches: 0, duplicateFetches: 0, windowNanoseconds: 1_000_000_000,
      latency: OutputFixtures.histogram(p99), fetchLatency: LatencyHistogram(),
      configuredFetchLatency: .zero)
  }

  @Test func ratiosDivideEachCellByItsReferenceRow() throws {
    let matrix = SweepMatrix(
      plan: Self.plan,
      results: [
        (Self.reference, Self.result(Self.reference, requests: 1_000, p99: 2_000)),
        (Self.sharded, Self.result(Self.sharded, requests: 2_500, p99: 500)),
      ])
    let reference = try #require(matrix.row(for: Self.reference))
    #expect(reference.throughputRatio == 1)
    #expect(reference.latencyP99Ratio == 1)
    let sharded = try #require(matrix.row(for: Self.sharded))
    #expect(sharded.throughputRatio == 2.5)
    #expect(sharded.latencyP99Ratio == 0.25)
    #expect(matrix.unmeasured.isEmpty)
  }

  @Test func aCellWhoseReferenceWasNotMeasuredHasNoRatios() throws {
    let matrix = SweepMatrix(
      plan: Self.plan,
      results: [(Self.sharded, Self.result(Self.sharded, requests: 2_500, p99: 500))])
    let sharded = try #require(matrix.row(for: Self.sharded))
    #expect(sharded.throughputRatio == nil)
    #expect(sharded.latencyP99Ratio == nil)
    #expect(matrix.unmeasured == [Self.reference])
    #expect(matrix.rows.map(\.cell) == [Self.sharded])
  }

  @Test func anEmptyReferenceHistogramGivesNoLatencyRatio() throws {
    var reference = Self.result(Self.reference, requests: 1_000, p99: 2_000)
    reference.latency = LatencyHistogram()
    let matrix = SweepMatrix(
      plan: Self.plan,
      results: [
        (Self.reference, reference),
        (Self.sharded, Self.result(Self.sharded, requests: 500, p99: 500)),
      ])
    let sharded = try #require(matrix.row(for: Self.sharded))
    #expect(sharded.throughputRatio == 0.5)
    #expect(sharded.latencyP99Ratio == nil)
  }

  @Test func aRepeatedCellIsComparedByItsMedians() throws {
    let matrix = SweepMatrix(
      plan: Self.plan,
      results: [
        (Self.reference, Self.result(Self.reference, requests: 1_000, p99: 2_000)),
        (Self.sharded, Self.result(Self.sharded, requests: 9_000, p99: 100)),
        (Self.sharded, Self.result(Self.sharded, requests: 2_000, p99: 500)),
        (Self.reference, Self.result(Self.reference, requests: 3_000, p99: 1_000)),
        (Self.reference, Self.result(Self.reference, requests: 2_000, p99: 4_000)),
        (Self.sharded, Self.result(Self.sharded, requests: 3_000, p99: 600)),
      ])
    let sharded = try #require(matrix.row(for: Self.sharded))
    #expect(sharded.repetitions.count == 3)
    #expect(sharded.throughput == 3_000)
    #expect(sharded.throughputRatio == 1.5)
    #expect(sharded.latencyP99Ratio == 0.25)
    // The matrices say their cells are medians.
    #expect(
      SweepMatrixWriter.render(matrix).contains(
        "and concurrency (medians of 3 repetitions); higher"))
  }

  @Test func aStarvedCellOrReferenceHasNoP99RatioButKeepsItsThroughputRatio() throws {
    var starved = Self.result(Self.reference, requests: 1_000, p99: 2_000)
    starved.clientSpread = ClientSpread(requestsPerClient: [1_000, 1, 1, 1])
    let matrix = SweepMatrix(
      plan: Self.plan,
      results: [
        (Self.reference, starved),
        (Self.sharded, Self.result(Self.sharded, requests: 2_500, p99: 500)),
      ])
    let sharded = try #require(matrix.row(for: Self.sharded))
    #expect(sharded.throughputRatio == 2.5)
    #expect(sharded.latencyP99Ratio == nil)
    #expect(sharded.latencyP99Starved)
  }
}
