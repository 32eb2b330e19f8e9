import CacheBenchCore

/// `cachebench paired`: the A/B gate's judgement of timing figures, head runs against base runs of one
/// profile, round by round (`PairedComparison`); exit 0 within the rules, 2 a regression, 64 bad input.
enum PairedCommand {
  /// Runs the comparison `configuration` describes; the report goes to stdout, errors to stderr.
  static func run(_ configuration: PairedConfiguration) -> Int32 {
    do {
      let passed = try compare(configuration).printed(configuration.format)
      return passed ? CacheBenchCommand.ExitCode.success : CacheBenchCommand.ExitCode.regression
    } catch {
      CacheBenchCommand.printError(error.description)
      return CacheBenchCommand.ExitCode.usage
    }
  }

  /// The comparison, or the first reason it cannot be made.
  static func compare(_ configuration: PairedConfiguration) throws(CompareCommand.CompareFailure)
    -> PairedComparison
  {
    let thresholds: GateThresholds
    do {
      thresholds =
        try configuration.profilePath.map(Profile.load(path:))?.thresholds ?? GateThresholds()
    } catch {
      throw .profile(error)
    }
    do {
      let base = try read(configuration.basePaths)
      let head = try read(configuration.headPaths)
      return try PairedComparison(
        base: base, head: head,
        baseName: configuration.baseName ?? name(base, fallback: "base"),
        headName: configuration.headName ?? name(head, fallback: "head"),
        rules: thresholds.paired)
    } catch {
      throw .gate(error)
    }
  }

  /// The runs at `paths`, refusing an interrupted one, which covers only part of the workload.
  private static func read(_ paths: [String]) throws(GateError) -> [ResultDocument] {
    var runs: [ResultDocument] = []
    for path in paths {
      let run = try ResultDocument.read(path: path)
      if run.interrupted { throw .interrupted(path: path) }
      runs.append(run)
    }
    return runs
  }

  /// `fallback` and the commit the first run recorded, e.g. `base 79147d3`.
  private static func name(_ runs: [ResultDocument], fallback: String) -> String {
    guard let commit = runs.first?.gitCommit, commit != "unknown" else { return fallback }
    return "\(fallback) \(commit)"
  }
}
