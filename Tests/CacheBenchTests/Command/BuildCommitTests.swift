import CacheBenchBuildCommit
import Foundation
import Testing

@testable import CacheBench

/// The commit the binary was built from, embedded by the BuildCommit plugin: `--version` and the
/// results' `git_commit` name it, compared with what `git` says HEAD is in this checkout.
@Suite(.timeLimit(.minutes(1)))
struct BuildCommitTests {
  /// HEAD of the checkout holding this file, from `git`, or nil where git cannot be run or this
  /// file lies in no checkout.
  static let head: String? = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
    process.arguments = ["git", "-C", directory, "rev-parse", "--verify", "--quiet", "HEAD"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }()

  /// This process's environment without the launcher's variable, which would name another commit.
  static var environmentWithoutLauncherCommit: [String: String] {
    ProcessInfo.processInfo.environment.filter { $0.key != RunMetadata.gitCommitVariable }
  }

  @Test(.enabled(if: head != nil, "git cannot be run here, or the sources lie in no checkout"))
  func theBuildEmbedsTheCommitCheckedOut() throws {
    let built = try #require(BuildCommit.current, "the plugin embedded no commit")
    #expect(built.hash == Self.head)
  }

  @Test(.enabled(if: head != nil, "git cannot be run here, or the sources lie in no checkout"))
  func versionPrintsTheCommitTheExecutableWasBuiltFrom() async throws {
    let head = try #require(Self.head)
    let run = try await ExecutableRun.output(["--version"])
    #expect(run.status == 0)
    #expect(
      run.standardOutput.hasPrefix("cachebench \(cacheBenchVersion) (commit \(head.prefix(12))"))
  }

  @Test(.enabled(if: head != nil, "git cannot be run here, or the sources lie in no checkout"))
  func aRunsGitCommitIsTheCommitTheExecutableWasBuiltFrom() async throws {
    let head = try #require(Self.head)
    let run = try await ExecutableRun.output(
      [
        "--variants", "coalescing", "--requests", "200", "--warmup", "0", "--latency", "0ms",
        "--concurrency", "2", "--quiet", "--csv", "-",
      ], environment: Self.environmentWithoutLauncherCommit)
    #expect(run.status == 0, "\(run.standardError)")
    let lines = run.standardOutput.split(separator: "\r\n")
    let header = try #require(lines.first).split(separator: ",", omittingEmptySubsequences: false)
    let row = try #require(lines.dropFirst().first).split(
      separator: ",", omittingEmptySubsequences: false)
    let column = try #require(header.firstIndex(of: "git_commit"))
    let built = try #require(BuildCommit.current)
    #expect(row[column] == built.label)
    #expect(row[column].hasPrefix(head.prefix(12)))
  }

  @Test func aDirtyBuildSaysSoInItsLabelAndVersion() {
    let built = BuildCommit(hash: "0123456789abcdef0123456789abcdef01234567", isDirty: true)
    #expect(built.label == "0123456789ab+dirty")
    #expect(
      RunMetadata.versionLine(toolVersion: "0.1.0", built: built)
        == "cachebench 0.1.0 (commit 0123456789ab, dirty)")
  }

  @Test func theNoteNamesBothCommitsOnlyWhenTheCheckoutMovedOn() {
    let built = BuildCommit(hash: "0123456789abcdef0123456789abcdef01234567", isDirty: false)
    let moved = "fedcba9876543210fedcba9876543210fedcba98"
    #expect(
      BuildCommitNote.text(built: built, checkout: moved, recorded: built.label)
        == "note: this cachebench was built from commit 0123456789ab, but its checkout is at "
        + "fedcba987654 now; the results' git_commit is 0123456789ab: rebuild to measure the checkout"
    )
    #expect(BuildCommitNote.text(built: built, checkout: built.hash, recorded: built.label) == nil)
    #expect(BuildCommitNote.text(built: built, checkout: nil, recorded: built.label) == nil)
    #expect(BuildCommitNote.text(built: nil, checkout: moved, recorded: "unknown") == nil)
  }
}
