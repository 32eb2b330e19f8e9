import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// How `Duration.parse(_:)` reads command-line durations.
struct DurationParsingTests {
  static let valid: [(text: String, duration: Duration)] = [
    ("0ns", .zero),
    ("0s", .zero),
    ("1ns", .nanoseconds(1)),
    ("20us", .microseconds(20)),
    ("20\u{B5}s", .microseconds(20)),
    ("20\u{3BC}s", .microseconds(20)),
    ("1ms", .milliseconds(1)),
    ("1.5ms", .microseconds(1_500)),
    ("0.25s", .milliseconds(250)),
    ("2s", .seconds(2)),
    ("10m", .seconds(600)),
    ("1.5m", .seconds(90)),
    ("007ms", .milliseconds(7)),
    ("1.5ns", Duration(secondsComponent: 0, attosecondsComponent: 1_500_000_000)),
    ("0.000000001s", .nanoseconds(1)),
    ("0.0000000000000000001s", .zero),
    ("1.0000000000000000009s", .seconds(1)),
    ("0.0000000000000000001m", Duration(secondsComponent: 0, attosecondsComponent: 6)),
    ("0.1234567891ns", Duration(secondsComponent: 0, attosecondsComponent: 123_456_789)),
    ("0.1m", .seconds(6)),
    ("9223372036854775807s", .seconds(Int64.max)),
    ("153722867280912930m", .seconds(Int64(153_722_867_280_912_930) * 60)),
  ]

  static let invalid: [(text: String, error: Duration.ParsingError)] = [
    ("", .empty),
    ("5", .missingUnit),
    ("1.5", .missingUnit),
    ("ms", .malformedNumber),
    ("-5ms", .negative),
    ("-0s", .negative),
    ("+5ms", .malformedNumber),
    (".5ms", .malformedNumber),
    ("5.ms", .malformedNumber),
    ("1.2.3ms", .malformedNumber),
    ("nan", .malformedNumber),
    ("nanms", .malformedNumber),
    ("infs", .malformedNumber),
    (" 5ms", .malformedNumber),
    ("5h", .unknownUnit("h")),
    ("5 ms", .unknownUnit(" ms")),
    ("5MS", .unknownUnit("MS")),
    ("5msec", .unknownUnit("msec")),
    ("1e3ms", .unknownUnit("e3ms")),
    ("5ms ", .unknownUnit("ms ")),
    ("9223372036854775808s", .overflow),
    ("153722867280912931m", .overflow),
    ("999999999999999999999999999999999999999999s", .overflow),
  ]

  @Test(arguments: valid)
  func validTextParsesToItsExactDuration(_ text: String, _ duration: Duration) throws {
    #expect(try Duration.parse(text) == duration)
  }

  @Test(arguments: invalid)
  func invalidTextThrowsItsReason(_ text: String, _ error: Duration.ParsingError) {
    #expect(throws: error) { try Duration.parse(text) }
  }

  @Test func aMissingUnitNamesEveryUnit() {
    #expect(Duration.ParsingError.missingUnit.description == "needs a unit (ns, us, ms, s, m)")
  }
}
