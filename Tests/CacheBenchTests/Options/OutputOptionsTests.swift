import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The export options (`--json`, `--markdown`, `--histogram-csv`, `--raw-latencies`) and `--quiet`.
struct OutputOptionsTests {
  private func configuration(_ arguments: [String]) throws -> RunConfiguration {
    guard case .run(let configuration) = try CommandLineParser.parse(arguments) else {
      Issue.record("\(arguments) did not parse as a run")
      return RunConfiguration(scenario: Scenario(variants: []), csvPath: nil)
    }
    return configuration
  }

  @Test func everyOutputIsRecordedWithItsPathInOptionOrder() throws {
    let configuration = try configuration([
      "--raw-latencies", "raw.csv", "--quiet", "--markdown=summary.md", "--json", "-",
      "--histogram-csv", "spectra.csv", "--csv", "results.csv",
    ])
    #expect(configuration.jsonPath == "-")
    #expect(configuration.markdownPath == "summary.md")
    #expect(configuration.histogramCSVPath == "spectra.csv")
    #expect(configuration.rawLatenciesPath == "raw.csv")
    #expect(configuration.isQuiet)
    #expect(
      configuration.outputs.map(\.option) == [.csv, .json, .markdown, .histogramCSV, .rawLatencies])
    #expect(configuration.writesToStandardOutput)
  }

  @Test func noOutputOptionsMeanNoOutputsAndProgressShown() throws {
    let configuration = try configuration([])
    #expect(configuration.outputs.isEmpty)
    #expect(!configuration.isQuiet)
    #expect(!configuration.writesToStandardOutput)
  }

  @Test(arguments: [
    ([String](), 8), (["--findings", "all"], Int.max), (["--findings=3"], 3),
  ])
  func findingsSetsHowManyTheTerminalShows(arguments: [String], shown: Int) throws {
    #expect(try configuration(arguments).findingsShown == shown)
  }

  @Test(arguments: ["0", "101", "+3", "ALL", ""])
  func findingsRefusesAnythingButACountOrAll(value: String) {
    #expect(throws: OptionsError.self) { try CommandLineParser.parse(["--findings", value]) }
  }

  @Test func quietTakesNoValueSoTheNextArgumentIsAnOption() throws {
    let configuration = try configuration(["--quiet", "--keys", "3"])
    #expect(configuration.isQuiet)
    #expect(configuration.scenario.keys == 3)
  }

  @Test(arguments: [
    (
      ["--quiet=yes"], OptionsError.unexpectedValue(flag: "--quiet", value: "yes"),
      "unexpected value 'yes' for --quiet: it takes no value"
    ),
    (["--quiet", "--quiet"], .duplicateOption(.quiet), "duplicate option --quiet: give it once"),
    (
      ["--quiet", "loud"], .unexpectedArgument("loud"),
      "unexpected argument 'loud'; see 'cachebench --help'"
    ),
    (
      ["--json", ""], .invalidValue(option: .json, value: "", reason: "must not be empty"),
      "invalid value '' for --json: must not be empty"
    ),
    (["--markdown"], .missingValue(.markdown), "missing value for --markdown"),
    (
      ["--csv", "-", "--json", "-"], .sharedStandardOutput(.csv, .json),
      "--csv - and --json - cannot both write to stdout; give one of them a file"
    ),
    (
      ["--raw-latencies", "-", "--markdown", "-"], .sharedStandardOutput(.markdown, .rawLatencies),
      "--markdown - and --raw-latencies - cannot both write to stdout; give one of them a file"
    ),
    (
      ["--json", "out.txt", "--histogram-csv", "out.txt"],
      .sharedOutputPath(.json, .histogramCSV, path: "out.txt"),
      "--json and --histogram-csv both write 'out.txt'; give each its own file"
    ),
  ])
  func badOutputOptionsAreRejectedWithTheirExactMessage(
    arguments: [String], error: OptionsError, message: String
  ) {
    #expect(throws: error) { try CommandLineParser.parse(arguments) }
    #expect(error.description == message)
  }
}
