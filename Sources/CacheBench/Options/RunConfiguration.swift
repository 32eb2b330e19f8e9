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
  /// Whether to show no progress on stderr.
  var isQuiet = false

  /// The value of `csvPath` that means "write the CSV to stdout".
  static let standardOutputPath = "-"
}
