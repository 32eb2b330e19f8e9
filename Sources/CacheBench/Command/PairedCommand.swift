import CacheBenchCore

/// `cachebench paired`: the A/B gate's judgement of timing figures, head runs against base runs of one
/// profile, round by round (`PairedComparison`); the report goes to stdout. Ends with
/// `CommandError.regression` outside the rules, `.usage` for a run or profile that cannot be read or an
/// interrupted run.
struct PairedCommand: Subcommand {
  let configuration: PairedConfiguration

  init(_ configuration: PairedConfiguration) {
    self.configuration = configuration
  }

  func execute() throws(CommandError) {
    let comparison: PairedComparison
    do {
      comparison = try Self.compare(configuration)
    } catch {
      throw .usage(error.description)
    }
    if !comparison.printed(configuration.format) { throw .regression }
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
        rules: thresholds.paired,
        paths: (configuration.basePaths, configuration.headPaths))
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
