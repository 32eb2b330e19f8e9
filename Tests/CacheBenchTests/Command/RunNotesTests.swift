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

  @Test(arguments: [
    (
      StopReason.signal(2), 1, 2,
      "run interrupted by signal 2 (SIGINT): figures so far, marked interrupted; 1 of 2 variants"
        + " measured"
    ),
    (
      .signal(15), 0, 1,
      "run interrupted by signal 15 (SIGTERM): figures so far, marked interrupted; 0 of 1 variant"
        + " measured"
    ),
    (
      .deadline, 3, 8,
      "run stopped by its --deadline: figures so far, marked interrupted; 3 of 8 variants measured"
    ),
  ])
  func aStoppedRunSaysSoUnderItsTable(
    reason: StopReason, measured: Int, planned: Int, expected: String
  ) {
    #expect(RunNotes.interruption(reason, measured: measured, planned: planned) == expected)
  }

  @Test(arguments: [nil, StopReason.stalled])
  func aRunThatWasNotStoppedSaysNothing(reason: StopReason?) {
    #expect(RunNotes.interruption(reason, measured: 2, planned: 2) == nil)
  }

  @Test(arguments: [
    (Int32(2), "interrupted by signal 2 (SIGINT): draining; press Ctrl-C again to exit at once"),
    (
      Int32(15),
      "interrupted by signal 15 (SIGTERM): draining; send SIGTERM again (or press Ctrl-C) to exit"
        + " at once"
    ),
  ])
  func theDrainingLineNamesWhatEndsTheRunForItsSignal(signal: Int32, expected: String) {
    #expect(RunNotes.draining(signal: signal) == expected)
  }
}
