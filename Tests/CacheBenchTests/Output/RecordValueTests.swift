import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore

/// A variant's record stays typed until each writer's edge: the CSV writes a reading's text, the JSON
/// result and the baseline its number, and the two must be the same figure.
struct RecordValueTests {
  /// Every number the JSON result and the baseline take from a reading is exactly what a reader parses
  /// from the CSV field of that reading, at every precision the catalogue declares and for durations.
  @Test func aReadingsNumberIsWhatItsCSVFieldParsesTo() throws {
    var generator = SystemRandomNumberGenerator()
    var readings: [MetricReading] = [
      .whole(0), .whole(-7), .whole(Int64.max), .fixed(-0.0001, fractionDigits: 1),
    ]
    for _ in 0..<20_000 {
      let magnitude = Double.random(in: -3...9, using: &generator)
      let value = (Bool.random(using: &generator) ? 1 : -1) * pow(10, magnitude)
      readings.append(.fixed(value, fractionDigits: Int.random(in: 0...6, using: &generator)))
      readings.append(
        .seconds(nanoseconds: UInt64.random(in: 0...10_000_000_000_000, using: &generator)))
      readings.append(
        .whole(Int64.random(in: -1_000_000_000_000...1_000_000_000_000, using: &generator)))
    }
    for reading in readings {
      let parsed = try #require(Double(reading.csvField))
      let number = try #require(reading.writtenNumber)
      #expect(number == parsed, "\(reading): \(number) against the field '\(reading.csvField)'")
      #expect(number.sign == .plus || number != 0, "no negative zero, which the field never writes")
    }
    #expect(MetricReading.notApplicable.writtenNumber == nil)
    #expect(MetricReading.notMeasured.writtenNumber == nil)
  }

  /// The median of repetitions is of the measured values, not of their rounded texts: 1.04 and 1.05
  /// written with one decimal are "1.0" and "1.1", whose median would be written "1.1"; the values'
  /// median, 1.045, is "1.0".
  @Test func theMedianOfRepetitionsIsOfTheValuesNotOfTheirTexts() {
    let readings: [MetricReading] = [
      .fixed(1.04, fractionDigits: 1), .fixed(1.05, fractionDigits: 1),
    ]
    #expect(CSVWriter.medianField(readings.map(\.csvField)) == "1.1")
    #expect(MetricReading.median(readings).csvField == "1.0")
    #expect(RecordValue.median(readings.map(RecordValue.reading)).csvField == "1.0")
  }

  @Test(arguments: [
    ([MetricReading.whole(3), .whole(1), .whole(2)], "2"),
    ([.whole(1), .whole(2)], "2"),
    (
      [
        .fixed(10, fractionDigits: 0), .fixed(20.5, fractionDigits: 1),
        .fixed(30, fractionDigits: 1),
      ], "20.5"
    ),
    (
      [
        .seconds(nanoseconds: 100_000_000), .seconds(nanoseconds: 300_000_000),
        .seconds(nanoseconds: 200_000_400),
      ], "0.200000"
    ),
    ([.seconds(nanoseconds: 1_000), .seconds(nanoseconds: 2_000)], "0.000002"),
    ([.whole(10), .notMeasured, .whole(30)], "n/a"),
    ([.notApplicable, .whole(5), .whole(7)], ""),
  ])
  func aMetricOfSeveralRepetitionsIsItsMedianOrTheFirstMissing(
    readings: [MetricReading], expected: String
  ) {
    #expect(MetricReading.median(readings).csvField == expected)
  }

  /// A text column's median is as the CSV's: the same text kept, else the first.
  @Test func aTextColumnsMedianIsTheCSVs() {
    #expect(RecordValue.median([.text("vmhwm"), .text("sampled_1ms")]) == .text("vmhwm"))
    #expect(RecordValue.median([.text("false"), .text("false")]) == .text("false"))
  }

  /// The JSON value of a reading: its number, `null` where it does not apply or was not measured, and
  /// the CSV's text for a figure that is not finite.
  @Test func theJSONValueOfAReadingIsItsNumberOrNull() {
    #expect(MetricValue(.reading(.fixed(2.25, fractionDigits: 1))) == .number(2.3))
    #expect(MetricValue(.reading(.seconds(nanoseconds: 1_500_000_499))) == .number(1.5))
    #expect(MetricValue(.reading(.notApplicable)) == .null)
    #expect(MetricValue(.reading(.notMeasured)) == .null)
    #expect(MetricValue(.reading(.fixed(.nan, fractionDigits: 1))) == .text("nan"))
    #expect(MetricValue(.text("vmhwm")) == .text("vmhwm"))
  }
}
