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

  /// The text of the format `option` names for a finished run, one entry per variant with its
  /// repetitions; `ratios` are the ratio lines the table showed, if any; `interrupted` marks a run cut
  /// short by a signal or its deadline.
  static func render(
    _ option: OptionName, repeated: [VariantRepetitions], scenario: Scenario,
    metadata: RunMetadata, calibration: Calibration? = nil, ratios: ReferenceRatios? = nil,
    interrupted: Bool = false
  ) throws(OutputError) -> String {
    switch option {
    case .json:
      return try JSONWriter.render(
        repeated: repeated, scenario: scenario, metadata: metadata, interrupted: interrupted,
        calibration: calibration, ratios: ratios)
    case .markdown:
      return MarkdownWriter.render(
        repeated: repeated, scenario: scenario, metadata: metadata, ratios: ratios)
    case .histogramCSV:
      return HistogramCSVWriter.render(repeated: repeated)
    case .rawLatencies:
      return RawLatencyWriter.render(
        results: repeated.flatMap(\.measurements), scenario: scenario)
    default:
      return CSVWriter.render(
        repeated: repeated, scenario: scenario, metadata: metadata, calibration: calibration)
    }
  }
}
