import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct HumanUnitsTests {
  @Test(
    arguments: [
      (0, "0ns"),
      (1, "1ns"),
      (812, "812ns"),
      (999, "999ns"),
      (1_000, "1.00µs"),
      (1_006, "1.01µs"),
      (9_994, "9.99µs"),
      (9_996, "10.0µs"),
      (41_234, "41.2µs"),
      (99_960, "100µs"),
      (999_499, "999µs"),
      (999_600, "1.00ms"),
      (5_034_000, "5.03ms"),
      (999_999_999, "1.00s"),
      (1_200_000_000, "1.20s"),
      (61_000_000_000, "61.0s"),
      (1_234_000_000_000, "1234s"),
    ] as [(UInt64, String)])
  func latencyScalesToTheLargestUnitWithThreeSignificantDigits(
    nanoseconds: UInt64, expected: String
  ) {
    #expect(HumanUnits.latency(nanoseconds: nanoseconds) == expected)
  }

  @Test func durationsAreShownLikeNanosecondLatencies() {
    #expect(HumanUnits.latency(.milliseconds(1)) == "1.00ms")
    #expect(HumanUnits.latency(.microseconds(20)) == "20.0µs")
    #expect(HumanUnits.latency(.nanoseconds(500)) == "500ns")
  }

  @Test(
    arguments: [
      (0, "0/s"),
      (0.5, "0.50/s"),
      (45.6, "45.6/s"),
      (456, "456/s"),
      (999.4, "999/s"),
      (999.6, "1.00k/s"),
      (1_234, "1.23k/s"),
      (125_000, "125k/s"),
      (2_100_000, "2.10M/s"),
      (3.5e9, "3.50G/s"),
    ] as [(Double, String)])
  func throughputScalesToKiloMegaOrGigaPerSecond(perSecond: Double, expected: String) {
    #expect(HumanUnits.throughput(perSecond) == expected)
  }
}
