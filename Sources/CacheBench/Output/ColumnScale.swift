import CacheBenchCore

/// A unit ladder for one column of a summary table: every value of the column is shown in one unit,
/// named once in the header, with one number of fraction digits, so a person compares digits rather
/// than units and the decimal points line up.
///
/// The unit is the smallest one in which the column's largest value stays below 10,000 (at most four
/// integer digits), or the ladder's last unit. The fraction digits are the ones that give the
/// column's smallest positive value three significant digits (2 below 10, 1 below 100, else 0),
/// capped by the unit (nanoseconds and bytes are whole). `HumanUnits` does the same per value, for
/// lines that show one figure.
struct ColumnScale: Sendable {
  /// One step of the ladder: values are divided by `scale` and followed by `symbol`.
  struct Unit: Sendable, Equatable {
    var scale: Double
    var symbol: String
    /// At most this many fraction digits in this unit.
    var maximumFractionDigits: Int
  }

  /// A column formatted in one unit.
  struct Formatted: Sendable, Equatable {
    /// The unit's symbol, for the header: `µs`, `k/s`, `MiB`.
    var symbol: String
    /// Each value as text, `nil` where the value was `nil`.
    var texts: [String?]
    /// Each value as shown, as an integer count of its last displayed digit, so values that look
    /// equal compare equal; `nil` where the value was `nil`.
    var shownValues: [Int64?]
  }

  /// The steps, smallest first.
  var units: [Unit]

  /// Nanoseconds up to seconds.
  static let latency = ColumnScale(units: [
    Unit(scale: 1, symbol: "ns", maximumFractionDigits: 0),
    Unit(scale: 1e3, symbol: "µs", maximumFractionDigits: 2),
    Unit(scale: 1e6, symbol: "ms", maximumFractionDigits: 2),
    Unit(scale: 1e9, symbol: "s", maximumFractionDigits: 2),
  ])

  /// Events per second up to billions per second.
  static let throughput = ColumnScale(units: [
    Unit(scale: 1, symbol: "/s", maximumFractionDigits: 2),
    Unit(scale: 1e3, symbol: "k/s", maximumFractionDigits: 2),
    Unit(scale: 1e6, symbol: "M/s", maximumFractionDigits: 2),
    Unit(scale: 1e9, symbol: "G/s", maximumFractionDigits: 2),
  ])

  /// Bytes in binary multiples, as memory is reported.
  static let bytes = ColumnScale(units: [
    Unit(scale: 1, symbol: "B", maximumFractionDigits: 0),
    Unit(scale: 1_024, symbol: "KiB", maximumFractionDigits: 2),
    Unit(scale: 1_048_576, symbol: "MiB", maximumFractionDigits: 2),
    Unit(scale: 1_073_741_824, symbol: "GiB", maximumFractionDigits: 2),
  ])

  /// `values` in the unit and fraction digits chosen for all of them; see `ColumnScale`.
  ///
  /// A column with no value at all is in the first unit.
  func format(_ values: [Double?]) -> Formatted {
    let present = values.compactMap { $0 }.filter(\.isFinite)
    let largest = present.max() ?? 0
    let unit = units.first { largest / $0.scale < 10_000 } ?? units[units.count - 1]
    let smallestPositive = present.filter { $0 > 0 }.min().map { $0 / unit.scale }
    let digits = Swift.min(
      unit.maximumFractionDigits,
      smallestPositive.map { $0 < 10 ? 2 : $0 < 100 ? 1 : 0 } ?? 0)
    var multiplier = 1.0
    for _ in 0..<digits { multiplier *= 10 }
    return Formatted(
      symbol: unit.symbol,
      texts: values.map { value in
        value.map { DecimalText.fixed($0 / unit.scale, fractionDigits: digits) }
      },
      shownValues: values.map { value in
        guard let value, value.isFinite, abs(value / unit.scale * multiplier) < 9e18 else {
          return nil
        }
        return Int64((value / unit.scale * multiplier).rounded(.toNearestOrAwayFromZero))
      })
  }
}
