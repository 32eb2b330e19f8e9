/// Numbers as text for files other programs read: ASCII digits, `.` as the decimal separator, no
/// grouping, whatever the user's locale.
///
/// Built on integer arithmetic rather than `String(format:)` or `FormatStyle`, so the output cannot
/// pick up a locale and is exact where the input is (seconds from integral nanoseconds).
package enum DecimalText {
  /// `value` rounded half away from zero to `fractionDigits` places: `fixed(3333.33, fractionDigits: 1)`
  /// is `"3333.3"`, `fixed(2, fractionDigits: 1)` is `"2.0"`.
  ///
  /// Not-a-number and infinities, which no well-formed result produces, are written as `nan`, `inf`
  /// and `-inf`; magnitudes too large for 64-bit fixed point fall back to Swift's shortest
  /// round-trip form.
  package static func fixed(_ value: Double, fractionDigits: Int) -> String {
    precondition((0...12).contains(fractionDigits), "fractionDigits must be 0...12")
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    let scale = power(ofTen: fractionDigits)
    let scaled = (value * Double(scale)).rounded(.toNearestOrAwayFromZero)
    guard abs(scaled) < 9.0e18 else { return "\(value)" }
    let units = Int64(scaled)
    let sign = units < 0 ? "-" : ""
    return sign
      + fixed(units: units.magnitude, scale: UInt64(scale), fractionDigits: fractionDigits)
  }

  /// `value` rounded as `fixed(_:fractionDigits:)` writes it, as a number: exactly what parsing that text
  /// gives (the rounded units divided by a power of ten, both exact, is the nearest double to the
  /// decimal). Never negative zero, which the text does not write; not finite values as they are.
  package static func rounded(_ value: Double, fractionDigits: Int) -> Double {
    precondition((0...12).contains(fractionDigits), "fractionDigits must be 0...12")
    guard value.isFinite else { return value }
    let scale = Double(power(ofTen: fractionDigits))
    let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
    guard abs(scaled) < 9.0e18 else { return value }
    let rounded = scaled / scale
    return rounded == 0 ? 0 : rounded
  }

  /// A count of nanoseconds as seconds, rounded half up to the microsecond as `seconds(nanoseconds:)`
  /// writes it, as a number.
  package static func roundedSeconds(nanoseconds: UInt64) -> Double {
    let microseconds = nanoseconds / 1_000 + (nanoseconds % 1_000 >= 500 ? 1 : 0)
    return Double(microseconds) / 1_000_000
  }

  /// A count of nanoseconds as seconds with six decimal places, rounded half up to the microsecond:
  /// `seconds(nanoseconds: 2_500_000_500)` is `"2.500001"`.
  package static func seconds(nanoseconds: UInt64) -> String {
    let microseconds = nanoseconds / 1_000 + (nanoseconds % 1_000 >= 500 ? 1 : 0)
    return fixed(units: microseconds, scale: 1_000_000, fractionDigits: 6)
  }

  /// A duration as seconds with six decimal places, rounded half up to the microsecond.
  package static func seconds(_ duration: Duration) -> String {
    seconds(nanoseconds: UInt64(max(0, nanoseconds(duration))))
  }

  /// The whole nanoseconds of `duration`, truncated toward zero.
  package static func nanoseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }

  private static func fixed(units: UInt64, scale: UInt64, fractionDigits: Int) -> String {
    let whole = String(units / scale)
    guard fractionDigits > 0 else { return whole }
    let fraction = String(units % scale)
    let padding = String(repeating: "0", count: fractionDigits - fraction.count)
    return whole + "." + padding + fraction
  }

  private static func power(ofTen exponent: Int) -> Int64 {
    (0..<exponent).reduce(1) { product, _ in product * 10 }
  }
}
