import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// `LatencyHistogram.nonEmptyBuckets`, which the JSON export writes to let readers rebuild histograms.
struct LatencyHistogramBucketsTests {
  @Test func bucketsListEachCounterThatRecordedSomethingByItsHighestEquivalentValue() {
    var histogram = LatencyHistogram()
    for value: UInt64 in [5, 5, 2_047, 2_048, 2_049, 1_000_000] {
      histogram.record(value)
    }
    #expect(
      histogram.nonEmptyBuckets == [
        LatencyHistogram.Bucket(value: 5, count: 2),
        LatencyHistogram.Bucket(value: 2_047, count: 1),
        LatencyHistogram.Bucket(value: 2_049, count: 2),
        LatencyHistogram.Bucket(value: 1_000_447, count: 1),
      ])
  }

  @Test func anEmptyHistogramHasNoBuckets() {
    #expect(LatencyHistogram().nonEmptyBuckets.isEmpty)
  }

  @Test func aSaturatedValueIsCountedInTheTopBucket() {
    var histogram = LatencyHistogram(highestTrackableValue: 10_000, significantDigits: 3)
    histogram.record(1 << 30)
    let buckets = histogram.nonEmptyBuckets
    #expect(buckets.count == 1)
    #expect(buckets.first?.count == 1)
    #expect((10_000...10_007).contains(buckets.first?.value ?? 0))
  }
}
