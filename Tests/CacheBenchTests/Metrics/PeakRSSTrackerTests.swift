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
    #expect(
      tracker.stop() == PeakRSSReading(bytes: 7_000, source: .sampled(interval: .seconds(60))))
  }

  @Test func stoppingATrackerThatWasNotStartedGivesNoPeak() {
    let tracker = SampledPeakTracker(interval: .milliseconds(1)) { 1 }
    #expect(tracker.stop() == nil)
  }

  @Test(arguments: [
    (PeakRSSSource.highWaterMark, "vmhwm"),
    (PeakRSSSource.sampled(interval: .milliseconds(1)), "sampled_1ms"),
    (PeakRSSSource.sampled(interval: .milliseconds(10)), "sampled_10ms"),
    (PeakRSSSource.cumulativeHighWaterMark, "vmhwm_cumulative"),
  ])
  func sourcesHaveTheirCSVNames(source: PeakRSSSource, name: String) {
    #expect(source.name == name)
  }

  /// A high-water-mark tracker over scripted kernel readings: each window's start resident set (read
  /// right after the reset) and its peak, in order; the reset is accepted unless `resets` says not.
  private static func tracker(
    windows: [(start: Int, peak: Int)], resets: Bool = true
  ) -> HighWaterMarkTracker {
    let readings = Readings(
      windows.flatMap { window in [window.start, window.peak] }.map { Optional($0) })
    return HighWaterMarkTracker(
      reset: { resets },
      read: {
        readings.next().map { ProcessMemory.Reading(residentBytes: $0, peakResidentBytes: $0) }
      })
  }

  /// Two designs, one rising 50 MiB above its window's start and one 40, while every window leaves
  /// 20 MiB behind (a result's histograms, allocator pages): each design reads the same whichever runs
  /// first.
  @Test func aWindowsPeakDoesNotDependOnWhatRanBeforeIt() {
    let mebibyte = 1 << 20
    let forwards = Self.tracker(windows: [
      (start: 100 * mebibyte, peak: 150 * mebibyte), (start: 120 * mebibyte, peak: 160 * mebibyte),
    ])
    let backwards = Self.tracker(windows: [
      (start: 100 * mebibyte, peak: 140 * mebibyte), (start: 120 * mebibyte, peak: 170 * mebibyte),
    ])
    var forwardPeaks: [Int?] = []
    var backwardPeaks: [Int?] = []
    for _ in 0..<2 {
      forwards.start()
      forwardPeaks.append(forwards.stop()?.bytes)
      backwards.start()
      backwardPeaks.append(backwards.stop()?.bytes)
    }
    #expect(forwardPeaks == [150 * mebibyte, 140 * mebibyte])
    #expect(backwardPeaks == [140 * mebibyte, 150 * mebibyte])
  }

  @Test func aPeakThatReadsBelowItsStartRoseByNothing() {
    let tracker = Self.tracker(windows: [(start: 1_000, peak: 1_000), (start: 3_000, peak: 2_000)])
    tracker.start()
    #expect(tracker.stop() == PeakRSSReading(bytes: 1_000, source: .highWaterMark))
    tracker.start()
    #expect(tracker.stop() == PeakRSSReading(bytes: 1_000, source: .highWaterMark))
  }

  @Test func aRefusedResetGivesTheMarkAsItStandsLabelledCumulative() {
    let tracker = Self.tracker(windows: [(start: 9_000, peak: 9_000)], resets: false)
    tracker.start()
    #expect(tracker.stop() == PeakRSSReading(bytes: 9_000, source: .cumulativeHighWaterMark))
  }
}
