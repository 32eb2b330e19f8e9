import CacheBenchCore

/// `cachebench baseline`: merges the runs it is given into their median and writes it as a baseline,
/// saying so on stderr.
///
/// A run that cannot be read, an interrupted run (its figures cover part of the workload, so no
/// comparison would accept the baseline), or an output path that cannot be written (checked before
/// reading), is a usage error; a write that fails once started is a failure.
struct BaselineCommand: Subcommand {
  let configuration: BaselineConfiguration

  init(_ configuration: BaselineConfiguration) {
    self.configuration = configuration
  }

  func execute() throws(CommandError) {
    do {
      try AtomicFileWriter.checkWritable(path: configuration.outputPath)
    } catch {
      throw .usage(error.description)
    }
    var baseline: ResultDocument
    do throws(GateError) {
      let runs = try CompareCommand.readRuns(configuration.runPaths)
      if let index = runs.firstIndex(where: \.interrupted) {
        throw GateError.interrupted(path: configuration.runPaths[index])
      }
      baseline = try ResultDocument.median(of: runs, names: configuration.runPaths)
    } catch {
      throw .usage(error.description)
    }
    baseline.kind = .baseline
    do {
      try AtomicFileWriter.write(baseline.json.rendered(), toPath: configuration.outputPath)
    } catch {
      throw .failure(error.description)
    }
    CacheBenchCommand.printError(
      Self.writtenLine(path: configuration.outputPath, runs: configuration.runPaths.count))
  }

  /// What stderr says once a baseline of `runs` runs is written to `path`: the median of several, or
  /// the one run as it was.
  static func writtenLine(path: String, runs: Int) -> String {
    "baseline written to \(path) (" + (runs == 1 ? "from 1 run" : "median of \(runs) runs") + ")"
  }
}
