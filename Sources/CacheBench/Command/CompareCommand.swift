import CacheBenchCore

/// `cachebench compare`: reads runs and judges them (their median when several) against a baseline; the
/// report goes to stdout. Ends with `CommandError.regression` when a figure is outside its threshold,
/// `.usage` for a run, baseline or profile that cannot be read.
struct CompareCommand: Subcommand {
  let configuration: CompareConfiguration

  init(_ configuration: CompareConfiguration) {
    self.configuration = configuration
  }

  func execute() throws(CommandError) {
    let comparison: Comparison
    do {
      comparison = try Self.compare(configuration)
    } catch {
      throw .usage(error.description)
    }
    if !comparison.printed(configuration.format) { throw .regression }
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
      comparison.notes += unregisteredDesigns(baseline).map { [$0] } ?? []
      return comparison
    } catch {
      throw .gate(error)
    }
  }

  /// The run at each path.
  static func readRuns(_ paths: [String]) throws(GateError) -> [ResultDocument] {
    var runs: [ResultDocument] = []
    for path in paths {
      runs.append(try ResultDocument.read(path: path))
    }
    return runs
  }

  /// The note for a baseline whose designs this executable does not register (a user's designs,
  /// compared with the plain `cachebench`): the rules their traits give (exact counts of a design that
  /// coalesces) cannot be applied, so those counts are shown, not judged; nil when every design is
  /// registered.
  static func unregisteredDesigns(_ baseline: ResultDocument) -> String? {
    var names: [String] = []
    for variant in baseline.variants
    where RegisteredDesigns.registry.design(named: variant.design) == nil
      && !names.contains(variant.design)
    {
      names.append(variant.design)
    }
    guard !names.isEmpty else { return nil }
    let named =
      names.count == 1 ? "design \(names[0]) is" : "designs \(names.joined(separator: ", ")) are"
    return "\(named) not registered in this executable, so the"
      + " rules their traits give (exact counts of a design that coalesces) are not applied: run"
      + " compare with the executable that registers them"
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
