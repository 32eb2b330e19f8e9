import CacheBenchCore

/// `cachebench compare` and `cachebench baseline`: read runs, judge one against a baseline or merge
/// repetitions into one, and return the exit code (0 within thresholds or written, 2 a regression,
/// 64 bad input, an output path among it, 1 a baseline whose write failed).
enum CompareCommand {
  /// Runs the comparison `configuration` describes; the report goes to stdout, errors to stderr.
  static func run(_ configuration: CompareConfiguration) -> Int32 {
    do {
      let passed = try compare(configuration).printed(configuration.format)
      return passed ? CacheBenchCommand.ExitCode.success : CacheBenchCommand.ExitCode.regression
    } catch {
      CacheBenchCommand.printError(error.description)
      return CacheBenchCommand.ExitCode.usage
    }
  }

  /// Writes the median of the runs `configuration` names as a baseline; 64 for a run that cannot be
  /// read or an output path that cannot be written (checked before reading), 1 when the write fails.
  static func writeBaseline(_ configuration: BaselineConfiguration) -> Int32 {
    let merged: ResultDocument
    do {
      try AtomicFileWriter.checkWritable(path: configuration.outputPath)
    } catch {
      CacheBenchCommand.printError(error.description)
      return CacheBenchCommand.ExitCode.usage
    }
    do {
      merged = try readMedian(of: configuration.runPaths)
    } catch {
      CacheBenchCommand.printError(error.description)
      return CacheBenchCommand.ExitCode.usage
    }
    var baseline = merged
    baseline.kind = .baseline
    do {
      try AtomicFileWriter.write(baseline.json.rendered(), toPath: configuration.outputPath)
    } catch {
      CacheBenchCommand.printError(error.description)
      return CacheBenchCommand.ExitCode.failure
    }
    CacheBenchCommand.printError(
      writtenLine(path: configuration.outputPath, runs: configuration.runPaths.count))
    return CacheBenchCommand.ExitCode.success
  }

  /// What stderr says once a baseline of `runs` runs is written to `path`: the median of several, or
  /// the one run as it was.
  static func writtenLine(path: String, runs: Int) -> String {
    "baseline written to \(path) (" + (runs == 1 ? "from 1 run" : "median of \(runs) runs") + ")"
  }

  /// The comparison, or the first reason it cannot be made (a `GateError` or `ProfileError`).
  static func compare(_ configuration: CompareConfiguration) throws(CompareFailure) -> Comparison {
    let thresholds: GateThresholds
    do {
      thresholds =
        try configuration.profilePath.map(Profile.load(path:))?.thresholds
        ?? GateThresholds()
    } catch {
      throw .profile(error)
    }
    do {
      let baseline = try ResultDocument.read(path: configuration.baselinePath)
      let runs = try readRuns(configuration.currentPaths)
      let current = try ResultDocument.median(of: runs, names: configuration.currentPaths)
      let currentName =
        configuration.currentPaths.count == 1
        ? configuration.currentPaths[0]
        : "median of " + configuration.currentPaths.joined(separator: ", ")
      var comparison = try Comparison(
        baseline: baseline, baselineName: configuration.baselinePath, current: current,
        currentName: currentName, thresholds: thresholds, options: configuration.options)
      comparison.notes += ResultDocument.partlyMeasured(runs)
      return comparison
    } catch {
      throw .gate(error)
    }
  }

  /// The run at each path.
  private static func readRuns(_ paths: [String]) throws(GateError) -> [ResultDocument] {
    var runs: [ResultDocument] = []
    for path in paths {
      runs.append(try ResultDocument.read(path: path))
    }
    return runs
  }

  /// The run at each path, merged into their median when there are several.
  private static func readMedian(of paths: [String]) throws(GateError) -> ResultDocument {
    try ResultDocument.median(of: try readRuns(paths), names: paths)
  }

  /// Either kind of bad input a comparison can meet.
  enum CompareFailure: Error, CustomStringConvertible {
    case profile(ProfileError)
    case gate(GateError)

    var description: String {
      switch self {
      case .profile(let error): error.description
      case .gate(let error): error.description
      }
    }
  }
}
