/// Why a command line could not be turned into a `Command`.
///
/// Every case carries the offending input, and `description` is a one-line message that quotes it,
/// fit to print after `cachebench: ` before exiting with the usage status 64.
enum OptionsError: Error, Equatable, CustomStringConvertible {
  /// The first argument is neither an option nor `run`.
  case unknownSubcommand(String)
  /// An argument starting with `-` that names no option (the part before any `=`).
  case unknownOption(String)
  /// A non-option argument after the subcommand, e.g. `cachebench run fast`.
  case unexpectedArgument(String)
  /// A flag that takes no value was given one, e.g. `--version=2`.
  case unexpectedValue(flag: String, value: String)
  /// An option at the end of the arguments, or followed by another `--option`.
  case missingValue(OptionName)
  /// An option given more than once.
  case duplicateOption(OptionName)
  /// A value of the right kind but outside what the option allows, or not of its kind at all.
  case invalidValue(option: OptionName, value: String, reason: String)
  /// A duration option whose value is not a well-formed duration.
  case invalidDuration(option: OptionName, value: String, problem: Duration.ParsingError)
  /// Two options (or an option and a value of another) that exclude each other.
  case conflictingOptions(String, String)
  /// An option that the subcommand does not take, e.g. `cachebench calibrate --keys 5`.
  case notApplicable(option: OptionName, subcommand: String)

  var description: String {
    switch self {
    case .unknownSubcommand(let name):
      "unknown subcommand '\(name)'; see 'cachebench --help'"
    case .unknownOption(let name):
      "unknown option '\(name)'; see 'cachebench --help'"
    case .unexpectedArgument(let argument):
      "unexpected argument '\(argument)'; see 'cachebench --help'"
    case .unexpectedValue(let flag, let value):
      "unexpected value '\(value)' for \(flag): it takes no value"
    case .missingValue(let option):
      "missing value for \(option)"
    case .duplicateOption(let option):
      "duplicate option \(option): give it once"
    case .invalidValue(let option, let value, let reason):
      "invalid value '\(value)' for \(option): \(reason)"
    case .invalidDuration(let option, let value, let problem):
      "invalid duration '\(value)' for \(option): \(problem)"
    case .conflictingOptions(let first, let second):
      "\(first) and \(second) cannot be used together"
    case .notApplicable(let option, let subcommand):
      "\(option) does not apply to '\(subcommand)'; see 'cachebench --help'"
    }
  }
}
