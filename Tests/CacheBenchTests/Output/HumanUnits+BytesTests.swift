import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct HumanUnitsBytesTests {
  @Test(
    arguments: [
      (0, "0B"),
      (812, "812B"),
      (999, "999B"),
      (1_000, "0.98KiB"),
      (1_024, "1.00KiB"),
      (5_150, "5.03KiB"),
      (10_230, "9.99KiB"),
      (10_237, "10.0KiB"),
      (262_144, "256KiB"),
      (1_023_999, "0.98MiB"),
      (5_375_616, "5.13MiB"),
      (16_777_216, "16.0MiB"),
      (1_288_490_189, "1.20GiB"),
      (-1_572_864, "-1.50MiB"),
      (-700, "-700B"),
    ] as [(Int, String)])
  func bytesScaleToBinaryUnitsWithThreeSignificantDigits(count: Int, expected: String) {
    #expect(HumanUnits.bytes(count) == expected)
  }
}
