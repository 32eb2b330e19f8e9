import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct ProgressLineTests {
  private static func state(
    phase: WindowProgress.Phase = .measurement, stop: StopCondition = .requests(50_000),
    issued: Int, elapsed: UInt64
  ) -> ProgressLine.State {
    ProgressLine.State(
      position: 2, count: 8, label: "coalescing/inside", phase: phase, stop: stop,
      requestsIssued: issued, elapsedNanoseconds: elapsed)
  }

  @Test(arguments: [
    (
      state(issued: 25_000, elapsed: 1_200_000_000),
      "[2/8] coalescing/inside [########--------]  50%  1.20s / ~2.40s  25000 requests"
    ),
    (
      state(issued: 0, elapsed: 3_000_000),
      "[2/8] coalescing/inside [----------------]   0%  3.00ms / ~?  0 requests"
    ),
    (
      state(issued: 50_000, elapsed: 2_000_000_000),
      "[2/8] coalescing/inside [################] 100%  2.00s / ~2.00s  50000 requests"
    ),
    (
      state(phase: .warmup, stop: .requests(2_000), issued: 500, elapsed: 40_000_000),
      "[2/8] coalescing/inside warm-up [####------------]  25%  40.0ms / ~160ms  500 requests"
    ),
    (
      state(stop: .duration(.seconds(10)), issued: 7_000, elapsed: 2_500_000_000),
      "[2/8] coalescing/inside [####------------]  25%  2.50s / 10.0s  7000 requests"
    ),
    (
      state(stop: .duration(.seconds(1)), issued: 9_000, elapsed: 1_020_000_000),
      "[2/8] coalescing/inside [################] 100%  1.02s / 1.00s  9000 requests"
    ),
  ])
  func theLineShowsPositionVariantBarTimesAndRequests(
    state: ProgressLine.State, expected: String
  ) {
    #expect(ProgressLine.render(state, width: 200) == expected)
  }

  /// At 80 columns a warm-up line of a long variant name used to end in `500 reque`.
  @Test(arguments: [
    (90, "[5/8] sharded(8)/outside warm-up [####------------]  25%  40.0ms / ~160ms  500 requests"),
    (84, "[5/8] sharded(8)/outside warm-up [####------------]  25%  40.0ms / ~160ms  500 req"),
    (80, "[5/8] sharded(8)/outside warm-up [##------]  25%  40.0ms / ~160ms  500 req"),
    (70, "[5/8] sharded(8)/outside warm-up [##------]  25%  40.0ms / ~160ms"),
    (60, "[5/8] sharded(8)/outside warm-up [##------]  25%"),
    (40, "[5/8] sharded(8)/outside warm-up"),
    (20, "[5/8] sharded(8)/ou"),
  ])
  func whatDoesNotFitInOneLessThanTheWidthGoesWholeWords(width: Int, expected: String) {
    var state = Self.state(phase: .warmup, stop: .requests(2_000), issued: 500, elapsed: 40_000_000)
    state.position = 5
    state.label = "sharded(8)/outside"
    let line = ProgressLine.render(state, width: width)
    #expect(line == expected)
    #expect(line.count <= width - 1)
  }
}
