import CacheBenchCore

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
  /// An option (or an option and its value) that does something only with another, which was not
  /// given as it needs, e.g. `--cancel-at decode` without `--cancel-rate` above 0.
  case needsOption(String, needs: String, reason: String)
  /// The scenario would need more memory than the machine can spare; the message names the options.
  case exceedsMemory(needed: UInt64, available: UInt64, options: String)
  /// Two outputs both given `-`; stdout can carry only one.
  case sharedStandardOutput(OptionName, OptionName)
  /// Two outputs given the same file; the second would replace the first.
  case sharedOutputPath(OptionName, OptionName, path: String)
  /// A subcommand given the wrong number of operands, e.g. `compare` with one file.
  case wrongOperandCount(subcommand: String, expected: String, given: Int)
  /// A value of an option outside the `run` options (e.g. `compare --format`), by its spelling.
  case invalidSubcommandValue(option: String, value: String, reason: String)
  /// An option outside the `run` options given without its value.
  case missingSubcommandValue(option: String)
  /// An option outside the `run` options given twice.
  case duplicateSubcommandOption(option: String)
  /// An option that the subcommand does not take, e.g. `cachebench calibrate --keys 5`.
  case notApplicable(option: OptionName, subcommand: String)

  /// ` did you mean 'X'? see '\(ProgramName.current) --help'`, or just the pointer to the help without a
  /// suggestion.
  private static func hint(_ suggestion: String?) -> String {
    (suggestion.map { " did you mean '\($0)'?" } ?? "") + " see '\(ProgramName.current) --help'"
  }

  var description: String {
    switch self {
    case .unknownSubcommand(let name):
      "unknown subcommand '\(name)';"
        + Self.hint(SpellingSuggestion.nearest(to: name, among: CommandLineParser.subcommands))
    case .unknownOption(let name):
      "unknown option '\(name)';"
        + Self.hint(SpellingSuggestion.nearest(to: name, among: CommandLineParser.optionSpellings))
    case .unexpectedArgument(let argument):
      "unexpected argument '\(argument)'; see '\(ProgramName.current) --help'"
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
    case .exceedsMemory(let needed, let available, let options):
      "the run would hold about \(MemoryBudget.text(bytes: needed)) (\(options)), more than half"
        + " of this machine's \(MemoryBudget.text(bytes: available)) of memory; lower those options"
    case .conflictingOptions(let first, let second):
      "\(first) and \(second) cannot be used together"
    case .needsOption(let option, let needs, let reason):
      "\(option) needs \(needs): \(reason)"
    case .sharedStandardOutput(let first, let second):
      "\(first) - and \(second) - cannot both write to stdout; give one of them a file"
    case .sharedOutputPath(let first, let second, let path):
      "\(first) and \(second) both write '\(path)'; give each its own file"
    case .wrongOperandCount(let subcommand, let expected, let given):
      "\(subcommand) takes \(expected), got \(given); see '\(ProgramName.current) --help'"
    case .invalidSubcommandValue(let option, let value, let reason):
      "invalid value '\(value)' for \(option): \(reason)"
    case .missingSubcommandValue(let option):
      "missing value for \(option)"
    case .duplicateSubcommandOption(let option):
      "duplicate option \(option): give it once"
    case .notApplicable(let option, let subcommand):
      "\(option) does not apply to '\(subcommand)'; see '\(ProgramName.current) --help'"
    }
  }
}
