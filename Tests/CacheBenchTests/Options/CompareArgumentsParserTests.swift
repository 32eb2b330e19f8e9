import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The command lines of `compare` and `baseline`.
struct CompareArgumentsParserTests {
  @Test func filesAndOptionsMayComeInAnyOrder() throws {
    let command = try CommandLineParser.parse([
      "compare", "--format=markdown", "base.json", "--profile", "Profiles/ci.json", "a.csv",
      "--fail-on-improvement", "b.csv", "--any-host",
    ])
    var options = Comparison.Options()
    options.failOnImprovement = true
    options.anyHost = true
    #expect(
      command
        == .compare(
          CompareConfiguration(
            baselinePath: "base.json", currentPaths: ["a.csv", "b.csv"],
            profilePath: "Profiles/ci.json", format: .markdown, options: options)))
  }

  @Test func theDefaultsAreTextBuiltInThresholdsAndNoFlags() throws {
    #expect(
      try CommandLineParser.parse(["compare", "b.json", "c.csv"])
        == .compare(CompareConfiguration(baselinePath: "b.json", currentPaths: ["c.csv"])))
  }

  @Test func baselineResolvesANameIntoTheBaselinesFolder() throws {
    #expect(
      try CommandLineParser.parse(["baseline", "ci", "a.json", "b.json"])
        == .baseline(
          BaselineConfiguration(
            outputPath: "Profiles/baselines/ci.json", runPaths: ["a.json", "b.json"])))
  }

  @Test(arguments: [
    (
      ["compare", "b.json"],
      "compare takes BASELINE and at least one CURRENT file, got 1; see 'cachebench --help'"
    ),
    (
      ["compare", "b", "c", "--format", "html"],
      "invalid value 'html' for --format: must be text, markdown or json"
    ),
    (["compare", "b", "c", "--format"], "missing value for --format"),
    (
      ["compare", "b", "c", "--any-host", "--any-host"], "duplicate option --any-host: give it once"
    ),
    (
      ["compare", "b", "c", "--any-host=yes"],
      "unexpected value 'yes' for --any-host: it takes no value"
    ),
    (["compare", "b", "c", "--keys", "3"], "unknown option '--keys'; see 'cachebench --help'"),
    (
      ["compare", "b", "c", "--fromat", "json"],
      "unknown option '--fromat'; did you mean '--format'? see 'cachebench --help'"
    ),
    (
      ["baseline", "ci"],
      "baseline takes NAME and at least one RUN file, got 1; see 'cachebench --help'"
    ),
    (
      ["baseline", "c i", "a.json"],
      "invalid value 'c i' for baseline NAME: a name is letters, digits, '.', '_' and '-' (not first '.'); or give a path"
    ),
    (
      ["run", "--save-baseline", ".hidden"],
      "invalid value '.hidden' for --save-baseline: a name is letters, digits, '.', '_' and '-' (not first '.'); or give a path"
    ),
  ])
  func badCommandLinesAreRefusedWithOneLine(arguments: [String], message: String) {
    let error = #expect(throws: OptionsError.self) { try CommandLineParser.parse(arguments) }
    #expect(error?.description == message)
  }

  @Test func runRecordsTheProfileAndTheOptionsThatOverrideIt() throws {
    guard
      case .run(let configuration) = try CommandLineParser.parse([
        "run", "--keys", "5", "--profile", "p.json", "--csv", "x.csv", "--save-baseline", "nightly",
      ])
    else {
      Issue.record("not a run")
      return
    }
    #expect(
      configuration.profile
        == ProfileRequest(path: "p.json", overrides: [OptionSetting(option: .keys, value: "5")]))
    #expect(configuration.baselinePath == "Profiles/baselines/nightly.json")
    #expect(configuration.csvPath == "x.csv")
  }

  @Test func withoutAProfileARunRecordsNoOverrides() throws {
    guard case .run(let configuration) = try CommandLineParser.parse(["--keys", "5"]) else {
      Issue.record("not a run")
      return
    }
    #expect(configuration.profile == nil)
  }
}
