import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// `--quiet` leaves stderr to errors and warnings; the results stay on stdout.
@Suite(.timeLimit(.minutes(2)))
struct QuietTests {
  /// What progress and information lines contain; a quiet run prints none of them. (Warnings, which it
  /// keeps, depend on the host and its load: a starved client, a thread that could not flush.)
  private static let chatter = [
    "calibrating: ", "each client's recorder holds", ": measuring", " requests in ", "sweep [",
    "cachebench: sweep: ", " variants; each: ", "baseline written",
    "that the harness's key table holds",
  ]

  @Test(arguments: [
    ["--variants", "naive,mutex", "--decode", "none", "--save-baseline"],
    ["sweep", "--variants", "coalescing", "--decode", "none", "--shards", "1"],
  ])
  func aQuietRunPrintsItsResultsOnStdoutAndNoProgressOrInformation(_ arguments: [String])
    async throws
  {
    let baseline = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-quiet-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: baseline) }
    let run = try await ExecutableRun.output(
      arguments + (arguments.last == "--save-baseline" ? [baseline] : [])
        + CacheBenchCommandTests.tinyRun + ["--quiet"])
    #expect(run.status == 0, "\(run.standardError)")
    let chatter = run.standardError.split(separator: "\n").filter { line in
      Self.chatter.contains { line.contains($0) }
    }
    #expect(chatter == [], "\(run.standardError)")
    #expect(run.standardOutput.contains("throughput"))
  }

  @Test func aRunThatIsNotQuietShowsItsProgressOnStderr() async throws {
    let run = try await ExecutableRun.output(
      ["--variants", "naive", "--decode", "none"] + CacheBenchCommandTests.tinyRun)
    #expect(run.status == 0)
    #expect(run.standardError.contains("cachebench: calibrating: "))
    #expect(run.standardError.contains("naive/none: 300 requests in "))
  }

  @Test func aQuietRunStillSaysWhatWentWrong() async throws {
    let run = try await ExecutableRun.output(["--quiet", "--rate", "5000/m"])
    #expect(run.status == 64)
    #expect(
      run.standardError
        == "cachebench: invalid value '5000/m' for --rate: must be requests per second, > 0 and"
        + " <= 10000000, e.g. 5000/s or 5000\n")
    #expect(run.standardOutput.isEmpty)
  }
}
