import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct RunNotesTests {
  private func result(_ variant: VariantResult, fetchLatency: UInt64?) -> VariantResult {
    var result = variant
    result.fetchLatency = fetchLatency.map { OutputFixtures.histogram($0) } ?? LatencyHistogram()
    return result
  }

  @Test func fetchLatenciesMoreThanOneAndAHalfTimesApartAreCalledUnfair() throws {
    let note = try #require(
      RunNotes.fetchLatencySpread([
        result(OutputFixtures.naiveInside, fetchLatency: 1_120_000),
        result(OutputFixtures.shardedOutside, fetchLatency: 9_450_000),
      ]))
    #expect(
      note
        == "fetch latency was not the same for every variant: realised p50 1.12ms for naive/inside,"
        + " 9.45ms for sharded(8)/outside (8.4× apart); comparing them is unfair")
  }

  @Test func fetchLatenciesWithinOneAndAHalfTimesSayNothing() {
    #expect(
      RunNotes.fetchLatencySpread([
        result(OutputFixtures.naiveInside, fetchLatency: 1_000_000),
        result(OutputFixtures.shardedOutside, fetchLatency: 1_400_000),
      ]) == nil)
  }

  @Test func aVariantThatFetchedNothingIsLeftOutOfTheComparison() {
    #expect(
      RunNotes.fetchLatencySpread([
        result(OutputFixtures.naiveInside, fetchLatency: 1_000_000),
        result(OutputFixtures.shardedOutside, fetchLatency: nil),
      ]) == nil)
  }
}
