import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

#if canImport(Glibc)
  import Glibc
#endif

/// The `--perf-ctl` handshake against a fake perf that reads the control FIFO and acknowledges on the other.
@Suite(.timeLimit(.minutes(2)))
struct PerfControlTests {
  private func session(
    _ reader: FakePerfControlReader, selection: WindowSelection = .all,
    timeout: Duration = PerfControl.defaultAcknowledgementTimeout
  ) throws -> ProfilingSession {
    let control = try PerfControl(paths: reader.paths.paths, acknowledgementTimeout: timeout)
    return ProfilingSession(selection: selection, tools: [control], perfControl: control)
  }

  private func run(_ session: ProfilingSession) async throws {
    var driver = BenchmarkDriver(
      scenario: WindowObserverTests.tinyScenario(WindowObserverTests.twoVariants))
    driver.windowObserver = session
    _ = try await driver.run()
    session.finish()
  }

  @Test func everyWindowIsEnabledAndDisabledExactlyOnce() async throws {
    let reader = try FakePerfControlReader()
    let session = try session(reader)
    try await run(session)
    #expect(await reader.commands() == ["enable", "disable", "enable", "disable"])
    #expect(session.failure == nil)
  }

  @Test func onlyTheChosenVariantsWindowIsEnabled() async throws {
    let reader = try FakePerfControlReader()
    let chosen = WindowObserverTests.twoVariants[1]
    let session = try session(reader, selection: .only(chosen))
    try await run(session)
    #expect(await reader.commands() == ["enable", "disable"])
    #expect(session.failure == nil)
  }

  @Test func aPerfThatNeverAcknowledgesFailsTheSessionAfterTheTimeoutAndIsNotAskedAgain()
    async throws
  {
    let reader = try FakePerfControlReader(reply: .silence)
    let session = try session(reader, timeout: .milliseconds(100))
    try await run(session)
    let failure = try #require(session.failure)
    #expect(
      failure
        == .perfControl(
          command: "enable",
          failure: .timedOut(path: reader.paths.acknowledgement, milliseconds: 100)))
    #expect(
      failure.description
        == "--perf-ctl: perf did not acknowledge 'enable' on '\(reader.paths.acknowledgement)'"
        + " within 100 ms")
    #expect(await reader.commands() == ["enable"])
  }

  @Test func aReplyOtherThanAckIsAFailure() async throws {
    let reader = try FakePerfControlReader(reply: .line("err"))
    let session = try session(reader)
    try await run(session)
    #expect(
      session.failure
        == .unexpectedReply(command: "enable", reply: "err", path: reader.paths.acknowledgement))
  }

  @Test func aControlFIFOThatNobodyReadsFailsAtOnceNamingIt() throws {
    let reader = try FakePerfControlReader()
    let path = reader.directory.appendingPathComponent("unread.fifo").path
    #expect(mkfifo(path, 0o600) == 0)
    let paths = PerfControlPaths(control: path, acknowledgement: reader.paths.acknowledgement)
    #expect(throws: ProfilingError.perfControl(command: nil, failure: .noReader(path: path))) {
      try PerfControl(paths: paths)
    }
  }

  @Test func aMissingFIFOOrARegularFileIsRejectedBeforeAnythingIsWritten() throws {
    let reader = try FakePerfControlReader()
    let missing = reader.directory.appendingPathComponent("missing").path
    #expect(throws: ProfilingError.perfControl(command: nil, failure: .missing(path: missing))) {
      try PerfControl(
        paths: PerfControlPaths(control: missing, acknowledgement: reader.paths.acknowledgement))
    }
    let regular = reader.directory.appendingPathComponent("plain").path
    #expect(FileManager.default.createFile(atPath: regular, contents: Data()))
    #expect(throws: ProfilingError.perfControl(command: nil, failure: .notAFIFO(path: regular))) {
      try PerfControl(
        paths: PerfControlPaths(control: reader.paths.control, acknowledgement: regular))
    }
  }
}
