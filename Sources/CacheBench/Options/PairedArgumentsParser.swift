import CacheBenchCore

/// Reads the arguments after `paired`.
///
/// Syntax: `cachebench paired --base RUN... --head RUN... [--profile P] [--format text|markdown|json]
/// [--base-name NAME] [--head-name NAME]`. The files after `--base` up to the next option are the base
/// revision's runs, likewise `--head`; the two lists pair by position. Options taking a value accept
/// `--name value` or `--name=value`; each may be given once.
enum PairedArgumentsParser {
  private static let listOptions = ["--base", "--head"]
  private static let valueOptions = ["--profile", "--format", "--base-name", "--head-name"]
  /// The options `paired` takes, for the "did you mean" of one misspelled.
  static let optionSpellings = listOptions + valueOptions

  /// Parses the arguments that follow `paired`.
  static func parse(_ arguments: [String]) throws(OptionsError) -> PairedConfiguration {
    var lists: [String: [String]] = [:]
    var values: [String: String] = [:]
    var current: String?
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      guard argument.hasPrefix("--") else {
        guard let list = current else {
          throw .wrongOperandCount(
            subcommand: "paired", expected: "files only after --base or --head", given: 1)
        }
        lists[list, default: []].append(argument)
        continue
      }
      let equals = argument.firstIndex(of: "=")
      let name = equals.map { String(argument[..<$0]) } ?? argument
      let inline = equals.map { String(argument[argument.index(after: $0)...]) }
      guard optionSpellings.contains(name) else { throw .unknownOption(name) }
      guard lists[name] == nil, values[name] == nil else {
        throw .duplicateSubcommandOption(option: name)
      }
      if listOptions.contains(name) {
        lists[name] = inline.map { [$0] } ?? []
        current = name
        continue
      }
      current = nil
      if let inline {
        values[name] = inline
      } else if let next = remaining.first, !next.hasPrefix("--") {
        values[name] = next
        remaining.removeFirst()
      } else {
        throw .missingSubcommandValue(option: name)
      }
      if values[name]?.isEmpty == true {
        throw .invalidSubcommandValue(option: name, value: "", reason: "must not be empty")
      }
    }
    let base = lists["--base"] ?? []
    let head = lists["--head"] ?? []
    guard !base.isEmpty, base.count == head.count else {
      throw .invalidSubcommandValue(
        option: "--base/--head", value: "\(base.count) and \(head.count) files",
        reason: "give as many head runs as base runs, at least one of each, paired by position")
    }
    var format = ReportFormat.text
    if let text = values["--format"] {
      guard let chosen = ReportFormat(rawValue: text) else {
        throw .invalidSubcommandValue(
          option: "--format", value: text, reason: "must be text, markdown or json")
      }
      format = chosen
    }
    return PairedConfiguration(
      basePaths: base, headPaths: head, profilePath: values["--profile"], format: format,
      baseName: values["--base-name"], headName: values["--head-name"])
  }
}
