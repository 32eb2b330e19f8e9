/// Numbers in the units a person reads at a glance, for the stdout table.
///
/// Latencies scale to ns, µs, ms or s and throughputs to /s, k/s, M/s or G/s, each value on its own
/// and shown with three significant digits (`41.2µs`, `5.03ms`, `2.10M/s`). Whole nanoseconds have no
/// fraction (`812ns`). A value that rounds up to 1000 of a unit moves to the next one (`999.6µs` is
/// `1.00ms`). Files for programs use `DecimalText` and plain integers instead.
package enum HumanUnits {
  /// A latency in nanoseconds: `812ns`, `41.2µs`, `5.03ms`, `1.20s`.
  package static func latency(nanoseconds: UInt64) -> String {
    threeSignificantDigits(Double(nanoseconds), units: latencyUnits)
  }

  /// A duration, such as a configured fetch latency, in the units of `latency(nanoseconds:)`.
  package static func latency(_ duration: Duration) -> String {
    latency(nanoseconds: UInt64(max(0, DecimalText.nanoseconds(duration))))
  }

  /// Events per second: `456/s`, `1.23k/s`, `2.10M/s`; zero is `0/s`.
  package static func throughput(_ perSecond: Double) -> String {
    guard perSecond.isFinite else { return "-" }
    guard perSecond > 0 else { return "0/s" }
    return threeSignificantDigits(perSecond, units: throughputUnits)
  }

  /// One step of a unit ladder: values of at least `scale` are shown in this unit.
  private struct Unit {
    var scale: Double
    var symbol: String
    /// At most this many fraction digits, whatever three significant digits would ask for.
    var maximumFractionDigits: Int = 2
  }

  private static let latencyUnits = [
    Unit(scale: 1, symbol: "ns", maximumFractionDigits: 0),
    Unit(scale: 1e3, symbol: "µs"),
    Unit(scale: 1e6, symbol: "ms"),
    Unit(scale: 1e9, symbol: "s"),
  ]

  private static let throughputUnits = [
    Unit(scale: 1, symbol: "/s"),
    Unit(scale: 1e3, symbol: "k/s"),
    Unit(scale: 1e6, symbol: "M/s"),
    Unit(scale: 1e9, symbol: "G/s"),
  ]

  private static func threeSignificantDigits(_ value: Double, units: [Unit]) -> String {
    var index = units.lastIndex { value >= $0.scale } ?? 0
    while true {
      let unit = units[index]
      let scaled = value / unit.scale
      var digits = min(unit.maximumFractionDigits, fractionDigits(forMagnitude: scaled))
      // Rounding may add an integer digit (9.996 → 10.00); drop a fraction digit to stay at three.
      let fewer = min(
        unit.maximumFractionDigits,
        fractionDigits(forMagnitude: rounded(scaled, fractionDigits: digits)))
      digits = min(digits, fewer)
      if rounded(scaled, fractionDigits: digits) >= 1_000, index + 1 < units.count {
        index += 1
        continue
      }
      return DecimalText.fixed(scaled, fractionDigits: digits) + unit.symbol
    }
  }

  private static func fractionDigits(forMagnitude value: Double) -> Int {
    value < 10 ? 2 : value < 100 ? 1 : 0
  }

  private static func rounded(_ value: Double, fractionDigits: Int) -> Double {
    let scale = fractionDigits == 2 ? 100.0 : fractionDigits == 1 ? 10.0 : 1.0
    return (value * scale).rounded(.toNearestOrAwayFromZero) / scale
  }
}
