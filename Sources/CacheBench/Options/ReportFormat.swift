/// The output formats of `cachebench compare` and `cachebench paired`.
enum ReportFormat: String, Sendable, CaseIterable {
  /// Aligned columns for a terminal or CI log.
  case text
  /// GitHub-flavoured Markdown, for a CI job summary.
  case markdown
  /// One JSON object, for other programs.
  case json
}

/// What `cachebench compare` compares and how strictly (`Comparison.Options`).
struct ComparisonOptions: Sendable, Equatable {
  /// Fail (exit 2) when a metric improved beyond its threshold, so a stale baseline gets refreshed.
  var failOnImprovement = false
  /// Judge host-dependent metrics even when the baseline comes from another host or toolchain.
  var anyHost = false
}
