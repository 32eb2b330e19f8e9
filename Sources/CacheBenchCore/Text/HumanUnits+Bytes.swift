extension HumanUnits {
  /// A byte count in binary units with three significant digits: `812B`, `5.03KiB`, `41.2MiB`, `1.20GiB`;
  /// negative counts (a delta that shrank) keep their sign: `-1.50MiB`.
  ///
  /// A value that would need four digits in its unit moves to the next one (`1000KiB` is `0.98MiB`), so
  /// every value fits in seven characters plus the sign.
  package static func bytes(_ count: Int) -> String {
    let sign = count < 0 ? "-" : ""
    var value = Double(count.magnitude)
    let units = ["B", "KiB", "MiB", "GiB", "TiB"]
    var index = 0
    while index + 1 < units.count && roundedToThreeDigits(value) >= 1_000 {
      value /= 1_024
      index += 1
    }
    let digits = index == 0 ? 0 : fractionDigits(value)
    return sign + DecimalText.fixed(value, fractionDigits: digits) + units[index]
  }

  /// Fraction digits that leave three significant digits, after rounding to that many.
  private static func fractionDigits(_ value: Double) -> Int {
    let rounded = roundedToThreeDigits(value)
    return rounded < 10 ? 2 : rounded < 100 ? 1 : 0
  }

  /// `value` rounded to three significant digits (whole numbers above 100).
  private static func roundedToThreeDigits(_ value: Double) -> Double {
    let scale = value < 9.995 ? 100.0 : value < 99.95 ? 10.0 : 1.0
    return (value * scale).rounded(.toNearestOrAwayFromZero) / scale
  }
}
