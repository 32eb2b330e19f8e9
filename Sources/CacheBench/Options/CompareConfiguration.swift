import CacheBenchCore

/// What `cachebench compare` was asked to do.
struct CompareConfiguration: Sendable, Equatable {
  /// The baseline file: a saved baseline, a `--json` result or a `--csv` file.
  var baselinePath: String
  /// The files of the run to judge, in any of the same forms; several are repetitions of one run,
  /// judged by the median of each metric.
  var currentPaths: [String]
  /// The profile whose `gate` section overrides the built-in thresholds; `nil` for the built-ins.
  var profilePath: String?
  var format: ReportFormat = .text
  var options = ComparisonOptions()
}

/// What `cachebench baseline` was asked to do: write the median of some runs as a baseline.
struct BaselineConfiguration: Sendable, Equatable {
  /// Where to write, resolved like `--save-baseline` (a bare name goes to `Profiles/baselines/`).
  var outputPath: String
  /// The runs, repetitions of one scenario (`--csv` or `--json` files or baselines).
  var runPaths: [String]
}
