import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The median and its order-statistic interval, against cases computed by hand.
struct MedianIntervalTests {
  /// Values, then the median, the interval and its coverage, 1 − 2·P(B ≤ k − 1) for B binomial(n, ½).
  static let handComputed:
    [(
      values: [Double], median: Double, bounds: ClosedRange<Double>?,
      confidence: Double
    )] = [
      ([7], 7, nil, 0),
      ([4, 2], 3, 2...4, 0.5),  // k = 1: 1 − 2·(1/4)
      ([5, 1, 3], 3, 1...5, 0.75),  // 1 − 2·(1/8)
      ([4, 1, 3, 2], 2.5, 1...4, 0.875),  // 1 − 2·(1/16)
      ([3, 5, 1, 4, 2], 3, 1...5, 0.9375),  // 1 − 2·(1/32): the range, still under 95%
      ([6, 1, 5, 2, 4, 3], 3.5, 1...6, 0.96875),  // 1 − 2·(1/64)
      // n = 8: k = 2 would cover 1 − 2·(1 + 8)/256 = 0.9297 < 0.95, so k = 1: 1 − 2/256.
      ([8, 7, 6, 5, 4, 3, 2, 1], 4.5, 1...8, 0.9921875),
      // n = 9: k = 2 covers 1 − 2·(1 + 9)/512 = 0.9609; k = 3 only 0.8203.
      ([1, 2, 3, 4, 5, 6, 7, 8, 9], 5, 2...8, 0.9609375),
      // n = 10: k = 2 covers 1 − 2·(1 + 10)/1024 = 0.9785; k = 3 only 0.8906.
      ([10, 9, 8, 7, 6, 5, 4, 3, 2, 1], 5.5, 2...9, 0.978515625),
    ]

  @Test(arguments: handComputed)
  func theMedianAndIntervalOfAFewValuesAreTheHandComputedOnes(
    values: [Double], median: Double, bounds: ClosedRange<Double>?, confidence: Double
  ) throws {
    let interval = try #require(MedianInterval(values))
    #expect(interval.median == median)
    #expect(interval.bounds == bounds)
    #expect(interval.confidence == confidence)
    #expect(interval.count == values.count)
    #expect(MedianInterval.confidence(count: values.count) == confidence)
  }

  @Test func noValuesHaveNoMedian() {
    #expect(MedianInterval([]) == nil)
  }

  @Test func oneOutlierMovesTheMedianNotAtAllAndTheIntervalOnlyToItsNeighbour() throws {
    let steady = try #require(MedianInterval([100, 101, 102, 103, 104, 105, 106, 107, 108]))
    let burst = try #require(MedianInterval([100, 101, 102, 103, 104, 105, 106, 107, 900]))
    #expect(steady.median == burst.median)
    #expect(steady.bounds == 101...107)
    #expect(burst.bounds == 101...107)
  }

  @Test(arguments: 6...100)
  func fromSixValuesTheCoverageReachesNinetyFivePercent(count: Int) {
    #expect(MedianInterval.confidence(count: count) >= 0.95)
    let rank = MedianInterval.rank(count: count)
    // The next order statistic in would fall short: the interval is the narrowest that reaches 95%.
    if 2 * (rank + 1) <= count {
      #expect(MedianInterval.coverage(n: count, k: rank + 1) < 0.95)
    }
  }
}
