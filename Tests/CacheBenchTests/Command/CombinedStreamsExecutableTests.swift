import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore

/// stdout and stderr sent to one file, as `scripts/ci-gate` sends a run's: every line arrives whole.
@Suite(.timeLimit(.minutes(2)))
struct CombinedStreamsExecutableTests {
  /// The default eight variants on a tiny scenario: a table of several KiB, longer than stdout's buffer,
  /// followed on stderr by "baseline written to …".
  @Test func aLineWrittenToStderrAfterTheTableNeverLandsInsideATableLine() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-streams-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let process = Process()
    process.executableURL = try ExecutableRun.executable()
    process.arguments =
      CacheBenchCommandTests.tinyRun + [
        "--save-baseline", directory.appendingPathComponent("baseline.json").path,
      ]
    let both = Pipe()
    process.standardOutput = both
    process.standardError = both
    try process.run()
    // The child runs for seconds under load: wait for it off the cooperative pool.
    let child = HandedOver(value: (process, both))
    let (data, status) = try await offThePool {
      let (process, both) = child.value
      let data = both.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (data, process.terminationStatus)
    }
    #expect(status == 0)

    let text = try #require(String(validating: data, as: UTF8.self), "the log is valid UTF-8")
    #expect(text.utf8.count > 4_096, "the table outgrows stdout's buffer")
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let baselineLines = lines.filter { $0.contains("baseline written to") }
    #expect(baselineLines.count == 1)
    for line in baselineLines {
      #expect(line.hasPrefix("cachebench: baseline written to"), "\(line)")
    }
    let tableRows = lines.filter { $0.hasPrefix("coalescing ") || $0.hasPrefix("naive ") }
    #expect(tableRows.count == 8, "each design's two variants, in two tables")
    for row in tableRows {
      #expect(!row.contains("cachebench:"), "\(row)")
    }
  }
}
