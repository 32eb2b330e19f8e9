import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct PeakRSSTrackerTests {
  /// Readings handed out in order, then the last one again.
  private final class Readings: Sendable {
    private let values: SanitizerVisibleMutex<[Int?]>

    init(_ values: [Int?]) {
      self.values = SanitizerVisibleMutex(values)
    }

    func next() -> Int? {
      values.withLock { $0.count > 1 ? $0.removeFirst() : $0.first ?? nil }
    }
  }

  @Test func samplingKeepsTheHighestReading() {
    let readings = Readings([10, 30, 20])
    let sampling = SampledPeakTracker.Sampling { readings.next() }
    for _ in 0..<3 { sampling.sample() }
    #expect(sampling.peak == 30)
  }

  @Test func samplingWhoseReadsAllFailHasNoPeak() {
    let sampling = SampledPeakTracker.Sampling { nil }
    sampling.sample()
    #expect(sampling.peak == nil)
  }

  @Test func theSampledPeakIsNeverBelowTheReadingsAtStartAndStop() {
    let readings = Readings([5_000, 7_000])
    let tracker = SampledPeakTracker(interval: .seconds(60)) { readings.next() }
    tracker.start()
    #expect(tracker.stop() == 7_000)
  }

  @Test func stoppingATrackerThatWasNotStartedGivesNoPeak() {
    let tracker = SampledPeakTracker(interval: .milliseconds(1)) { 1 }
    #expect(tracker.stop() == nil)
  }

  @Test(arguments: [
    (PeakRSSSource.highWaterMark, "vmhwm"),
    (PeakRSSSource.sampled(interval: .milliseconds(1)), "sampled_1ms"),
    (PeakRSSSource.sampled(interval: .milliseconds(10)), "sampled_10ms"),
  ])
  func sourcesHaveTheirCSVNames(source: PeakRSSSource, name: String) {
    #expect(source.name == name)
  }
}
