import CacheBenchCore

extension GateThresholds {
  /// The fields of a profile's `gate` section.
  static let sectionFields = ["reference", "thresholds", "design_thresholds", "paired"]
  /// The fields of one rule in `paired`.
  static let pairedRuleFields = ["threshold", "floor"]
  /// The fields of one rule in `thresholds` or `design_thresholds`.
  static let ruleFields = ["better", "relative", "absolute", "portable"]

  /// Reads a profile's `gate` section:
  ///
  ///     "gate": {
  ///       "reference": "mutex/outside",
  ///       "thresholds": {"throughput_ratio": {"relative": "40%"}},
  ///       "design_thresholds": {"naive": {"duplicate_fetches": {"better": "lower", "relative": "100%"}}}
  ///     }
  ///
  /// A rule's `better` is `lower`, `higher`, `equal` or `none`; `relative` a percentage string
  /// (`"25%"`, at most `"1000%"`); `absolute` a number ≥ 0 in the metric's unit; `portable` a boolean.
  init(profileSection section: JSONValue, path: String) throws(ProfileError) {
    self.init()
    for (key, value) in try ProfileFields.members(of: section, field: "gate", path: path) {
      let field = "gate.\(key)"
      switch key {
      case "reference":
        guard let text = value.stringValue, text.contains("/") else {
          throw .invalidValue(
            path: path, field: field, value: value.summary,
            reason: "must be a string naming a variant and its decode, e.g. \"mutex/outside\"")
        }
        reference = text
      case "thresholds":
        for (metric, rule) in try ProfileFields.members(of: value, field: field, path: path) {
          metricRules[metric] = try Self.partialRule(rule, field: "\(field).\(metric)", path: path)
        }
      case "design_thresholds":
        for (design, rules) in try ProfileFields.members(of: value, field: field, path: path) {
          let designField = "\(field).\(design)"
          var byMetric: [String: PartialRule] = [:]
          for (metric, rule) in try ProfileFields.members(
            of: rules, field: designField, path: path)
          {
            byMetric[metric] = try Self.partialRule(
              rule, field: "\(designField).\(metric)", path: path)
          }
          designRules[design] = byMetric
        }
      case "paired":
        for (metric, rule) in try ProfileFields.members(of: value, field: field, path: path) {
          guard PairedRule.builtIn.contains(where: { $0.metric == metric }) else {
            throw .unknownField(
              path: path, field: "\(field).\(metric)", value: rule.summary,
              known: PairedRule.builtIn.map(\.metric))
          }
          pairedRules[metric] = try Self.pairedRule(
            rule, field: "\(field).\(metric)", path: path)
        }
      default:
        throw .unknownField(
          path: path, field: field, value: value.summary, known: Self.sectionFields)
      }
    }
  }

  /// Reads one rule object; `field` is its dotted path for messages.
  private static func partialRule(_ value: JSONValue, field: String, path: String)
    throws(ProfileError) -> PartialRule
  {
    var rule = PartialRule()
    for (key, member) in try ProfileFields.members(of: value, field: field, path: path) {
      let memberField = "\(field).\(key)"
      func invalid(_ reason: String) -> ProfileError {
        .invalidValue(path: path, field: memberField, value: member.summary, reason: reason)
      }
      switch key {
      case "better":
        guard let text = member.stringValue, let better = MetricRule.Better(rawValue: text) else {
          throw invalid("must be \"lower\", \"higher\", \"equal\" or \"none\"")
        }
        rule.better = better
      case "relative":
        guard let text = member.stringValue, text.hasSuffix("%"),
          let percent = Self.nonNegativeDecimal(String(text.dropLast())), percent <= 1000
        else {
          throw invalid("must be a percentage string from \"0%\" to \"1000%\", e.g. \"25%\"")
        }
        rule.relative = percent / 100
      case "absolute":
        guard case .number(let text) = member, let amount = Self.nonNegativeDecimal(text) else {
          throw invalid("must be a number >= 0 in the metric's unit, without exponent")
        }
        rule.absolute = amount
      case "portable":
        guard case .bool(let portable) = member else { throw invalid("must be true or false") }
        rule.portable = portable
      default:
        throw .unknownField(
          path: path, field: memberField, value: member.summary, known: ruleFields)
      }
    }
    return rule
  }

  /// Reads one rule of the `paired` section: `{"threshold": "5%", "floor": 1000}`, or
  /// `{"threshold": "none"}` to show the ratio without judging it.
  private static func pairedRule(_ value: JSONValue, field: String, path: String)
    throws(ProfileError) -> PairedPartialRule
  {
    var rule = PairedPartialRule()
    for (key, member) in try ProfileFields.members(of: value, field: field, path: path) {
      let memberField = "\(field).\(key)"
      func invalid(_ reason: String) -> ProfileError {
        .invalidValue(path: path, field: memberField, value: member.summary, reason: reason)
      }
      switch key {
      case "threshold":
        if member.stringValue == "none" {
          rule.threshold = .some(nil)
          continue
        }
        guard let text = member.stringValue, text.hasSuffix("%"),
          let percent = Self.nonNegativeDecimal(String(text.dropLast())), percent > 0,
          percent <= 1000
        else {
          throw invalid(
            "must be a percentage string above \"0%\" and at most \"1000%\", e.g. \"5%\", or \"none\""
          )
        }
        rule.threshold = .some(1 + percent / 100)
      case "floor":
        guard case .number(let text) = member, let amount = Self.nonNegativeDecimal(text) else {
          throw invalid("must be a number >= 0 in the metric's unit, without exponent")
        }
        rule.floor = amount
      default:
        throw .unknownField(
          path: path, field: memberField, value: member.summary, known: pairedRuleFields)
      }
    }
    return rule
  }

  /// Digits with an optional fraction (`25`, `2.5`), as a number; anything else is `nil`.
  private static func nonNegativeDecimal(_ text: String) -> Double? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    let isDigits = { (part: Substring) in
      !part.isEmpty && part.utf8.allSatisfy { (48...57).contains($0) }
    }
    guard (1...2).contains(parts.count), parts.allSatisfy(isDigits) else { return nil }
    return Double(text)
  }
}
