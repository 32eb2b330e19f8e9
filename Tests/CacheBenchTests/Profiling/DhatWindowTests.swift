import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

#if canImport(Glibc)
  import Glibc
#endif

/// dhat's window snapshots: one forked child per window edge, whose profiles are kept under the window's
/// names, and the failures that end a run instead of leaving a profile of more than the window.
@Suite(.timeLimit(.minutes(2)))
struct DhatWindowTests {
  /// A fake fork: each call takes the next pid and, unless told not to, writes the profile dhat would
  /// write for that child (`dhat.out.PID` holding "profile PID").
  final class FakeFork: Sendable {
    private let state = SanitizerVisibleMutex<(next: Int32, calls: Int)>((100, 0))
    let directory: String
    let writesProfiles: Bool
    let fails: Bool

    init(directory: String, writesProfiles: Bool = true, fails: Bool = false) {
      self.directory = directory
      self.writesProfiles = writesProfiles
      self.fails = fails
    }

    var calls: Int { state.withLock { $0.calls } }

    func fork() -> Int32? {
      let pid = state.withLock { state in
        state.calls += 1
        state.next += 1
        return state.next
      }
      if fails { return nil }
      if writesProfiles {
        _ = FileManager.default.createFile(
          atPath: "\(directory)/dhat.out.\(pid)", contents: Data("profile \(pid)".utf8))
      }
      return pid
    }
  }

  private func withDirectory(_ body: (String) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-dhat-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await body(directory)
  }

  private func tool(_ fork: FakeFork, running: Bool = true) -> DhatWindow {
    DhatWindow(directory: fork.directory, isRunning: { running }, forkExitingChild: { fork.fork() })
  }

  private func contents(_ directory: String) throws -> [String: String] {
    var files: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
      files[name] = try String(contentsOfFile: "\(directory)/\(name)", encoding: .utf8)
    }
    return files
  }

  @Test func eachWindowKeepsTheProfilesOfTheChildrenForkedAtItsEdges() async throws {
    try await withDirectory { directory in
      let fork = FakeFork(directory: directory)
      let dhat = tool(fork)
      let variant = Variant(design: .sharded, decode: .inside, shards: 8)
      try await dhat.windowOpens(variant)
      #expect(fork.calls == 1)
      // Nothing is renamed while the window is open: the opening does nothing but fork.
      #expect(try contents(directory) == ["dhat.out.101": "profile 101"])
      try await dhat.windowCloses(variant, requests: 2000)
      #expect(fork.calls == 2)
      #expect(
        try contents(directory) == [
          "dhat-open-sharded-8--inside.out": "profile 101",
          "dhat-close-sharded-8--inside.out": "profile 102",
        ])
    }
  }

  @Test func aRecurringWindowGetsANumberedLabel() async throws {
    try await withDirectory { directory in
      let dhat = tool(FakeFork(directory: directory))
      let variant = Variant(design: .naive, decode: .outside, shards: 1)
      for _ in 0..<3 {
        try await dhat.windowOpens(variant)
        try await dhat.windowCloses(variant, requests: 10)
      }
      #expect(
        try contents(directory) == [
          "dhat-open-naive-outside.out": "profile 101",
          "dhat-close-naive-outside.out": "profile 102",
          "dhat-open-naive-outside-2.out": "profile 103",
          "dhat-close-naive-outside-2.out": "profile 104",
          "dhat-open-naive-outside-3.out": "profile 105",
          "dhat-close-naive-outside-3.out": "profile 106",
        ])
    }
  }

  @Test func outsideValgrindNothingIsForked() async throws {
    try await withDirectory { directory in
      let fork = FakeFork(directory: directory)
      let dhat = tool(fork, running: false)
      let variant = Variant(design: .naive, decode: .inside, shards: 1)
      try await dhat.windowOpens(variant)
      try await dhat.windowCloses(variant, requests: 10)
      #expect(fork.calls == 0)
      #expect(try contents(directory).isEmpty)
    }
  }

  @Test func aFailedForkIsAProfilingError() async throws {
    try await withDirectory { directory in
      let dhat = tool(FakeFork(directory: directory, fails: true))
      let error = await #expect(throws: ProfilingError.self) {
        try await dhat.windowOpens(Variant(design: .naive, decode: .inside, shards: 1))
      }
      #expect(
        error?.description
          == "dhat's snapshot as the window opened failed: fork failed, or the forked child did not exit"
          + " cleanly")
    }
  }

  @Test func aChildThatLeftNoProfileIsAProfilingErrorNamingTheFile() async throws {
    try await withDirectory { directory in
      let dhat = tool(FakeFork(directory: directory, writesProfiles: false))
      let variant = Variant(design: .coalescing, decode: .inside, shards: 1)
      try await dhat.windowOpens(variant)
      let error = await #expect(throws: ProfilingError.self) {
        try await dhat.windowCloses(variant, requests: 10)
      }
      #expect(
        error?.description
          == "dhat wrote no profile at '\(directory)/dhat.out.101' for the snapshot as the window opened:"
          + " not run under dhat by scripts/valgrind, or CACHEBENCH_DHAT_SNAPSHOTS is not the directory"
          + " --dhat-out-file writes to")
    }
  }

  @Test func theSessionTakesDhatSnapshotsOnlyWhenTheEnvironmentNamesADirectory() throws {
    let asked = try ProfilingSession.start(
      ProfilingOptions(), environment: ["CACHEBENCH_DHAT_SNAPSHOTS": "/tmp/out"]
    ) { _ in }
    #expect(asked.tools.compactMap { ($0 as? DhatWindow)?.directory } == ["/tmp/out"])
    // dhat's snapshots come last: taken just before the window opens and first when it closes.
    #expect(asked.tools.last is DhatWindow)
    for environment in [[:], ["CACHEBENCH_DHAT_SNAPSHOTS": ""]] {
      let session = try ProfilingSession.start(ProfilingOptions(), environment: environment) { _ in
      }
      #expect(!session.tools.contains { $0 is DhatWindow })
    }
  }

  @Test func theRealForkReturnsAChildThatHasExited() throws {
    let child = try #require(ValgrindClient.profileSnapshotByForkedChild())
    #expect(child > 0 && child != getpid())
    // Already waited for: there is no such child left to wait for.
    var status: Int32 = 0
    #expect(waitpid(child, &status, WNOHANG) == -1)
  }
}
