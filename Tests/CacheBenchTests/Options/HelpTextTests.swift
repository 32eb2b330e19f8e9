import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// What the help page must tell the user.
struct HelpTextTests {
  /// The help entry of each option: its line and the continuation lines indented under it. An
  /// option's line shows its value form (`--keys <n>`); a flag's shows none (`--quiet  `).
  static func entry(for option: OptionName) -> String? {
    let lines = HelpText.usage.split(separator: "\n", omittingEmptySubsequences: false)
    let lead = option.takesValue ? "  \(option.rawValue) <" : "  \(option.rawValue)  "
    guard let start = lines.firstIndex(where: { $0.hasPrefix(lead) }) else {
      return nil
    }
    let continuation = lines[(start + 1)...].prefix { $0.hasPrefix("     ") }
    return ([lines[start]] + continuation).joined(separator: "\n")
  }

  /// Each option, the default its help entry states, and a command line spelling that default.
  static let statedDefaults: [(option: OptionName, stated: String, arguments: [String])] = [
    (.variants, "the designs marked default", ["--variants", "naive,coalescing,sharded,mutex"]),
    (.decode, "inside,outside", ["--decode", "inside,outside"]),
    (.decodeCost, "20us", ["--decode-cost", "20us"]),
    (.shards, "8", ["--shards", "8"]),
    (.keys, "10000", ["--keys", "10000"]),
    (.distribution, "zipf", ["--distribution", "zipf"]),
    (.zipfTheta, "0.99", ["--zipf-theta", "0.99"]),
    (.seed, "1", ["--seed", "1"]),
    (.concurrency, "64", ["--concurrency", "64"]),
    (.requests, "50000", ["--requests", "50000"]),
    (.duration, "none, --requests applies", []),
    (.warmup, "2000", ["--warmup", "2000"]),
    (.repetitions, "1", ["--repeat", "1"]),
    (.reference, "coalescing, else the first design", []),
    (.latency, "1ms", ["--latency", "1ms"]),
    (.payloadBytes, "4096", ["--payload-bytes", "4096"]),
    (.csv, "none", []),
    (.json, "none", []),
    (.markdown, "none", []),
    (.histogramCSV, "none", []),
    (.rawLatencies, "none", []),
    (.quiet, "off", []),
    (.findings, "8", ["--findings", "8"]),
    (.profile, "none", []),
    (.saveBaseline, "none", []),
    (.perfControl, "none", []),
    (.profileVariant, "every variant", []),
    (.pauseBeforeWindow, "off", []),
    (.failRate, "0", ["--fail-rate", "0"]),
    (.ignoreCancellation, "off", []),
    (.fetchLimit, "none, unlimited", []),
    (.rate, "none, closed loop", []),
    (.invalidateRate, "0", ["--invalidate-rate", "0"]),
    (.cancelRate, "0", ["--cancel-rate", "0"]),
    (.cancelAt, "wait", ["--cancel-at", "wait"]),
    (.decodeCheckpoint, "0", ["--decode-checkpoint", "0"]),
    (.writeRate, "0", ["--write-rate", "0"]),
    (.capacity, "none, no limit", []),
    (.ttl, "none, no expiry", []),
    (.maxTime, "none", []),
    (.deadline, "none", []),
    (.threads, "none, the pool", []),
    (.caller, "pool", ["--caller", "pool"]),
  ]

  @Test(arguments: OptionName.allCases)
  func everyOptionHasAnEntryWithADefault(_ option: OptionName) throws {
    let entry = try #require(Self.entry(for: option))
    #expect(entry.contains("(default: "))
  }

  @Test(arguments: statedDefaults)
  func theStatedDefaultIsTheOneTheParserApplies(
    _ option: OptionName, _ stated: String, _ arguments: [String]
  ) throws {
    let entry = try #require(Self.entry(for: option))
    #expect(entry.contains("(default: \(stated))"))
    #expect(try CommandLineParser.parse(arguments) == CommandLineParser.parse([]))
  }

  @Test func everyOptionHasAStatedDefaultInTheTable() {
    #expect(Set(Self.statedDefaults.map(\.option)) == Set(OptionName.allCases))
  }

  @Test(arguments: ["USAGE: cachebench [run] [options]", "-h, --help", "--version"])
  func theUsageLineAndFlagsAreShown(_ text: String) {
    #expect(HelpText.usage.contains(text))
  }

  @Test(arguments: [
    "0   success", "1   failure", "2   gate regression", "64  usage error",
  ])
  func everyExitCodeIsListed(_ line: String) {
    #expect(HelpText.usage.contains("  \(line)"))
  }

  @Test func aUsersExecutableNamesItselfInTheUsageLines() {
    let page = HelpText.page(program: "imagecache-bench")
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "USAGE: imagecache-bench [run] [options]")
    #expect(
      lines.dropFirst().first
        == "       imagecache-bench compare BASELINE CURRENT [CURRENT...] [compare options]")
    #expect(!page.contains("cachebench "), "no usage line names cachebench")
    #expect(
      lines.count == HelpText.usage.split(separator: "\n", omittingEmptySubsequences: false).count)
    #expect(HelpText.page(program: "cachebench") == HelpText.usage)
  }

  @Test func aUsersExecutableIsNamedInTheHintsOfItsErrors() {
    let description = ProgramName.$current.withValue("imagecache-bench") {
      OptionsError.unknownOption("--shard").description
    }
    #expect(
      description
        == "unknown option '--shard'; did you mean '--shards'? see 'imagecache-bench --help'")
  }

  @Test func theHelpGroupsListEveryDeclaredOptionOnce() {
    let grouped = RunOptionDeclaration.groups.flatMap(\.options).map(\.option)
    #expect(grouped.count == RunOptionDeclaration.all.count)
    #expect(Set(grouped) == Set(RunOptionDeclaration.all.map(\.option)))
    #expect(Set(grouped) == Set(OptionName.allCases))
  }

  @Test func eachGroupOfOptionsHasItsHeading() {
    for group in RunOptionDeclaration.groups {
      #expect(HelpText.usage.contains("\nOPTIONS, \(group.title):\n" + group.options[0].help))
    }
  }

  @Test func everyLineFitsAnEightyColumnTerminal() {
    for line in HelpText.usage.split(separator: "\n") {
      #expect(line.count <= 80, "\(line)")
    }
  }
}
