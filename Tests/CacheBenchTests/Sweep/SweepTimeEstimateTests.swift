import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The time a sweep has left, from its measured cells, on known inputs.
struct SweepTimeEstimateTests {
  static let second: UInt64 = 1_000_000_000

  /// `coalescing` and `sharded(1)` over decode inside then none, at 1 and 8 clients: 8 cells, in this
  /// order: inside c=1 (2), inside c=8 (2), none c=1 (2), none c=8 (2).
  static let plan = SweepPlan(
    designs: [.coalescing, .sharded], placements: [.inside, .noDecode], shardCounts: [1],
    concurrencies: [1, 8])

  static func measured(_ index: Int, seconds: UInt64) -> SweepTimeEstimate.Measured {
    .init(cell: plan.cells[index], nanoseconds: seconds * second)
  }

  @Test func nothingIsEstimatedBeforeACellWasMeasured() {
    #expect(SweepTimeEstimate(measured: []).nanosecondsLeft(for: Self.plan.cells) == nil)
  }

  /// Cells at one client take 10 s, at eight 1 s. After the first three, the mean of the cells so far
  /// (7 s) would say 35 s for the five left; by column and concurrency they take 23 s.
  @Test func aCellIsEstimatedFromItsColumnFirst() {
    let estimate = SweepTimeEstimate(measured: [
      Self.measured(0, seconds: 10), Self.measured(1, seconds: 10), Self.measured(2, seconds: 1),
    ])
    #expect(estimate.estimate(for: Self.plan.cells[3]) == 1 * Self.second)
    // none c=1 and none c=8: no column of decode none yet, so the same concurrency at inside.
    #expect(estimate.estimate(for: Self.plan.cells[4]) == 10 * Self.second)
    #expect(estimate.estimate(for: Self.plan.cells[6]) == 1 * Self.second)
    #expect(
      estimate.nanosecondsLeft(for: Array(Self.plan.cells[3...]))
        == (1 + 10 + 10 + 1 + 1) * Self.second)
  }

  /// Decode none took a tenth of inside at one client, so at eight clients, before any cell of that
  /// column ran, it is estimated at a tenth of inside's there too.
  @Test func aPlacementIsScaledByHowItComparedAtTheConcurrenciesMeasuredAtBoth() {
    let estimate = SweepTimeEstimate(measured: [
      Self.measured(0, seconds: 40), Self.measured(1, seconds: 40), Self.measured(2, seconds: 20),
      Self.measured(3, seconds: 20), Self.measured(4, seconds: 4), Self.measured(5, seconds: 4),
    ])
    #expect(estimate.estimate(for: Self.plan.cells[6]) == 2 * Self.second)
    #expect(estimate.nanosecondsLeft(for: Array(Self.plan.cells[6...])) == 4 * Self.second)
  }

  @Test func aRepeatedCellIsEstimatedFromItsOwnEarlierTimes() {
    let estimate = SweepTimeEstimate(measured: [
      Self.measured(0, seconds: 3), Self.measured(1, seconds: 9), Self.measured(0, seconds: 5),
    ])
    #expect(estimate.estimate(for: Self.plan.cells[0]) == 4 * Self.second)
    #expect(estimate.estimate(for: Self.plan.cells[1]) == 9 * Self.second)
  }

  /// With client threads as well, a cell with no measured cell at its threads and concurrency takes
  /// the same variant's time at the nearest concurrency, scaled to its clients: a quarter of the
  /// clients take four times as long when nothing says how much CPU the window used.
  @Test func withoutItsParallelismACellTakesItsVariantsNearestConcurrency() {
    let plan = SweepPlan(
      designs: [.coalescing], placements: [.inside], shardCounts: [1], concurrencies: [1, 16, 64],
      threadCounts: [2])
    let estimate = SweepTimeEstimate(measured: [
      .init(cell: plan.cells[0], nanoseconds: 7 * Self.second),
      .init(cell: plan.cells[2], nanoseconds: 3 * Self.second),
    ])
    #expect(estimate.estimate(for: plan.cells[1]) == 12 * Self.second)
    // No cell of its variant or placement: the nearest concurrency of any, which without a CPU share
    // does not shrink with more clients.
    let elsewhere = SweepCell(
      variant: Variant(design: .mutex, decode: .outside, shards: 1), concurrency: 4, threads: 1)
    #expect(estimate.estimate(for: elsewhere) == 7 * Self.second)
  }

  /// A cell at one client took 10 s, 9 s of it in its windows, keeping 1% of the cores busy. At 8
  /// clients its windows take an eighth; at 256 they would take a 256th, but not less than the 0.09 s
  /// of CPU they need; the second of set-up stays.
  @Test func moreClientsShortenTheWindowsDownToTheirCPU() {
    let plan = SweepPlan(
      designs: [.coalescing], placements: [.inside], shardCounts: [1], concurrencies: [1, 8, 256])
    let measured = SweepTimeEstimate.Measured(
      cell: plan.cells[0], nanoseconds: 10 * Self.second, windowNanoseconds: 9 * Self.second,
      cpuShare: 0.01)
    let estimate = SweepTimeEstimate(measured: [measured])
    #expect(estimate.estimate(for: plan.cells[1]) == 2_125_000_000)
    #expect(estimate.estimate(for: plan.cells[2]) == 1_090_000_000)
    let byDuration = SweepTimeEstimate(measured: [measured], scalesWithClients: false)
    #expect(byDuration.estimate(for: plan.cells[2]) == 10 * Self.second)
  }

  /// The windows of a measured cell are its window and a warm-up at the same pace; its CPU share is
  /// the window's CPU over the window's time on every core.
  @Test func aMeasurementReadsItsWindowsAndCPUShareFromItsResult() {
    var result = SweepMatrixTests.result(Self.plan.cells[0], requests: 1_000, p99: 1_000)
    result.resources.cpu = CPUTimes(
      userMicroseconds: 0, systemMicroseconds: 0, totalNanoseconds: 500_000_000,
      voluntarySwitches: 0, involuntarySwitches: 0)
    let measured = SweepTimeEstimate.Measured(
      cell: Self.plan.cells[0], nanoseconds: 2 * Self.second, result: result, warmupRequests: 500,
      cores: 2)
    #expect(measured.windowNanoseconds == 1_500_000_000)
    #expect(measured.cpuShare == 0.25)
  }
}
