import CacheBenchCore

/// Why `compare` could not compare: an input file that cannot be read or is not a run, or two runs
/// that cannot be compared. Each is bad input (exit 64), and `description` names the file and quotes
/// the offending value.
enum GateError: Error, Equatable, CustomStringConvertible {
  /// The file could not be read; `reason` is the system's.
  case unreadable(path: String, reason: String)
  /// The file is neither valid JSON nor valid CSV; `problem` says where.
  case malformed(path: String, format: String, problem: String)
  /// A member or column holds something the format does not allow.
  case invalidField(path: String, field: String, value: String, reason: String)
  /// A JSON document of a schema this version does not know.
  case unsupportedSchema(path: String, value: String)
  /// Two variants in one file with the same name and decode placement.
  case duplicateVariant(path: String, key: String)
  /// The run was interrupted, so its figures cover only part of the workload.
  case interrupted(path: String)
  /// The two files measured different scenarios, so their counts cannot be compared.
  case scenarioMismatch(baseline: String, current: String, differences: [String])
  /// Repetitions of one run that measured different variants.
  case repetitionsDiffer(
    first: String, other: String, firstVariants: [String], otherVariants: [String])
  /// The reference variant of the timing ratios is not in the baseline.
  case unknownReference(path: String, reference: String, available: [String])
  /// An A/B comparison given unequal numbers of base and head rounds, or none.
  case unpairedRounds(base: Int, head: Int)
  /// Runs of an A/B comparison that measured different scenarios, so no ratio of theirs is a verdict.
  case pairedScenarioMismatch(first: String, other: String, differences: [String])

  var description: String {
    switch self {
    case .unreadable(let path, let reason):
      "cannot read '\(path)': \(reason)"
    case .malformed(let path, let format, let problem):
      "'\(path)' is not valid \(format): \(problem)"
    case .invalidField(let path, let field, let value, let reason):
      "'\(path)': invalid value \(value) for '\(field)': \(reason)"
    case .unsupportedSchema(let path, let value):
      "'\(path)': unsupported schema \(value): this cachebench reads schema \(ResultDocument.schema)"
    case .duplicateVariant(let path, let key):
      "'\(path)': variant '\(key)' appears twice; compare one run per file"
    case .interrupted(let path):
      "'\(path)' is an interrupted run: its figures cover only part of the workload"
    case .scenarioMismatch(let baseline, let current, let differences):
      "'\(baseline)' and '\(current)' measured different scenarios (\(differences.joined(separator: "; ")));"
        + " regenerate the baseline for this scenario"
    case .repetitionsDiffer(let first, let other, let firstVariants, let otherVariants):
      "'\(first)' and '\(other)' are not repetitions of one run: variants"
        + " \(firstVariants.joined(separator: ",")) vs \(otherVariants.joined(separator: ","))"
    case .unknownReference(let path, let reference, let available):
      "reference variant '\(reference)' is not in '\(path)'; it has \(available.joined(separator: ", "))"
    case .unpairedRounds(let base, let head):
      "an A/B comparison pairs rounds: \(base) base and \(head) head runs given; give as many of each,"
        + " at least one"
    case .pairedScenarioMismatch(let first, let other, let differences):
      "'\(first)' and '\(other)' measured different scenarios (\(differences.joined(separator: "; ")));"
        + " paired judges two builds on one scenario: run both with the same profile and options,"
        + " and set in the profile each of these fields that it leaves to the builds' defaults"
    }
  }
}
