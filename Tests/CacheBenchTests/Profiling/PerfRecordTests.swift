import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

#if canImport(Glibc)
  import Glibc
#endif

/// The `--perf-ctl` handshake with a real `perf record --control fifo:CTL,ACK -D -1` running the cachebench
/// executable of this build, end to end through the command line.
///
/// Skipped, with the reason stated, where perf is not installed or may not record (it needs root or
/// `kernel.perf_event_paranoid` <= 1); `scripts/test` installs linux-perf, and CI runs as root.
@Suite(
  .timeLimit(.minutes(2)),
  .enabled(
    if: RealPerf.isPermitted,
    "needs perf (linux-perf), leave to record (root or perf_event_paranoid <= 1), built cachebench")
)
struct PerfRecordTests {
  @Test func perfRecordsEachWindowBetweenOneEnableAndOneDisable() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-perf-record-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let paths = PerfControlPathsText(directory: directory)
    #expect(mkfifo(paths.control, 0o600) == 0 && mkfifo(paths.acknowledgement, 0o600) == 0)

    let executable = try #require(RealPerf.executable)
    let perf = Process()
    perf.executableURL = executable
    perf.arguments =
      [
        "record", "-e", "cpu-clock", "-D", "-1", "--control",
        "fifo:\(paths.control),\(paths.acknowledgement)",
        "-o", directory.appendingPathComponent("perf.data").path, "--",
        try #require(RealPerf.cachebench).path,
      ] + CacheBenchCommandTests.tinyRun.map { $0 == "300" ? "20000" : $0 }
      + ["--variants", "naive,mutex", "--decode", "none", "--perf-ctl", paths.option]
    let errors = Pipe()
    perf.standardError = errors
    perf.standardOutput = FileHandle.nullDevice
    let watcher = OutputWatcher(errors.fileHandleForReading)
    let exited = ExitWatcher(perf)
    try perf.run()
    // Only perf may hold the pipe's write end open, or its end of file would never come.
    try errors.fileHandleForWriting.close()
    let status = await exited.status()
    let output = await watcher.allText()
    #expect(status == 0, "\(output)")
    let lines = output.split(separator: "\n")
    // perf says "Events disabled" once at start (-D -1), then once per window after "Events enabled".
    #expect(lines.filter { $0 == "Events enabled" }.count == 2, "\(output)")
    #expect(lines.filter { $0 == "Events disabled" }.count == 3, "\(output)")
    let samples = output.firstMatch(of: /\((\d+) samples\)/).flatMap { Int($0.1) } ?? 0
    #expect(samples > 0, "perf recorded no sample in the windows: \(output)")
  }
}

/// Waits for a child process to end without blocking a thread of the concurrency pool.
///
/// Once the process has ended, `status()` also calls `waitUntilExit()`, which then returns at once. On
/// Linux, `Process.run()` adds a run-loop source that retains the process, and only `waitUntilExit()`
/// drops it: a process that is awaited through its termination handler alone stays alive, with its
/// pipes and arguments, until the test runner exits, where LeakSanitizer reports it.
final class ExitWatcher: Sendable {
  private final class State: Sendable {
    let slot = SanitizerVisibleMutex<(status: Int32?, waiter: CheckedContinuation<Int32, Never>?)>(
      (nil, nil))
  }

  private let state = State()
  private let process: Process

  /// Watches `process`; must be created before the process is run.
  init(_ process: Process) {
    self.process = process
    process.terminationHandler = { [state] process in
      let status = process.terminationStatus
      let waiter = state.slot.withLock { slot in
        slot.status = status
        return slot.waiter.take()
      }
      waiter?.resume(returning: status)
    }
  }

  /// The exit status, once the process has ended.
  func status() async -> Int32 {
    let status = await withCheckedContinuation { continuation in
      let done = state.slot.withLock { state -> Int32? in
        if let status = state.status { return status }
        state.waiter = continuation
        return nil
      }
      if let done { continuation.resume(returning: done) }
    }
    // The process has ended, so this does not block; it releases the run-loop source.
    process.waitUntilExit()
    return status
  }
}

/// Whether a real perf is here and may record.
enum RealPerf {
  /// The perf binary on PATH (`perf`, or Debian's versioned `perf_6.1`), if any.
  static let executable: URL? = {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(
      separator: ":")
    for name in ["perf", "perf_6.1"] {
      for directory in directories {
        let path = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return URL(fileURLWithPath: path) }
      }
    }
    return nil
  }()

  /// The cachebench executable built beside this test bundle (`swift build --build-tests` builds both).
  static let cachebench: URL? = {
    let url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("cachebench")
    return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
  }()

  /// Whether `perf record -e cpu-clock -- true` succeeds here and the cachebench executable is built.
  static let isPermitted: Bool = {
    guard let executable, cachebench != nil else { return false }
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-perf-probe-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let probe = Process()
    probe.executableURL = executable
    probe.arguments = ["record", "-q", "-e", "cpu-clock", "-o", output, "--", "true"]
    probe.standardOutput = FileHandle.nullDevice
    probe.standardError = FileHandle.nullDevice
    do {
      try probe.run()
    } catch {
      return false
    }
    probe.waitUntilExit()
    return probe.terminationStatus == 0
  }()
}
