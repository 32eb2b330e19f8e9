import CacheBenchCore

/// Reads the value of one option as a number, duration or list, checking it against the option's range.
///
/// Every failure is an `OptionsError` naming the option and quoting the value. Numbers are strict:
/// decimal ASCII digits only, so `-3`, `+3`, `1e3`, `0x10`, `1_000` and the empty string are rejected,
/// and a value too large for its type is reported as out of range.
enum OptionValueParser {
  /// A path (or name) that is not empty.
  static func path(_ value: String, for option: OptionName) throws(OptionsError) -> String {
    guard !value.isEmpty else {
      throw .invalidValue(option: option, value: value, reason: "must not be empty")
    }
    return value
  }

  /// An integer within `range`.
  static func integer(
    _ value: String, for option: OptionName, in range: ClosedRange<Int>
  ) throws(OptionsError) -> Int {
    let requirement = "must be \(range.lowerBound)...\(range.upperBound)"
    guard isDigits(value) else {
      throw .invalidValue(option: option, value: value, reason: "\(requirement), digits only")
    }
    guard let integer = Int(value), range.contains(integer) else {
      throw .invalidValue(option: option, value: value, reason: requirement)
    }
    return integer
  }

  /// Any unsigned 64-bit integer.
  static func unsignedInteger(_ value: String, for option: OptionName) throws(OptionsError)
    -> UInt64
  {
    let requirement = "must be 0...\(UInt64.max)"
    guard isDigits(value) else {
      throw .invalidValue(option: option, value: value, reason: "\(requirement), digits only")
    }
    guard let integer = UInt64(value) else {
      throw .invalidValue(option: option, value: value, reason: requirement)
    }
    return integer
  }

  /// A decimal number (`2`, `0.99`; no sign, exponent, `nan` or `inf`) greater than 0 and at most `maximum`.
  static func positiveDecimal(
    _ value: String, for option: OptionName, atMost maximum: Int
  ) throws(OptionsError) -> Double {
    let requirement = "must be greater than 0 and at most \(maximum)"
    let parts = value.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts.allSatisfy(isDigits) else {
      throw .invalidValue(option: option, value: value, reason: "\(requirement), e.g. 0.99")
    }
    guard let decimal = Double(value), decimal.isFinite, decimal > 0, decimal <= Double(maximum)
    else {
      throw .invalidValue(option: option, value: value, reason: requirement)
    }
    return decimal
  }

  /// A probability: a decimal number (`0`, `0.25`, `1`; no sign or exponent) in `0...1`.
  static func fraction(_ value: String, for option: OptionName) throws(OptionsError) -> Double {
    let requirement = "must be a decimal in 0...1, e.g. 0.05"
    let parts = value.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts.allSatisfy(isDigits),
      let fraction = Double(value), fraction >= 0, fraction <= 1
    else {
      throw .invalidValue(option: option, value: value, reason: requirement)
    }
    return fraction
  }

  /// `hotspot:HOT,SHARE`: both shares decimals strictly between 0 and 1.
  static func hotspot(_ value: String, for option: OptionName) throws(OptionsError)
    -> KeyDistributionKind
  {
    let requirement = "hotspot needs HOT,SHARE, each a decimal in (0, 1), e.g. hotspot:0.2,0.8"
    let items = value.dropFirst("hotspot:".count).split(
      separator: ",", omittingEmptySubsequences: false)
    let shares = items.compactMap { item -> Double? in
      let parts = item.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 2, parts.allSatisfy(isDigits), let share = Double(item), share > 0,
        share < 1
      else { return nil }
      return share
    }
    guard items.count == 2, shares.count == 2 else {
      throw .invalidValue(option: option, value: value, reason: requirement)
    }
    return .hotspot(hotShare: shares[0], requestShare: shares[1])
  }

  /// A duration (see `Duration.parse(_:)`, never negative) that satisfies `isAllowed`, which
  /// `requirement` describes.
  static func duration(
    _ value: String, for option: OptionName, requirement: String,
    isAllowed: (Duration) -> Bool
  ) throws(OptionsError) -> Duration {
    let duration: Duration
    do {
      duration = try Duration.parse(value)
    } catch {
      throw .invalidDuration(option: option, value: value, problem: error)
    }
    guard isAllowed(duration) else {
      throw .invalidValue(option: option, value: value, reason: requirement)
    }
    return duration
  }

  /// A non-empty comma list of distinct case names of `Element`, returned in the order given.
  ///
  /// The order given is the order the variants run in (`--decode outside,inside` measures outside
  /// first), as `--variants` does. `kind` names an element in messages ("unknown placement 'x'").
  static func list<Element: RawRepresentable & CaseIterable & Equatable>(
    _ value: String, for option: OptionName, kind: String
  ) throws(OptionsError) -> [Element] where Element.RawValue == String {
    try list(
      value, for: option, in: Array(Element.allCases), named: \.rawValue,
      unknown: { "unknown \(kind) '\($0)';\($2.map { " did you mean '\($0)'?" } ?? "") use \($1)" })
  }

  /// A non-empty comma list of distinct names of `choices`, returned in the order given;
  /// `unknown` words the refusal of a name none has, given the name, the comma list of all and the
  /// nearest of them when one is close (`SpellingSuggestion`).
  private static func list<Element: Equatable>(
    _ value: String, for option: OptionName, in choices: [Element],
    named name: (Element) -> String, unknown: (Substring, String, String?) -> String
  ) throws(OptionsError) -> [Element] {
    let names = choices.map(name).joined(separator: ", ")
    var selected: [Element] = []
    for item in value.split(separator: ",", omittingEmptySubsequences: false) {
      guard let element = choices.first(where: { name($0) == item }) else {
        let suggestion = SpellingSuggestion.nearest(to: String(item), among: choices.map(name))
        let reason =
          item.isEmpty
          ? "empty item; give a comma list of \(names)" : unknown(item, names, suggestion)
        throw .invalidValue(option: option, value: value, reason: reason)
      }
      guard !selected.contains(element) else {
        throw .invalidValue(option: option, value: value, reason: "'\(item)' is listed twice")
      }
      selected.append(element)
    }
    return selected
  }

  /// Whether `text` is one or more ASCII decimal digits.
  private static func isDigits(_ text: some StringProtocol) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
  }
}
