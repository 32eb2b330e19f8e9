import CacheBenchCore

/// Turns the arguments after `argv[0]` into a `Command`.
///
/// Syntax: `cachebench [run] [--option value | --option=value]... [-h | --help] [--version]`.
/// - `-h`/`--help` anywhere wins over everything else, errors included; then `--version`.
/// - The first argument, if it does not start with `-`, is the subcommand: `run` (also what no
///   subcommand means), `calibrate` or `sweep`, `compare` or `baseline` (see
///   `CompareArgumentsParser`), or `help [SUBCOMMAND]`. Any later argument that is not an option is an
///   error. A misspelled subcommand or option is refused with the nearest known one suggested.
/// - Options a subcommand does not take are errors (`calibrate --keys 5`).
/// - Each option takes exactly one value: the text after `=`, or else the next argument unless that
///   starts with `--` (so `--csv -` and `--keys -3` read `-` and `-3` as values). A flag such as
///   `--quiet` takes none, and `--quiet=x` is an error.
/// - Each option may be given once; values are checked in argument order, so the first bad one is
///   reported, and conflicts between options after all of them are read.
enum CommandLineParser {
  /// The subcommand implied when none is given.
  static let runSubcommand = "run"
  /// The subcommand that compares a run with a baseline; `CompareArgumentsParser` reads the rest.
  static let compareSubcommand = "compare"
  /// The subcommand that writes a baseline from the median of runs.
  static let baselineSubcommand = "baseline"
  /// The A/B gate's judgement of head runs against base runs; `PairedArgumentsParser` reads the rest.
  static let pairedSubcommand = "paired"
  /// Measures and prints the floor of each mechanism.
  static let calibrateSubcommand = "calibrate"
  /// Runs the cross product of shard counts, concurrencies and placements.
  static let sweepSubcommand = "sweep"
  /// The report card of designs; `CheckArgumentsParser` reads the rest.
  static let checkSubcommand = "check"
  /// Prints the help page, like `--help`; `help SUBCOMMAND` too, since one page covers them all.
  static let helpSubcommand = "help"
  /// Every subcommand, for the "did you mean" of one misspelled.
  static let subcommands = [
    runSubcommand, compareSubcommand, baselineSubcommand, pairedSubcommand, calibrateSubcommand,
    sweepSubcommand, checkSubcommand, helpSubcommand,
  ]
  /// Every option spelling of every subcommand, for the "did you mean" of one misspelled.
  static var optionSpellings: [String] {
    OptionName.allCases.map(\.rawValue) + CompareArgumentsParser.optionSpellings
      + PairedArgumentsParser.optionSpellings + CheckArgumentsParser.optionSpellings
      + ["--help", "--version"]
  }
  /// The spellings of the help flag, which takes no value.
  private static let helpFlags: Set<String> = ["-h", "--help"]
  /// The version flag, which takes no value.
  private static let versionFlag = "--version"

  /// Parses `arguments` (without the program name) into what the user asked for.
  static func parse(_ arguments: [String]) throws(OptionsError) -> Command {
    if arguments.contains(where: helpFlags.contains) { return .help }
    if arguments.contains(versionFlag) { return .version }

    var remaining = arguments[...]
    var subcommand = runSubcommand
    if let first = remaining.first, !first.hasPrefix("-") {
      if first == helpSubcommand {
        let operands = remaining.dropFirst()
        guard operands.count <= 1 else {
          throw .wrongOperandCount(
            subcommand: helpSubcommand, expected: "at most one SUBCOMMAND", given: operands.count)
        }
        if let name = operands.first, !subcommands.contains(name) {
          throw name.hasPrefix("-") ? .unexpectedArgument(name) : .unknownSubcommand(name)
        }
        return .help
      }
      if first == compareSubcommand {
        return .compare(try CompareArgumentsParser.parse(Array(remaining.dropFirst())))
      }
      if first == baselineSubcommand {
        return .baseline(try CompareArgumentsParser.parseBaseline(Array(remaining.dropFirst())))
      }
      if first == pairedSubcommand {
        return .paired(try PairedArgumentsParser.parse(Array(remaining.dropFirst())))
      }
      if first == checkSubcommand {
        return .check(
          try CheckArgumentsParser.parse(
            Array(remaining.dropFirst()), registry: RegisteredDesigns.registry))
      }
      guard [runSubcommand, calibrateSubcommand, sweepSubcommand].contains(first) else {
        throw .unknownSubcommand(first)
      }
      subcommand = first
      remaining.removeFirst()
    }

    switch subcommand {
    case calibrateSubcommand:
      var builder = CalibrationConfigurationBuilder()
      try readOptions(remaining) { (option, value) throws(OptionsError) in
        try builder.apply(value, for: option)
      }
      return .calibrate(builder.build())
    case sweepSubcommand:
      var builder = SweepConfigurationBuilder()
      try readOptions(remaining) { (option, value) throws(OptionsError) in
        try builder.apply(value, for: option)
      }
      return .sweep(try builder.build())
    default:
      var builder = RunConfigurationBuilder()
      try readOptions(remaining) { (option, value) throws(OptionsError) in
        try builder.apply(value, for: option)
      }
      return .run(try builder.build())
    }
  }

  /// Reads `--option value` pairs and flags in argument order, handing each to `apply` as soon as it
  /// is read (a flag with an empty value), so the first bad argument is the one reported.
  private static func readOptions(
    _ arguments: ArraySlice<String>,
    apply: (OptionName, String) throws(OptionsError) -> Void
  ) throws(OptionsError) {
    var remaining = arguments
    var given: Set<OptionName> = []
    while let argument = remaining.popFirst() {
      guard argument.hasPrefix("-") else { throw .unexpectedArgument(argument) }
      let (name, inlineValue) = split(argument)
      guard let option = OptionName(rawValue: name) else {
        if let inlineValue, helpFlags.contains(name) || name == versionFlag {
          throw .unexpectedValue(flag: name, value: inlineValue)
        }
        throw .unknownOption(name)
      }
      guard given.insert(option).inserted else { throw .duplicateOption(option) }
      guard option.takesValue else {
        if let inlineValue { throw .unexpectedValue(flag: name, value: inlineValue) }
        // A flag reaches its builder with no value; the builder records it (or refuses it).
        try apply(option, "")
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if let next = remaining.first, !next.hasPrefix("--") {
        value = next
        remaining.removeFirst()
      } else {
        throw .missingValue(option)
      }
      try apply(option, value)
    }
  }

  /// Splits `--name=value` at the first `=`; an argument without `=` has no inline value.
  private static func split(_ argument: String) -> (name: String, value: String?) {
    guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
