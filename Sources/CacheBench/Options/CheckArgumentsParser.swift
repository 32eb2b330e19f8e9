import CacheBenchCore

/// Reads the arguments after `check`.
///
/// Syntax: `cachebench check [--variants DESIGN[,DESIGN...]] [--json] [--no-timing]`. `--variants`
/// takes the names `run` takes (`sharded(8)` sets its shards) but no placement: the checks choose
/// their own workloads. Without it, the designs a default run measures are checked.
enum CheckArgumentsParser {
  private static let flags = ["--json", "--no-timing"]
  /// The options `check` takes, for the "did you mean" of one misspelled.
  static let optionSpellings = [OptionName.variants.rawValue] + flags

  /// Parses the arguments that follow `check`, with the designs of `registry`.
  static func parse(
    _ arguments: [String], registry: DesignRegistry
  ) throws(OptionsError) -> CheckConfiguration {
    var seen: Set<String> = []
    var variants: String?
    var configuration = CheckConfiguration(
      designs: registry.defaultDesigns.map { VariantName(design: $0) })
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      guard argument.hasPrefix("--") else {
        throw .wrongOperandCount(subcommand: "check", expected: "options only", given: 1)
      }
      let equals = argument.firstIndex(of: "=")
      let name = equals.map { String(argument[..<$0]) } ?? argument
      let inline = equals.map { String(argument[argument.index(after: $0)...]) }
      guard optionSpellings.contains(name) else { throw .unknownOption(name) }
      guard seen.insert(name).inserted else { throw .duplicateSubcommandOption(option: name) }
      if flags.contains(name) {
        if let inline { throw .unexpectedValue(flag: name, value: inline) }
        if name == "--json" { configuration.json = true } else { configuration.timing = false }
        continue
      }
      if let inline {
        variants = inline
      } else if let next = remaining.first, !next.hasPrefix("--") {
        variants = next
        remaining.removeFirst()
      } else {
        throw .missingSubcommandValue(option: name)
      }
    }
    if let variants {
      let names = try VariantName.list(variants, for: .variants, in: registry)
      if let placed = names.first(where: { $0.decode != nil }) {
        throw .invalidValue(
          option: .variants, value: variants,
          reason: "check takes designs, not placements ('\(placed.design.name)/"
            + "\(placed.decode?.rawValue ?? "")'): it chooses its own workloads")
      }
      configuration.designs = names
    }
    return configuration
  }
}
