import CacheBenchCore

/// A judgement the gate prints and exits by: `compare`'s `Comparison` and `paired`'s
/// `PairedComparison` alike.
protocol GateReport {
  /// Whether every judged figure is within its threshold.
  var passed: Bool { get }
  /// The report for a terminal or CI log.
  var textReport: String { get }
  /// The report for a CI job summary.
  var markdownReport: String { get }
  /// The report for programs.
  var jsonReport: JSONValue { get }
}

extension GateReport {
  /// The report in `format`, ending in a newline.
  func report(_ format: ReportFormat) -> String {
    switch format {
    case .text: textReport
    case .markdown: markdownReport
    case .json: jsonReport.rendered()
    }
  }

  /// Prints the report in `format` on stdout and returns whether the gate passed.
  func printed(_ format: ReportFormat) -> Bool {
    print(report(format), terminator: "")
    return passed
  }
}
