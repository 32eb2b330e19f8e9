import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct DecimalTextTests {
  @Test(
    arguments: [
      (3_333.333_3, 1, "3333.3"),
      (2, 1, "2.0"),
      (1_234_567, 1, "1234567.0"),
      (0.04, 1, "0.0"),
      (-0.04, 1, "0.0"),
      (-1.25, 1, "-1.3"),
      (1.25, 0, "1"),
      (0.000_001, 6, "0.000001"),
      (125_000, 1, "125000.0"),
    ] as [(Double, Int, String)])
  func fixedRoundsHalfAwayFromZeroWithAPointSeparator(
    value: Double, fractionDigits: Int, expected: String
  ) {
    #expect(DecimalText.fixed(value, fractionDigits: fractionDigits) == expected)
  }

  @Test(
    arguments: [
      (0, "0.000000"),
      (499, "0.000000"),
      (500, "0.000001"),
      (2_500_000_499, "2.500000"),
      (2_500_000_500, "2.500001"),
      (3_600_000_000_000, "3600.000000"),
    ] as [(UInt64, String)])
  func secondsAreExactToTheMicrosecond(nanoseconds: UInt64, expected: String) {
    #expect(DecimalText.seconds(nanoseconds: nanoseconds) == expected)
  }

  @Test func durationsConvertToWholeNanoseconds() {
    #expect(DecimalText.nanoseconds(.milliseconds(1)) == 1_000_000)
    #expect(DecimalText.nanoseconds(.seconds(2) + .nanoseconds(5)) == 2_000_000_005)
    #expect(DecimalText.seconds(.milliseconds(2_500)) == "2.500000")
  }

  @Test func nonFiniteValuesHaveFixedSpellings() {
    #expect(DecimalText.fixed(.nan, fractionDigits: 1) == "nan")
    #expect(DecimalText.fixed(.infinity, fractionDigits: 1) == "inf")
    #expect(DecimalText.fixed(-.infinity, fractionDigits: 1) == "-inf")
  }
}
