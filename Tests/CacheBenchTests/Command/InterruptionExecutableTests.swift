import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The built `cachebench` interrupted as a user would: a signal sent to the child process once its
/// stderr says the first measured window is open, or a `--deadline` that passes mid-window. No sleeps:
/// the test waits for the child's own words.
@Suite(.timeLimit(.minutes(2)))
struct InterruptionExecutableTests {
  /// A run that would outlast the test's time limit if nothing stopped it: two windows of 3 minutes. Not
  /// longer: a child whose test process is killed (a hung run cut off, a developer's ^C) is not killed
  /// with it, and two children of an hour each were found spinning a core apiece 21 minutes after their
  /// test run had gone.
  private static let hourLongRun = [
    "--variants", "coalescing,mutex", "--decode", "none", "--duration", "3m", "--warmup", "0",
    "--concurrency", "4", "--latency", "1ms", "--csv", "-",
  ]

  /// The child, its stdout and stderr being read as it writes them.
  private func start(_ arguments: [String]) throws -> (Process, OutputWatcher, OutputWatcher) {
    let process = Process()
    process.executableURL = try ExecutableRun.executable()
    process.arguments = arguments
    let output = Pipe()
    let log = Pipe()
    process.standardOutput = output
    process.standardError = log
    try process.run()
    return (
      process, OutputWatcher(output.fileHandleForReading), OutputWatcher(log.fileHandleForReading)
    )
  }

  /// The CSV's rows keyed by column name.
  private func rows(_ csv: String) -> [[String: String]] {
    let records = csv.split(separator: "\r\n")
    guard let header = records.first?.split(separator: ",", omittingEmptySubsequences: false)
    else { return [] }
    return records.dropFirst().map { record in
      let fields = record.split(separator: ",", omittingEmptySubsequences: false)
      return Dictionary(uniqueKeysWithValues: zip(header.map(String.init), fields.map(String.init)))
    }
  }

  @Test(arguments: [(SignalName.interrupt, Int32(130)), (SignalName.terminate, Int32(143))])
  func aSignalDuringAWindowWritesTheVariantMeasuredSoFarMarkedInterrupted(
    signal: SignalName, exitCode: Int32
  ) async throws {
    let (process, output, log) = try start(Self.hourLongRun)
    _ = await log.text(containing: "[1/2] coalescing/none: measuring")
    switch signal {
    case .interrupt: process.interrupt()
    case .terminate: process.terminate()
    }
    let csv = await output.allText()
    let text = await log.allText()
    process.waitUntilExit()
    #expect(process.terminationStatus == exitCode, "\(text)")
    let rows = rows(csv)
    #expect(rows.map { $0["variant"] } == ["coalescing"], "\(text)")
    #expect(rows.first?["interrupted"] == "true")
    #expect(rows.first?["undrained_clients"] == "0")
    #expect(text.contains("interrupted by signal"))
  }

  @Test func aDeadlineStopsTheRunWithItsResultsMarkedInterruptedAndExitsOne() async throws {
    let (process, output, log) = try start(Self.hourLongRun + ["--deadline", "1s"])
    let csv = await output.allText()
    let text = await log.allText()
    process.waitUntilExit()
    #expect(process.terminationStatus == 1, "\(text)")
    #expect(rows(csv).first?["interrupted"] == "true")
    #expect(text.contains("deadline"))
  }

  @Test func aStoppedRunSaysSoOnStdoutAndThatItWroteNoBaseline() async throws {
    let baseline = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-interrupted-\(UUID().uuidString).json").path
    let arguments =
      Self.hourLongRun.dropLast(2) + [
        "--deadline", "1s", "--quiet", "--save-baseline", baseline,
      ]
    let (process, output, log) = try start(Array(arguments))
    let table = await output.allText()
    let text = await log.allText()
    process.waitUntilExit()
    #expect(process.terminationStatus == 1, "\(text)")
    #expect(
      table.hasSuffix(
        "\nrun stopped by its --deadline: figures so far, marked interrupted; 1 of 2 variants"
          + " measured, 1 of them in part\n"), "\(table)")
    #expect(text.contains("cachebench: no baseline written to \(baseline): the run was stopped"))
    #expect(!FileManager.default.fileExists(atPath: baseline))
  }

  /// The signals a test sends.
  enum SignalName: Sendable, CustomTestStringConvertible {
    case interrupt
    case terminate

    var testDescription: String { self == .interrupt ? "SIGINT" : "SIGTERM" }
  }
}
