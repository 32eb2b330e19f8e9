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

  /// With `--latency 0ms` the realised p50s are the clock's cost, tens to hundreds of nanoseconds: a
  /// run measured 70 ns and 351 ns, "5.0× apart". Only a gap past the floor as well as the ratio warns.
  @Test(arguments: [
    (UInt64(70), UInt64(351), false),
    (1_000, 5_900, false),
    (2_860, 16_500, true),
    (16_100, 24_900, true),
  ])
  func fetchLatenciesAreCalledUnfairOnlyWhenMicrosecondsApartAsWellAsTimes(
    fastest: UInt64, slowest: UInt64, unfair: Bool
  ) {
    let note = RunNotes.fetchLatencySpread([
      result(OutputFixtures.naiveInside, fetchLatency: fastest),
      result(OutputFixtures.shardedOutside, fetchLatency: slowest),
    ])
    #expect((note != nil) == unfair, "\(note ?? "no note")")
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

  /// A run stopped in its last variant's window has figures for every variant, one of them partial:
  /// "2 of 2 variants measured" alone read as a complete run.
  @Test func aVariantStoppedPartWaySaysItWasMeasuredInPart() {
    #expect(
      RunNotes.interruption(.signal(15), measured: 2, partial: 1, planned: 2)
        == "run interrupted by signal 15 (SIGTERM): figures so far, marked interrupted; 2 of 2"
        + " variants measured, 1 of them in part")
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
