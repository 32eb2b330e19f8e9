import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The export options end to end through the tool's entry point, on a tiny zero-latency run.
@Suite(.timeLimit(.minutes(2)))
struct CacheBenchCommandOutputsTests {
  private func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-outputs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test func aRunWritesEveryRequestedFileWholeAndLeavesNothingElse() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    let status = await CacheBenchCommand.main(
      arguments: CacheBenchCommandTests.tinyRun + [
        "--quiet", "--variants", "naive,mutex", "--json", path("result.json"), "--markdown",
        path("summary.md"), "--histogram-csv", path("spectra.csv"), "--raw-latencies",
        path("raw.csv"),
      ])
    #expect(status == 0)

    let json = try Data(contentsOf: URL(fileURLWithPath: path("result.json")))
    let document = try JSONDecoder().decode(JSONResult.self, from: json)
    #expect(document.variants.map(\.variant) == ["naive", "naive", "mutex", "mutex"])
    #expect(document.variants.allSatisfy { $0.metrics["requests"] == .number(300) })
    #expect(document.variants.allSatisfy { $0.histograms["latency"]?.totalCount == 300 })

    let markdown = try String(contentsOfFile: path("summary.md"), encoding: .utf8)
    #expect(markdown.hasPrefix("### cachebench results\n\n| variant | decode | shards |"))
    #expect(markdown.split(separator: "\n").filter { $0.hasPrefix("| mutex |") }.count == 2)

    let spectra = try String(contentsOfFile: path("spectra.csv"), encoding: .utf8)
    #expect(spectra.hasPrefix(HistogramCSVWriter.columns.joined(separator: ",") + "\r\n"))
    #expect(spectra.contains("\r\nmutex,mutex,outside,1,latency,"))

    let raw = try String(contentsOfFile: path("raw.csv"), encoding: .utf8)
      .split(separator: "\r\n")
    #expect(raw.count == 1 + 4 * 300)
    #expect(raw.dropFirst().filter { $0.hasPrefix("naive,naive,inside,1,") }.count == 300)

    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(files == ["raw.csv", "result.json", "spectra.csv", "summary.md"])
  }

  @Test func anUnwritableOutputFailsBeforeRunningAndWritesNoOtherFile() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let status = await CacheBenchCommand.main(
      arguments: CacheBenchCommandTests.tinyRun + [
        "--quiet", "--csv", directory.appendingPathComponent("results.csv").path,
        "--json", directory.appendingPathComponent("missing/result.json").path,
      ])
    #expect(status == 64)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  @Test(arguments: [
    ["--csv", "-", "--json", "-"], ["--markdown", "-", "--histogram-csv", "-"],
    ["--json", "same", "--raw-latencies", "same"], ["--quiet=1"],
  ])
  func outputsThatCollideAreAUsageError(arguments: [String]) async {
    #expect(await CacheBenchCommand.main(arguments: arguments) == 64)
  }
}
