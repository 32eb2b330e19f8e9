import CacheBenchCore

extension RunConfiguration {
  /// A file a run writes besides the table: which format, to which path (`-` for stdout).
  struct Output: Sendable, Equatable {
    /// The option that asked for it, which also names its format.
    var option: OptionName
    var path: String

    /// Whether it goes to stdout rather than a file.
    var isStandardOutput: Bool { path == RunConfiguration.standardOutputPath }
  }

  /// Every output asked for, in option order: CSV, JSON, Markdown, histogram CSV, raw latencies.
  var outputs: [Output] {
    let paths: [(OptionName, String?)] = [
      (.csv, csvPath), (.json, jsonPath), (.markdown, markdownPath),
      (.histogramCSV, histogramCSVPath), (.rawLatencies, rawLatenciesPath),
    ]
    return paths.compactMap { option, path in path.map { Output(option: option, path: $0) } }
  }

  /// Whether some output takes stdout, so the table must go to stderr.
  var writesToStandardOutput: Bool { outputs.contains(where: \.isStandardOutput) }

  /// Throws when two outputs would collide: both on stdout, or both on the same path as written.
  ///
  /// Paths are compared as text: `a.csv` and `./a.csv` are not caught, which is the user's to see.
  func checkOutputsAreDistinct() throws(OptionsError) {
    let outputs = outputs
    for (index, output) in outputs.enumerated() {
      for earlier in outputs[..<index] where earlier.path == output.path {
        if output.isStandardOutput {
          throw .sharedStandardOutput(earlier.option, output.option)
        }
        throw .sharedOutputPath(earlier.option, output.option, path: output.path)
      }
    }
  }
}
