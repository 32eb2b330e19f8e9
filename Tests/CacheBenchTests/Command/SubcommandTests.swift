import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// `calibrate` and `sweep` end to end through the public entry point, on tiny scenarios.
@Suite(.timeLimit(.minutes(2)))
struct SubcommandTests {
  static let tinySweep = [
    "sweep", "--requests", "200", "--warmup", "10", "--latency", "0ms", "--keys", "40",
    "--decode-cost", "1us", "--variants", "coalescing,sharded", "--decode", "inside,none",
    "--shards", "1..2", "--concurrency", "2",
  ]

  private func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-subcommand-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test func calibrateSucceeds() async {
    #expect(await CacheBenchCommand.main(arguments: ["calibrate", "--concurrency", "2"]) == 0)
  }

  @Test func aSweepWritesOneCSVRecordPerCellUnderTheSweepHeader() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("sweep.csv").path
    let status = await CacheBenchCommand.main(arguments: Self.tinySweep + ["--csv", path])
    #expect(status == 0)
    let lines = try String(contentsOfFile: path, encoding: .utf8)
      .split(separator: "\r\n", omittingEmptySubsequences: true)
    // Two placements × one concurrency × (coalescing + sharded(1) + sharded(2)).
    #expect(lines.count == 1 + 6)
    #expect(lines.first.map(String.init) == SweepCSVWriter.columns.joined(separator: ","))
    let variant = try #require(CSVWriter.columns.firstIndex(of: "variant"))
    let decode = try #require(CSVWriter.columns.firstIndex(of: "decode"))
    let cells = lines.dropFirst().map { line in
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      return "\(fields[variant])/\(fields[decode])"
    }
    #expect(
      cells == [
        "coalescing/inside", "sharded(1)/inside", "sharded(2)/inside", "coalescing/none",
        "sharded(1)/none", "sharded(2)/none",
      ])
  }

  @Test func aSweepCSVPathInAMissingDirectoryFailsBeforeRunning() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("missing/sweep.csv").path
    #expect(await CacheBenchCommand.main(arguments: Self.tinySweep + ["--csv", path]) == 64)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  @Test(arguments: [
    ["sweep", "--shards", "0..4"], ["sweep", "--concurrency", "8,8"], ["sweep", "--max-time", "1"],
    ["sweep", "--variants", "mutex"], ["calibrate", "--keys", "5"], ["--max-time", "1s"],
  ])
  func badSubcommandInputExitsWithTheUsageCode(arguments: [String]) async {
    #expect(await CacheBenchCommand.main(arguments: arguments) == 64)
  }
}
