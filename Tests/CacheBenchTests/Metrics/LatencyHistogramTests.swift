import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct LatencyHistogramTests {
  @Test(arguments: [
    (0.0, 1 as UInt64), (0.5, 1), (1.0, 1), (10.0, 10), (25.0, 25), (50.0, 50), (50.5, 51),
    (90.0, 90), (99.0, 99), (99.5, 100), (100.0, 100),
  ])
  func percentilesOfOneToOneHundredAreExact(percentile: Double, expected: UInt64) {
    let histogram = recording(Array(1...100))
    #expect(histogram.value(atPercentile: percentile) == expected)
  }

  @Test func summaryOfOneToOneHundredIsExact() {
    let histogram = recording(Array(1...100))
    #expect(histogram.totalCount == 100)
    #expect(histogram.min == 1)
    #expect(histogram.max == 100)
    #expect(histogram.mean == 50.5)
    #expect(histogram.saturatedCount == 0)
    #expect(!histogram.isEmpty)
  }

  /// Pairs each value with a larger one so the clamp to `max` cannot hide the bucket's upper edge.
  @Test(arguments: [
    (0 as UInt64, 0 as UInt64), (1, 1), (2047, 2047), (2048, 2049), (2049, 2049), (4095, 4095),
    (4096, 4099), (1_000_000, 1_000_447),
  ])
  func aValueIsReportedAsTheHighestValueOfItsBucket(value: UInt64, expected: UInt64) {
    let histogram = recording([value, 1 << 39])
    #expect(histogram.value(atPercentile: 50) == expected)
    #expect(histogram.min == value)
  }

  @Test func percentilesOfOneToAMillionMicrosecondsAreWithinOneThousandth() {
    let sorted = (1...1_000_000).map { UInt64($0) * 1000 }
    let histogram = recording(sorted)
    #expect(histogram.mean == 500_000_500)
    expectPercentiles(of: histogram, within: 0.001, of: sorted)
  }

  @Test(arguments: 1...5)
  func percentilesOfSpreadValuesAreWithinTheSignificantDigits(significantDigits: Int) {
    let sorted = spreadValues(count: 50_000).sorted()
    let histogram = recording(
      sorted, highestTrackableValue: 10_000_000_000, significantDigits: significantDigits)
    var tolerance = 1.0
    for _ in 0..<significantDigits { tolerance /= 10 }
    expectPercentiles(of: histogram, within: tolerance, of: sorted)
    #expect(histogram.min == sorted.first)
    #expect(histogram.max == sorted.last)
  }

  @Test func mergingEqualsRecordingTheUnion() {
    let first: [UInt64] = [0, 5, 2047, 2048, 1_000_000, 3_000_000_000, 5]
    let second: [UInt64] = [7, 7, 123_456_789, .max, 1, 1 << 41]
    var merged = recording(first)
    merged.merge(recording(second))
    let union = recording(first + second)
    #expect(merged == union)
    #expect(merged.saturatedCount == 2)
    #expect(merged.value(atPercentile: 50) == union.value(atPercentile: 50))
  }

  @Test func mergingWithAnEmptyHistogramChangesNothing() {
    let values: [UInt64] = [3, 1_500, 70_000]
    var intoEmpty = LatencyHistogram()
    intoEmpty.merge(recording(values))
    var fromEmpty = recording(values)
    fromEmpty.merge(LatencyHistogram())
    #expect(intoEmpty == recording(values))
    #expect(fromEmpty == recording(values))
    #expect(intoEmpty.min == 3)
  }

  @Test func aValueAboveTheTrackableRangeIsCountedAndKeepsAnExactMax() {
    let histogram = recording(
      [10, 1_000_000, 2_000_000, 5_000_000], highestTrackableValue: 1_000_000)
    #expect(histogram.totalCount == 4)
    #expect(histogram.saturatedCount == 2)
    #expect(histogram.min == 10)
    #expect(histogram.max == 5_000_000)
    #expect(histogram.mean == 2_000_002.5)
    #expect(histogram.value(atPercentile: 25) == 10)
    #expect(histogram.value(atPercentile: 75) == 5_000_000)
    #expect(histogram.value(atPercentile: 100) == 5_000_000)
    #expect(histogram.percentileDistribution().last?.value == 5_000_000)
  }

  @Test func theMeanOfHugeValuesDoesNotOverflow() {
    let histogram = recording([.max, .max, .max])
    #expect(histogram.saturatedCount == 3)
    #expect(histogram.max == .max)
    #expect(histogram.mean == 0x1p64)
  }

  @Test(arguments: [0.0, 50, 99.9, 100])
  func anEmptyHistogramReportsZero(percentile: Double) {
    let histogram = LatencyHistogram()
    #expect(histogram.isEmpty)
    #expect(histogram.totalCount == 0)
    #expect(histogram.saturatedCount == 0)
    #expect(histogram.min == 0)
    #expect(histogram.max == 0)
    #expect(histogram.mean == 0)
    #expect(histogram.value(atPercentile: percentile) == 0)
    #expect(histogram.percentileDistribution().isEmpty)
    #expect(histogram == LatencyHistogram())
  }

  /// Levels step by 10 to 50%, by 5 to 75%, by 2.5 to 87.5%, then by 1.25; a bucket emits a row
  /// for every level it reaches, and the last bucket one more at 100%.
  @Test func percentileDistributionOfOneToTenMatchesHandComputedRows() {
    let rows = recording(Array(1...10)).percentileDistribution()
    let expected: [(value: UInt64, percentile: Double, totalCount: Int)] = [
      (1, 0, 1), (1, 0.1, 1), (2, 0.2, 2), (3, 0.3, 3), (4, 0.4, 4), (5, 0.5, 5),
      (6, 0.55, 6), (6, 0.6, 6), (7, 0.65, 7), (7, 0.7, 7),
      (8, 0.75, 8), (8, 0.775, 8), (8, 0.8, 8), (9, 0.825, 9), (9, 0.85, 9), (9, 0.875, 9),
      (9, 0.8875, 9), (9, 0.9, 9), (10, 0.9125, 10), (10, 1, 10),
    ]
    #expect(rows.map(\.value) == expected.map(\.value))
    #expect(rows.map(\.percentile) == expected.map(\.percentile))
    #expect(rows.map(\.totalCount) == expected.map(\.totalCount))
    let inverseComplements = [0: 1.0, 5: 2, 10: 4, 15: 8, 17: 10]
    for (index, inverseComplement) in inverseComplements {
      #expect(abs(rows[index].inverseComplement - inverseComplement) < 1e-12)
    }
    #expect(rows.last?.inverseComplement == .infinity)
  }

  @Test func percentileDistributionOfOneValueHasAFirstAndALastRow() {
    let rows = recording([42]).percentileDistribution(ticksPerHalfDistance: 1)
    #expect(
      rows == [
        .init(value: 42, percentile: 0, totalCount: 1, inverseComplement: 1),
        .init(value: 42, percentile: 1, totalCount: 1, inverseComplement: .infinity),
      ])
  }

  /// HdrHistogram would print 1,000,447 (the bucket's highest value) in the first row as well.
  @Test func percentileDistributionStartsAtTheExactMinAndEndsAtTheExactMax() {
    let rows = recording([1_000_000, 3_000_000, 7_654_321]).percentileDistribution()
    #expect(rows.first?.value == 1_000_000)
    #expect(rows.dropFirst().first?.value == 1_000_447)
    #expect(rows.last?.value == 7_654_321)
    #expect(rows.dropLast().last?.value == 7_654_321)
  }

  @Test func percentileDistributionIsMonotoneAndEndsAtTheMax() {
    let values = spreadValues(count: 20_000)
    let histogram = recording(values)
    let rows = histogram.percentileDistribution()
    #expect(rows.count > 50)
    #expect(rows.first?.percentile == 0)
    #expect(rows.first?.value == values.min())
    #expect(rows.last?.percentile == 1)
    #expect(rows.last?.value == values.max())
    #expect(rows.last?.totalCount == values.count)
    for (previous, next) in zip(rows, rows.dropFirst()) {
      #expect(previous.value <= next.value)
      #expect(previous.percentile < next.percentile)
      #expect(previous.totalCount <= next.totalCount)
    }
    #expect(rows.dropLast().allSatisfy { $0.inverseComplement.isFinite })
  }

  private func recording(
    _ values: [UInt64], highestTrackableValue: UInt64 = 1 << 40, significantDigits: Int = 3
  ) -> LatencyHistogram {
    var histogram = LatencyHistogram(
      highestTrackableValue: highestTrackableValue, significantDigits: significantDigits)
    for value in values { histogram.record(value) }
    return histogram
  }

  /// Checks percentiles given in thousandths of a percent against the order statistics of `sorted`,
  /// computing each rank with integer arithmetic so the check does not share the histogram's
  /// floating-point rounding.
  private func expectPercentiles(
    of histogram: LatencyHistogram, within tolerance: Double, of sorted: [UInt64]
  ) {
    let thousandthsOfAPercent = [
      1, 1_000, 10_000, 25_000, 50_000, 75_000, 90_000, 99_000, 99_900,
      99_990, 99_999, 100_000,
    ]
    #expect(histogram.value(atPercentile: 0) == sorted.first)
    for thousandths in thousandthsOfAPercent {
      let rank = Swift.max(1, (thousandths * sorted.count + 99_999) / 100_000)
      let truth = sorted[rank - 1]
      let reported = histogram.value(atPercentile: Double(thousandths) / 1000)
      #expect(reported >= truth, "p\(Double(thousandths) / 1000)")
      #expect(
        Double(reported - truth) <= Double(truth) * tolerance, "p\(Double(thousandths) / 1000)")
    }
  }

  /// Values spread evenly over each power of two from 1 µs to about 8.6 s, from a fixed seed.
  private func spreadValues(count: Int) -> [UInt64] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      // SplitMix64: a fixed, dependency-free sequence so failures reproduce.
      state &+= 0x9E37_79B9_7F4A_7C15
      var mixed = state
      mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
      mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
      return mixed ^ (mixed >> 31)
    }
    return (0..<count).map { _ in
      let magnitude = 10 + next() % 23
      return (1 << magnitude) | (next() & ((1 << magnitude) - 1))
    }
  }
}
