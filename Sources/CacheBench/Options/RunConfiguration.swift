/// A run: the scenario to measure and where its results go besides the table on stdout.
struct RunConfiguration: Sendable, Equatable {
  /// The variants and the workload each of them gets.
  var scenario: Scenario
  /// Where to write the results as CSV: a file path, `-` for stdout, or `nil` for no CSV.
  var csvPath: String?
  /// Which windows to profile and how to tell the profiler (`--perf-ctl`, `--profile-variant`, ...).
  var profiling = ProfilingOptions()

  /// The value of `csvPath` that means "write the CSV to stdout".
  static let standardOutputPath = "-"
}
