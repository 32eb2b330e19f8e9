import CacheBenchCore

/// How often a run measures each variant and what its ratio lines divide by (`--repeat`,
/// `--reference`).
///
/// Kept apart from the scenario: repeating a window does not change what one window measures, so a
/// profile does not set it and the gate compares a median of repetitions with a single run alike.
struct RepeatOptions: Sendable, Equatable {
  /// Measurements of each variant, interleaved (`RepetitionOrder`).
  var count = RepeatOptions.defaultCount
  /// `--reference` as given: a design or variant name, checked against the run's variants once they
  /// are known (after a profile is read); nil for `ReferenceSelection.defaultSelection`.
  var reference: String? = nil

  /// The repetitions of a run without `--repeat`. One keeps the default run near 10 s on two cores:
  /// docs/running.md gives the timings.
  static let defaultCount = 1
  /// What `--repeat` accepts: from 100 up, the intervals would narrow little and the run takes hours.
  static let countRange = 1...100

  /// Reads `value` as the value of `.repetitions` or `.reference`.
  mutating func apply(_ value: String, for option: OptionName) throws(OptionsError) {
    if option == .repetitions {
      count = try OptionValueParser.integer(value, for: option, in: Self.countRange)
    } else if value.isEmpty {
      throw .invalidValue(
        option: option, value: value, reason: "must name a design or variant, e.g. coalescing")
    } else {
      reference = value
    }
  }

  /// Whether the run shows ratio lines: when it repeats, or when a reference was asked for.
  var showsRatios: Bool { count > 1 || reference != nil }

  /// What the ratio lines divide by among `variants`; throws when `--reference` names none of their
  /// designs or variants, with a "did you mean" when one is a likely misspelling of it.
  func selection(in variants: [Variant]) throws(OptionsError) -> ReferenceSelection? {
    guard let reference else { return ReferenceSelection.defaultSelection(in: variants) }
    guard let selection = ReferenceSelection.named(reference, in: variants) else {
      var designs: [String] = []
      for variant in variants where !designs.contains(variant.design.name) {
        designs.append(variant.design.name)
      }
      // A misspelt name gets the hint --variants gives: the design or variant of this run it is nearest.
      let hint =
        SpellingSuggestion.nearest(
          to: reference, among: designs + variants.map(\.name) + variants.map(\.description)
        ).map { " did you mean '\($0)'?" } ?? ""
      throw .invalidValue(
        option: .reference, value: reference,
        reason: "not a design or variant of this run;\(hint) use one of"
          + " \(designs.joined(separator: ", "))"
          + (variants.first.map { ", or a variant such as \($0.description)" } ?? ""))
    }
    return selection
  }
}
