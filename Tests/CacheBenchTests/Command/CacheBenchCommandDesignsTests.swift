import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The tool's entry point with a user's designs: refused before anything runs when they cannot be
/// registered, measured by name beside the built-in ones when they can.
@Suite(.timeLimit(.minutes(2)))
struct CacheBenchCommandDesignsTests {
  static let tinyRun = [
    "--requests", "24", "--warmup", "0", "--latency", "0ms", "--keys", "10", "--concurrency", "2",
    "--decode", "none", "--quiet",
  ]

  private func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-designs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// Names a registry refuses: empty, malformed, taken twice, a built-in's.
  static let unregistrable: [[String]] = [
    [""], ["Mine"], ["mine(2)"], ["mine", "mine"], ["naive"], ["mine", "naive-repository"],
  ]

  @Test(arguments: unregistrable)
  func designsThatCannotBeRegisteredAreAUsageErrorAndNothingRuns(names: [String]) async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("results.csv").path
    let calls = FactoryCalls()
    let designs = names.map {
      CacheDesign.hookless(name: $0, traits: .measuredByDefault, calls: calls)
    }
    let status = await CacheBenchCommand.main(
      arguments: Self.tinyRun + ["--csv", path], designs: designs)
    #expect(status == 64)
    #expect(calls.count == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  @Test(arguments: [["--help"], ["--version"], ["calibrate"]])
  func evenHelpIsRefusedWhileTheDesignsCannotBeRegistered(arguments: [String]) async {
    let calls = FactoryCalls()
    let status = await CacheBenchCommand.main(
      arguments: arguments, designs: [.hookless(name: "naive", calls: calls)])
    #expect(status == 64)
    #expect(calls.count == 0)
  }

  @Test func anUnknownDesignIsAUsageErrorWithAUserDesignRegistered() async {
    let calls = FactoryCalls()
    let status = await CacheBenchCommand.main(
      arguments: Self.tinyRun + ["--variants", "theirs"],
      designs: [.hookless(name: "mine", calls: calls)])
    #expect(status == 64)
    #expect(calls.count == 0)
  }

  @Test func aUserDesignIsMeasuredByNameBesideABuiltInOne() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("results.csv").path
    let calls = FactoryCalls()
    let status = await CacheBenchCommand.main(
      arguments: Self.tinyRun + ["--variants", "mine,coalescing", "--csv", path],
      designs: [.hookless(name: "mine", calls: calls)])
    #expect(status == 0)
    // Calibration builds two for its hit paths (timed, and untimed, which a design without busy totals
    // then leaves out), the run one for the measured window.
    #expect(calls.count == 3)
    let table = try CSVTable.parse(String(contentsOfFile: path, encoding: .utf8))
    // In the order --variants gives.
    #expect(table.rows.map { table.value("variant", in: $0) } == ["mine", "coalescing"])
    let mine = try #require(table.rows.first)
    #expect(table.value("requests", in: mine) == "24")
    // Outcomes from the harness: every lookup of it fetches.
    #expect(table.value("hits", in: mine) == "0")
    #expect(table.value("leaders", in: mine) == "24")
    #expect(table.value("actor_wait_p50_ns", in: mine) == "n/a")
    let coalescing = try #require(table.rows.last)
    #expect(table.value("hits", in: coalescing) != "n/a")
  }

  @Test func aDesignWhoseFactoryThrowsIsNotMeasuredTheOthersAreWrittenAndTheRunExitsOne()
    async throws
  {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("results.csv").path
    let status = await CacheBenchCommand.main(
      arguments: Self.tinyRun + ["--variants", "failing-factory,mine", "--csv", path],
      designs: [.failingFactory, .hookless(name: "mine")])
    #expect(status == 1)
    let table = try CSVTable.parse(String(contentsOfFile: path, encoding: .utf8))
    #expect(table.rows.map { table.value("variant", in: $0) } == ["mine"])
    #expect(table.rows.first.map { table.value("requests", in: $0) } == "24")
  }
}
