import CacheBenchCore

extension LatencyDistribution {
  /// The longest latency any distribution parameter may name; a fetch longer than this is a hang.
  static let maximumParameter = Duration.seconds(60)

  /// Reads the `--latency` spelling `value` (see `LatencyDistribution`), reporting the first problem
  /// as an `OptionsError` for `option` that quotes the whole value.
  static func parse(_ value: String, for option: OptionName) throws(OptionsError)
    -> LatencyDistribution
  {
    let spelling = LatencySpelling(value: value, option: option)
    guard let colon = value.firstIndex(of: ":") else {
      return .constant(try spelling.duration(value[...]))
    }
    return try spelling.distribution(
      kind: value[..<colon], parameters: value[value.index(after: colon)...])
  }
}

/// One `--latency` value being read: its parts, and the errors that quote the whole of it.
private struct LatencySpelling {
  let value: String
  let option: OptionName

  func fail(_ reason: String) -> OptionsError {
    .invalidValue(option: option, value: value, reason: reason)
  }

  /// A duration parameter, at most `LatencyDistribution.maximumParameter`.
  func duration(_ text: Substring) throws(OptionsError) -> Duration {
    let duration: Duration
    do {
      duration = try Duration.parse(String(text))
    } catch {
      throw .invalidDuration(option: option, value: value, problem: error)
    }
    guard duration <= LatencyDistribution.maximumParameter else {
      throw fail(text == value[...] ? "must be 0...60s" : "'\(text)' must be at most 60s")
    }
    return duration
  }

  /// A plain decimal parameter: in (0, 1) when `open`, else in (0, 5].
  func fraction(_ text: Substring, name: String, open: Bool) throws(OptionsError) -> Double {
    let isDecimal =
      !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
      && text.filter { $0 == "." }.count <= 1 && text.first != "." && text.last != "."
    guard isDecimal, let number = Double(text), number.isFinite,
      open ? (number > 0 && number < 1) : (number > 0 && number <= 5)
    else {
      throw fail(
        open
          ? "\(name) '\(text)' must be a decimal in (0, 1)"
          : "\(name) '\(text)' must be a decimal in (0, 5]")
    }
    return number
  }

  /// The distribution `kind:parameters` names.
  func distribution(kind: Substring, parameters: Substring) throws(OptionsError)
    -> LatencyDistribution
  {
    let items = parameters.split(separator: ",", omittingEmptySubsequences: false)
    switch kind {
    case "uniform":
      let bounds = parameters.split(separator: "..", omittingEmptySubsequences: false)
      guard bounds.count == 2 else { throw fail("uniform needs LOW..HIGH, e.g. uniform:1ms..5ms") }
      let low = try duration(bounds[0])
      let high = try duration(bounds[1])
      guard low <= high else { throw fail("uniform's low bound must not exceed its high bound") }
      return .uniform(low, high)
    case "exp":
      guard items.count == 1 else { throw fail("exp needs one mean, e.g. exp:2ms") }
      return .exponential(mean: try duration(items[0]))
    case "lognormal":
      guard items.count == 2 else {
        throw fail("lognormal needs MEDIAN,SIGMA, e.g. lognormal:2ms,0.5")
      }
      return .lognormal(
        median: try duration(items[0]), sigma: try fraction(items[1], name: "sigma", open: false))
    case "bimodal":
      guard items.count == 3 else {
        throw fail("bimodal needs FAST,SLOW,SHARE, e.g. bimodal:1ms,50ms,0.01")
      }
      return .bimodal(
        fast: try duration(items[0]), slow: try duration(items[1]),
        slowShare: try fraction(items[2], name: "slow share", open: true))
    default:
      throw fail(
        "unknown distribution '\(kind)'; use a duration, uniform:, exp:, lognormal: or bimodal:")
    }
  }
}
