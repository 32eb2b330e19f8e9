import CacheBenchCore

extension Duration {
  /// Why a text is not a duration; `description` completes "invalid duration '…': ".
  enum ParsingError: Error, Equatable, CustomStringConvertible {
    /// Nothing at all.
    case empty
    /// Starts with `-`: durations are never negative.
    case negative
    /// The part before the unit is not digits with at most one decimal point between digits.
    case malformedNumber
    /// A number with no unit after it.
    case missingUnit
    /// The text after the number is not one of the units.
    case unknownUnit(String)
    /// Larger than a `Duration` holds.
    case overflow

    var description: String {
      switch self {
      case .empty:
        "is empty; write a number and a unit, e.g. 20us"
      case .negative:
        "must not be negative"
      case .malformedNumber:
        "must start with a number (digits, optionally a decimal point and more digits), e.g. 1.5ms"
      case .missingUnit:
        "needs a unit (ns, us, ms, s, m)"
      case .unknownUnit(let unit):
        "unknown unit '\(unit)'; use ns, us, ms, s or m"
      case .overflow:
        "is too large"
      }
    }
  }

  /// Parses a duration as written on the command line: a number followed directly by a unit.
  ///
  /// The number is decimal digits with an optional fraction (`20`, `1.5`; no sign, no exponent, no
  /// leading or trailing point). Units: `ns`, `us` (also `µs` and `μs`), `ms`, `s`, `m` (minutes).
  /// Fraction digits worth less than an attosecond each are ignored; all others count exactly, so
  /// `1.5ns` is 1.5 ns, not a rounded binary fraction.
  static func parse(_ text: String) throws(ParsingError) -> Duration {
    if text.isEmpty { throw .empty }
    if text.hasPrefix("-") { throw .negative }
    let numberEnd = text.firstIndex { !$0.isASCII || !($0.isNumber || $0 == ".") } ?? text.endIndex
    let number = text[..<numberEnd]
    let unit = text[numberEnd...]
    let parts = number.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty }) else {
      throw .malformedNumber
    }
    if unit.isEmpty { throw .missingUnit }
    guard let attosecondsPerUnit = attosecondsPerUnit[String(unit)] else {
      throw .unknownUnit(String(unit))
    }
    let whole = parts[0]
    let fraction = parts.count == 2 ? parts[1] : ""
    return try duration(whole: whole, fraction: fraction, attosecondsPerUnit: attosecondsPerUnit)
  }

  private static let attosecondsPerSecond: Int128 = 1_000_000_000_000_000_000

  private static let attosecondsPerUnit: [String: Int128] = [
    "ns": 1_000_000_000,
    "us": 1_000_000_000_000,
    "\u{B5}s": 1_000_000_000_000,  // MICRO SIGN, what most keyboards type
    "\u{3BC}s": 1_000_000_000_000,  // GREEK SMALL LETTER MU, its compatibility equivalent
    "ms": 1_000_000_000_000_000,
    "s": attosecondsPerSecond,
    "m": 60 * attosecondsPerSecond,
  ]

  /// Combines ASCII digit strings `whole.fraction` of a unit into a duration.
  private static func duration(
    whole: Substring, fraction: Substring, attosecondsPerUnit: Int128
  ) throws(ParsingError) -> Duration {
    var units: Int128 = 0
    for digit in whole.utf8 {
      let (shifted, shiftOverflow) = units.multipliedReportingOverflow(by: 10)
      let (sum, sumOverflow) = shifted.addingReportingOverflow(Int128(digit - UInt8(ascii: "0")))
      if shiftOverflow || sumOverflow { throw .overflow }
      units = sum
    }
    let (wholeAttoseconds, wholeOverflow) = units.multipliedReportingOverflow(
      by: attosecondsPerUnit)
    if wholeOverflow { throw .overflow }

    var fractionAttoseconds: Int128 = 0
    var attosecondsPerDigit = attosecondsPerUnit
    for digit in fraction.utf8 {
      // Stop where a digit is worth less than an attosecond: the 10th for ns, the 20th for m.
      guard attosecondsPerDigit.isMultiple(of: 10) else { break }
      attosecondsPerDigit /= 10
      fractionAttoseconds += Int128(digit - UInt8(ascii: "0")) * attosecondsPerDigit
    }
    let (total, totalOverflow) = wholeAttoseconds.addingReportingOverflow(fractionAttoseconds)
    if totalOverflow { throw .overflow }

    let seconds = total / attosecondsPerSecond
    guard let secondsComponent = Int64(exactly: seconds) else { throw .overflow }
    let attosecondsComponent = Int64(total % attosecondsPerSecond)
    return Duration(secondsComponent: secondsComponent, attosecondsComponent: attosecondsComponent)
  }
}
