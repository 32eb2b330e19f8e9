import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The tool end to end through its public entry point, on tiny scenarios with a zero-latency fetcher.
@Suite(.timeLimit(.minutes(2)))
struct CacheBenchCommandTests {
  static let tinyRun = [
    "--requests", "300", "--warmup", "20", "--latency", "0ms", "--keys", "50", "--concurrency", "4",
    "--decode-cost", "1us",
  ]

  private func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-command-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test func aRunWritesOneCSVRowPerVariantUnderTheDocumentedHeader() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("results.csv").path
    let status = await CacheBenchCommand.main(arguments: Self.tinyRun + ["--csv", path])
    #expect(status == 0)
    let lines = try String(contentsOfFile: path, encoding: .utf8)
      .split(separator: "\r\n", omittingEmptySubsequences: true)
    #expect(lines.count == 1 + 8)
    #expect(lines.first.map(String.init) == CSVWriter.columns.joined(separator: ","))
    let requestsColumn = try #require(CSVWriter.columns.firstIndex(of: "requests"))
    for line in lines.dropFirst() {
      #expect(line.split(separator: ",", omittingEmptySubsequences: false)[requestsColumn] == "300")
    }
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(leftovers == ["results.csv"], "no temporary file is left behind")
  }

  /// Every output path is checked before the run starts, and one that cannot be written is bad input:
  /// exit 64, the usage status the README lists for a bad file, and no file anywhere.
  @Test(arguments: [
    "--csv", "--json", "--markdown", "--histogram-csv", "--raw-latencies", "--save-baseline",
  ])
  func anOutputPathThatCannotBeWrittenIsAUsageErrorBeforeRunning(option: String) async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("missing/out.txt").path
    let status = await CacheBenchCommand.main(
      arguments: Self.tinyRun + ["--quiet", option, path])
    #expect(status == 64)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  @Test func aCSVPathInAMissingDirectoryFailsBeforeRunningAndWritesNothing() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("missing/results.csv").path
    let status = await CacheBenchCommand.main(arguments: Self.tinyRun + ["--csv", path])
    #expect(status == 64)
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  @Test(arguments: [
    ["--shards", "0"], ["--keys", "-1"], ["--latency", "5"], ["--variants", "naive,fast"],
    ["--distribution", "pareto"], ["--zipf-theta", "9"], ["--bogus"], ["--keys"],
  ])
  func badInputExitsWithTheUsageCode(arguments: [String]) async {
    #expect(await CacheBenchCommand.main(arguments: arguments) == 64)
  }

  @Test func helpAndVersionSucceed() async {
    #expect(await CacheBenchCommand.main(arguments: ["--help"]) == 0)
    #expect(await CacheBenchCommand.main(arguments: ["--version"]) == 0)
  }

  @Test func theOutputsPageDocumentsEveryCSVColumnInOrder() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let page = try String(
      contentsOf: root.appendingPathComponent("docs/columns.md"), encoding: .utf8)
    let documented = page.split(separator: "\n").compactMap { line -> String? in
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 3, Int(cells[0]) != nil else { return nil }
      return cells[1]
    }
    #expect(documented == CSVWriter.columns)
  }
}
