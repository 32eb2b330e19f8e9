import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// `--write-rate` and the repository designs: which variants a writing run measures, and what the
/// repository designs refuse.
struct RepositoryOptionsTests {
  private func variants(_ arguments: [String]) throws -> [String] {
    guard case .run(let configuration) = try CommandLineParser.parse(arguments) else {
      Issue.record("not a run: \(arguments)")
      return []
    }
    return configuration.scenario.variants.map(\.description)
  }

  @Test func theDefaultVariantsLeaveTheRepositoryDesignsOut() throws {
    #expect(try variants([]).allSatisfy { !$0.contains("repository") })
  }

  @Test func aWriteRateAloneSelectsTheRepositoryDesigns() throws {
    #expect(
      try variants(["--write-rate", "0.1"]) == [
        "repository/inside", "repository/outside", "naive-repository/inside",
        "naive-repository/outside",
      ])
  }

  @Test func theRepositoryDesignsAreChosenByName() throws {
    #expect(
      try variants(["--variants", "naive-repository,repository", "--decode", "none"]) == [
        "naive-repository/none", "repository/none",
      ])
  }

  @Test(arguments: [
    (
      ["--write-rate", "0.1", "--variants", "repository,mutex"],
      "invalid value '0.1' for --write-rate: mutex takes no writes;"
        + " use --variants repository,naive-repository"
    ),
    (
      ["--variants", "repository", "--capacity", "10"],
      "invalid value '10' for --capacity: repository does not take a capacity or expiry: its"
        + " CacheDesign declares no capacity/ttl trait (a design that honours"
        + " CacheEnvironment.retention declares traits: [.supportsRetention]; --help shows"
        + " [capacity/ttl] beside such designs); use --variants"
        + " naive,coalescing,sharded,mutex,fetch-outside,split"
    ),
    (
      ["--ttl", "1s", "--write-rate", "0.5"],
      "invalid value '1.00s' for --ttl: repository does not take a capacity or expiry: its"
        + " CacheDesign declares no capacity/ttl trait (a design that honours"
        + " CacheEnvironment.retention declares traits: [.supportsRetention]; --help shows"
        + " [capacity/ttl] beside such designs); use --variants"
        + " naive,coalescing,sharded,mutex,fetch-outside,split"
    ),
  ])
  func whatTheRepositoryDesignsCannotHonourIsRefused(arguments: [String], message: String) {
    #expect(throws: OptionsError.self) { try CommandLineParser.parse(arguments) }
    do {
      _ = try CommandLineParser.parse(arguments)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func aWriteRateOfZeroKeepsTheDefaultVariants() throws {
    #expect(try variants(["--write-rate", "0"]) == variants([]))
  }
}
