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

  /// The text of the format `option` names for `run`, a finished run's record.
  static func render(_ option: OptionName, _ run: RunRecord) throws(OutputError) -> String {
    switch option {
    case .json:
      return try JSONWriter.render(run)
    case .markdown:
      return MarkdownWriter.render(run)
    case .histogramCSV:
      return HistogramCSVWriter.render(repeated: run.repeated)
    case .rawLatencies:
      return RawLatencyWriter.render(
        results: run.repeated.flatMap(\.measurements), scenario: run.scenario)
    default:
      return CSVWriter.render(run)
    }
  }
}
