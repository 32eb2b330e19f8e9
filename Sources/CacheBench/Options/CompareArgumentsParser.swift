import CacheBenchCore

/// Reads the arguments after `compare` (files and options, in any order) and after `baseline`.
///
/// Syntax: `cachebench compare BASELINE CURRENT [CURRENT...] [--profile P]
/// [--format text|markdown|json] [--fail-on-improvement] [--any-host]`, and
/// `cachebench baseline NAME RUN [RUN...]`. Options taking a value accept `--name value` or
/// `--name=value`; flags take none. Each may be given once. `-` is not a file here: both inputs must be
/// named, so a report always says which files it judged.
enum CompareArgumentsParser {
  private static let profileOption = "--profile"
  private static let formatOption = "--format"
  private static let failOnImprovementFlag = "--fail-on-improvement"
  private static let anyHostFlag = "--any-host"
  /// The options `compare` takes besides those of `run`, for the "did you mean" of one misspelled.
  static let optionSpellings = [formatOption, failOnImprovementFlag, anyHostFlag]

  /// Parses the arguments that follow `compare`.
  static func parse(_ arguments: [String]) throws(OptionsError) -> CompareConfiguration {
    var operands: [String] = []
    var profilePath: String?
    var format: ReportFormat?
    var options = ComparisonOptions()
    var seen: Set<String> = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      guard argument.hasPrefix("--") else {
        operands.append(argument)
        continue
      }
      let equals = argument.firstIndex(of: "=")
      let name = equals.map { String(argument[..<$0]) } ?? argument
      let inline = equals.map { String(argument[argument.index(after: $0)...]) }
      guard [profileOption, formatOption, failOnImprovementFlag, anyHostFlag].contains(name) else {
        throw .unknownOption(name)
      }
      guard seen.insert(name).inserted else { throw .duplicateSubcommandOption(option: name) }
      if name == failOnImprovementFlag || name == anyHostFlag {
        if let inline { throw .unexpectedValue(flag: name, value: inline) }
        if name == failOnImprovementFlag {
          options.failOnImprovement = true
        } else {
          options.anyHost = true
        }
        continue
      }
      let value: String
      if let inline {
        value = inline
      } else if let next = remaining.first, !next.hasPrefix("--") {
        value = next
        remaining.removeFirst()
      } else {
        throw .missingSubcommandValue(option: name)
      }
      if name == profileOption {
        guard !value.isEmpty else {
          throw .invalidSubcommandValue(option: name, value: value, reason: "must not be empty")
        }
        profilePath = value
      } else {
        guard let chosen = ReportFormat(rawValue: value) else {
          throw .invalidSubcommandValue(
            option: name, value: value, reason: "must be text, markdown or json")
        }
        format = chosen
      }
    }
    guard operands.count >= 2 else {
      throw .wrongOperandCount(
        subcommand: "compare", expected: "BASELINE and at least one CURRENT file",
        given: operands.count)
    }
    return CompareConfiguration(
      baselinePath: operands[0], currentPaths: Array(operands.dropFirst()),
      profilePath: profilePath, format: format ?? .text, options: options)
  }

  /// Parses the arguments that follow `baseline`: the name or path to write, then the runs.
  static func parseBaseline(_ arguments: [String]) throws(OptionsError) -> BaselineConfiguration {
    if let option = arguments.first(where: { $0.hasPrefix("--") }) {
      throw .unknownOption(String(option.prefix { $0 != "=" }))
    }
    guard arguments.count >= 2 else {
      throw .wrongOperandCount(
        subcommand: "baseline", expected: "NAME and at least one RUN file",
        given: arguments.count)
    }
    guard let path = BaselineLocation.path(for: arguments[0]) else {
      throw .invalidSubcommandValue(
        option: "baseline NAME", value: arguments[0], reason: BaselineLocation.nameRule)
    }
    return BaselineConfiguration(outputPath: path, runPaths: Array(arguments.dropFirst()))
  }
}
