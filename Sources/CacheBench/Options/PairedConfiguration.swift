import CacheBenchCore

/// What `cachebench paired` was asked to do: judge the timing figures of head runs against base runs
/// of the same profile, round by round.
struct PairedConfiguration: Sendable, Equatable {
  /// The base revision's runs, in round order.
  var basePaths: [String]
  /// The head revision's runs, in the same round order: `headPaths[i]` ran beside `basePaths[i]`.
  var headPaths: [String]
  /// The profile whose `gate.paired` section overrides the built-in A/B rules.
  var profilePath: String?
  var format: ReportFormat = .text
  /// How the report names the two sides, e.g. `base 79147d3`; the first run's commit by default.
  var baseName: String?
  var headName: String?
}
