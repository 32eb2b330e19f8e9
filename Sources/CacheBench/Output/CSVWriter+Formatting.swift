import CacheBenchCore

/// How `CSVWriter`'s fields write their values: units, precision, and empty (does not apply) against
/// `n/a` (not measured).
extension CSVWriter {
  /// The field of a figure that could not be measured; distinct from an empty field, which means the
  /// figure does not apply.
  static let notAvailable = "n/a"

  /// A number in Swift's shortest round-trip form, without a `.0` on whole numbers (`0`, `0.05`, `1`).
  static func shortest(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
  }

  /// Theta in Swift's shortest round-trip form (`0.99`), which is locale-free and exact.
  static func zipfTheta(_ distribution: KeyDistributionKind) -> String {
    distribution.recordTheta.map { "\($0)" } ?? ""
  }

  /// The `ignored_options` field: the columns of the options the design did not do as asked
  /// (`VariantResult.ignoredOptions`) in any of `repetitions`, in column order, joined by `;`
  /// (`decode;cancel_rate`); empty when it did them all.
  static func ignoredOptions(of repetitions: VariantRepetitions) -> String {
    let ignored = repetitions.measurements.map(\.ignoredOptions)
    let options = VariantResult.ignorableOptions
    return options.filter { option in ignored.contains { $0.contains(option) } }
      .joined(separator: ";")
  }
}
