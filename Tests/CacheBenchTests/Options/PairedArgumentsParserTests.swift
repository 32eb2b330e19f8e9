import Testing

@testable import CacheBench

/// `cachebench paired`'s command line: two lists paired by position, and one-line refusals.
struct PairedArgumentsParserTests {
  @Test func theFilesAfterBaseAndHeadAreTheRoundsInOrder() throws {
    let command = try CommandLineParser.parse([
      "paired", "--base", "a1.json", "a2.json", "--head", "b1.json", "b2.json", "--profile",
      "Profiles/ci.json", "--format=markdown", "--base-name", "main (79147d3)",
    ])
    #expect(
      command
        == .paired(
          PairedConfiguration(
            basePaths: ["a1.json", "a2.json"], headPaths: ["b1.json", "b2.json"],
            profilePath: "Profiles/ci.json", format: .markdown, baseName: "main (79147d3)",
            headName: nil)))
  }

  @Test(arguments: [
    (["paired", "--base", "a.json", "--head"], "0"),
    (["paired", "--base", "a.json", "b.json", "--head", "c.json"], "2 and 1 files"),
    (["paired", "a.json"], "files only after"),
    (["paired", "--base", "a.json", "--head", "b.json", "--format", "html"], "'html'"),
    (["paired", "--base", "a.json", "--head", "b.json", "--rounds", "3"], "--rounds"),
  ])
  func badArgumentsAreRefusedInOneLine(arguments: [String], quoted: String) {
    do {
      _ = try CommandLineParser.parse(arguments)
      Issue.record("accepted \(arguments)")
    } catch {
      #expect(error.description.contains(quoted))
      #expect(!error.description.contains("\n"))
    }
  }
}
