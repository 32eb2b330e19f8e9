import CacheBenchCore
import Foundation

/// Facts about one invocation that make its figures comparable later: when, on what host, from what build.
///
/// Every CSV row repeats them, so rows of several runs can be concatenated and still be told apart.
struct RunMetadata: Sendable, Equatable {
  /// Start of the run in ISO 8601, UTC, whole seconds: `2026-11-29T15:04:36Z`.
  var timestamp: String
  /// Online processors of the host (see `HostInfo.onlineCores`).
  var hostCores: Int
  /// The host's name as the operating system reports it.
  var hostName: String
  /// Version of the Swift compiler that built cachebench, e.g. `6.3.1` (see `compilerVersion`).
  var swiftVersion: String
  /// The commit cachebench was built from (`gitCommit(in:checkout:)`), or `"unknown"`.
  var gitCommit: String
  /// Version of cachebench itself, e.g. `0.1.0`.
  var toolVersion: String

  /// The environment variable the launcher script sets to the commit hash of the checkout it built.
  static let gitCommitVariable = "CACHEBENCH_GIT_COMMIT"

  /// The metadata of a run starting now on this host, built by this compiler.
  static func current(toolVersion: String) -> RunMetadata {
    current(
      toolVersion: toolVersion, date: Date(), environment: ProcessInfo.processInfo.environment)
  }

  /// The metadata of a run starting at `date` with `environment`, host facts read from the OS.
  ///
  /// Separate from `current(toolVersion:)` so tests can fix the clock and the environment.
  static func current(
    toolVersion: String, date: Date, environment: [String: String]
  ) -> RunMetadata {
    RunMetadata(
      timestamp: timestamp(of: date),
      hostCores: HostInfo.onlineCores,
      hostName: HostInfo.name,
      swiftVersion: compilerVersion,
      gitCommit: gitCommit(in: environment, checkout: GitCheckout.executableCommit()),
      toolVersion: toolVersion
    )
  }

  /// `date` in ISO 8601, UTC, seconds truncated: `2026-11-29T15:04:36Z`.
  static func timestamp(of date: Date) -> String {
    date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: 0)!))
  }

  /// The value of `CACHEBENCH_GIT_COMMIT` with surrounding white space removed, which the scripts set
  /// and which wins; else `checkout`, the commit of the git checkout the executable lies in
  /// (`GitCheckout.executableCommit()`, read when needed), for the binary or `swift run` used
  /// directly; else `"unknown"`.
  static func gitCommit(
    in environment: [String: String], checkout: @autoclosure () -> String? = nil
  ) -> String {
    let value = environment[gitCommitVariable]?.trimmingCharacters(in: .whitespacesAndNewlines)
    if let value, !value.isEmpty { return value }
    return checkout() ?? "unknown"
  }

  /// What `--version` prints: `cachebench 0.1.0 (commit 0123456789ab)`, the commit as
  /// `gitCommit(in:checkout:)` finds it, or the version alone when the commit is unknown.
  static func versionLine(
    toolVersion: String,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    checkout: @autoclosure () -> String? = GitCheckout.executableCommit()
  ) -> String {
    let commit = gitCommit(in: environment, checkout: checkout())
    return "cachebench \(toolVersion)" + (commit == "unknown" ? "" : " (commit \(commit))")
  }
}
