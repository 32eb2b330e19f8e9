import CacheBenchCore

/// A run: the scenario to measure and where its results go besides the table on stdout.
struct RunConfiguration: Sendable, Equatable {
  /// The variants and the workload each of them gets.
  var scenario: Scenario
  /// Where to write the results as CSV: a file path, `-` for stdout, or `nil` for no CSV.
  var csvPath: String?
  /// Where to write the full result as JSON, like `csvPath`.
  var jsonPath: String? = nil
  /// Where to write the Markdown summary, like `csvPath`.
  var markdownPath: String? = nil
  /// Where to write the percentile spectra CSV, like `csvPath`.
  var histogramCSVPath: String? = nil
  /// Where to write every request's latency as CSV, like `csvPath`; recording them allocates.
  var rawLatenciesPath: String? = nil
  /// Whether stderr carries only errors and warnings: no progress, no information lines.
  var isQuiet = false
  /// How many findings the terminal shows (`--findings`, `Int.max` for all). The JSON result holds
  /// every one whatever this says.
  var findingsShown = FindingThresholds.shownFindings
  /// The profile to start from, with the options given beside it; `nil` without `--profile`.
  /// `ProfileResolver` turns it into the scenario before the run.
  var profile: ProfileRequest? = nil
  /// Where to write the results as a baseline (`--save-baseline`), already resolved to a path.
  var baselinePath: String? = nil
  /// Which windows to profile and how to tell the profiler (`--perf-ctl`, `--profile-variant`, ...).
  var profiling = ProfilingOptions()
  /// A `--profile-variant` given with `--profile`, checked against the variants once the profile is read.
  var pendingProfileVariant: String? = nil
  /// Bound on the whole run's wall time (`--deadline`); when it passes the run stops as on SIGINT.
  var deadline: Duration? = nil
  /// Measurements per variant and the ratios' reference (`--repeat`, `--reference`).
  var repeatOptions = RepeatOptions()

  /// The value of `csvPath` that means "write the CSV to stdout".
  static let standardOutputPath = "-"
}

/// A `--profile` not yet read: the file, and the scenario options of the command line, which override
/// its fields.
struct ProfileRequest: Sendable, Equatable {
  var path: String
  var overrides: [OptionSetting]
}

extension RunConfiguration {
  /// Restricts profiling to the variant called `name` (as `Variant.description` prints it, or
  /// `design/decode`), which must be one of the scenario's.
  mutating func selectProfiledVariant(named name: String) throws(OptionsError) {
    guard let variant = WindowSelection.variant(named: name, in: scenario.variants) else {
      let names = scenario.variants.map(\.description).joined(separator: ", ")
      throw .invalidValue(
        option: .profileVariant, value: name,
        reason: "not a variant of this run; use one of \(names)")
    }
    profiling.selection = .only(variant)
  }
}
