import CacheBenchCore

/// How every output names a key distribution, from one switch.
///
/// A distribution is a kind and its parameters. Two spellings follow from them: the record's, which
/// the CSV, the JSON result and the baseline carry and `--distribution` accepts back (`uniform`,
/// `zipf` with its theta in a column of its own, `hotspot:0.2,0.8`), and the summary lines' for people
/// (`uniform`, `zipf(0.99)`, `hotspot(0.2,0.8)`). Numbers are written in Swift's shortest round-trip
/// form, which is locale-free and exact.
extension KeyDistributionKind {
  /// The kind, `uniform`, `zipf` or `hotspot`, and its parameters in option order.
  var nameAndParameters: (kind: String, parameters: [Double]) {
    switch self {
    case .uniform: ("uniform", [])
    case .zipf(let theta): ("zipf", [theta])
    case .hotspot(let hot, let share): ("hotspot", [hot, share])
    }
  }

  /// The record's spelling, the `distribution` field: zipf's theta is the `zipf_theta` field instead
  /// (`recordTheta`), a hotspot's shares follow a colon.
  var recordName: String {
    let (kind, parameters) = nameAndParameters
    guard case .hotspot = self else { return kind }
    return kind + ":" + parameters.map { "\($0)" }.joined(separator: ",")
  }

  /// The `zipf_theta` field: zipf's theta, `nil` for the others.
  var recordTheta: Double? {
    if case .zipf(let theta) = self { theta } else { nil }
  }

  /// The summary lines' spelling: the kind, its parameters in parentheses.
  var summaryName: String {
    let (kind, parameters) = nameAndParameters
    guard !parameters.isEmpty else { return kind }
    return kind + "(" + parameters.map { "\($0)" }.joined(separator: ",") + ")"
  }
}
