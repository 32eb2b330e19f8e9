import CacheBenchCore

/// The files a run writes besides the table: checking them before the run and rendering them after.
enum RunOutputs {
  /// Throws for the first output file that could not be written now, so a typo in a path fails in
  /// milliseconds rather than after the run. Outputs on stdout need no check.
  static func checkWritable(_ outputs: [RunConfiguration.Output]) throws(OutputError) {
    for output in outputs where !output.isStandardOutput {
      try AtomicFileWriter.checkWritable(path: output.path)
    }
  }

  /// The text of the format `option` names for a finished run; `interrupted` marks a run cut short by a
  /// signal or its deadline.
  static func render(
    _ option: OptionName, results: [VariantResult], scenario: Scenario, metadata: RunMetadata,
    calibration: Calibration? = nil, interrupted: Bool = false
  ) throws(OutputError) -> String {
    switch option {
    case .json:
      return try JSONWriter.render(
        results: results, scenario: scenario, metadata: metadata, interrupted: interrupted,
        calibration: calibration)
    case .markdown:
      return MarkdownWriter.render(results: results, scenario: scenario, metadata: metadata)
    case .histogramCSV:
      return HistogramCSVWriter.render(results: results)
    case .rawLatencies:
      return RawLatencyWriter.render(results: results, scenario: scenario)
    default:
      return CSVWriter.render(
        results: results, scenario: scenario, metadata: metadata, calibration: calibration)
    }
  }
}
