import Foundation
import Testing

/// The built `cachebench` executable run as a child process, for figures that must come from a process of
/// their own: jemalloc's counters are process-wide, and the concurrency runtime's thread pool is shared
/// by every test running in this one.
enum ExecutableRun {
  /// Runs `cachebench` (built next to the test bundle) with `arguments` plus `--csv -` and returns its
  /// CSV rows, each keyed by column name, and what it wrote on stderr.
  static func csv(_ arguments: [String]) async throws -> (rows: [[String: String]], log: String) {
    let run = try await output(arguments + ["--csv", "-"])
    #expect(run.status == 0)
    let records = run.standardOutput.split(separator: "\r\n")
    let header = try #require(records.first).split(separator: ",", omittingEmptySubsequences: false)
    let rows = records.dropFirst().map { record in
      let fields = record.split(separator: ",", omittingEmptySubsequences: false)
      return Dictionary(uniqueKeysWithValues: zip(header.map(String.init), fields.map(String.init)))
    }
    return (rows, run.standardError)
  }

  /// Runs `cachebench` (built next to the test bundle) with `arguments`, in `environment` when given
  /// (else this process's), and returns its exit status and what it wrote on stdout and stderr. The
  /// wait for the child is off the cooperative pool (`offThePool`).
  static func output(_ arguments: [String], environment: [String: String]? = nil) async throws -> (
    status: Int32, standardOutput: String, standardError: String
  ) {
    let executable = try executable()
    return try await offThePool { try blockingOutput(executable, arguments, environment) }
  }

  /// `output`'s run, which blocks its thread until the child ends.
  private static func blockingOutput(
    _ executable: URL, _ arguments: [String], _ environment: [String: String]?
  ) throws -> (status: Int32, standardOutput: String, standardError: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    let log = try temporaryLog()
    process.standardOutput = output
    process.standardError = log
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try log.seek(toOffset: 0)
    let logText = String(decoding: log.readDataToEndOfFile(), as: UTF8.self)
    try log.close()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self), logText)
  }

  /// The `cachebench` built next to the test bundle.
  static func executable() throws -> URL {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let executable = directory.appendingPathComponent("cachebench")
    try #require(
      FileManager.default.isExecutableFile(atPath: executable.path),
      "build the cachebench executable first (swift build --build-tests)")
    return executable
  }

  /// An open, already unlinked, empty file for the child's stderr: nothing is left behind.
  private static func temporaryLog() throws -> FileHandle {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-stderr-\(UUID().uuidString)")
    try Data().write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    return try FileHandle(forUpdating: url)
  }
}
