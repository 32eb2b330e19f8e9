import CacheBenchCore

/// Why a profile cannot be used: every case names the file, and where it applies the field (a dotted
/// path such as `gate.thresholds.fetches.relative`) and the value as written.
///
/// All are bad input: the executable prints `description` and exits 64.
enum ProfileError: Error, Equatable, CustomStringConvertible {
  /// The file could not be read; `reason` is the system's.
  case unreadable(path: String, reason: String)
  /// The file is not JSON.
  case syntax(path: String, problem: JSONParser.SyntaxError)
  /// A field this version does not know. `known` lists the fields allowed where it appeared.
  case unknownField(path: String, field: String, value: String, known: [String])
  /// A field given twice in one object.
  case duplicateField(path: String, field: String)
  /// A field whose value is of the wrong kind or out of range.
  case invalidValue(path: String, field: String, value: String, reason: String)
  /// Two fields that exclude each other, e.g. `requests` and `duration`.
  case conflictingFields(path: String, first: String, second: String)
  /// The profile and the command line are each valid but not together.
  case combination(path: String, problem: String)

  var description: String {
    switch self {
    case .unreadable(let path, let reason):
      "cannot read profile '\(path)': \(reason)"
    case .syntax(let path, let problem):
      "profile '\(path)' is not valid JSON: \(problem)"
    case .unknownField(let path, let field, let value, let known):
      "profile '\(path)': unknown field '\(field)' (value \(value)); known fields: "
        + known.joined(separator: ", ")
    case .duplicateField(let path, let field):
      "profile '\(path)': field '\(field)' is given twice"
    case .invalidValue(let path, let field, let value, let reason):
      "profile '\(path)': invalid value \(value) for field '\(field)': \(reason)"
    case .conflictingFields(let path, let first, let second):
      "profile '\(path)': fields '\(first)' and '\(second)' cannot be used together"
    case .combination(let path, let problem):
      "profile '\(path)' with the command line: \(problem)"
    }
  }
}
