internal import CacheBenchBuildCommit
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
  /// The commit of the code measured (`gitCommit(in:built:executableCheckout:)`), or `"unknown"`.
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
      gitCommit: gitCommit(
        in: environment, built: BuildCommit.current,
        executableCheckout: BuildCommit.current.flatMap {
          GitCheckout.executableCommit(outside: $0.checkoutDirectory)
        }),
      toolVersion: toolVersion
    )
  }

  /// `date` in ISO 8601, UTC, seconds truncated: `2026-11-29T15:04:36Z`.
  static func timestamp(of date: Date) -> String {
    date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: 0)!))
  }

  /// The value of `CACHEBENCH_GIT_COMMIT` with surrounding white space removed, which the scripts set
  /// to the commit of the package they built and measured (a user's package, or the base of the A/B
  /// gate) and which wins, `+dirty` added when it names the commit of a dirty build; else, for the
  /// executable of a package that depends on cachebench (`executableCheckout`, the commit another
  /// checkout than cachebench's, the one holding the executable, has now:
  /// `GitCheckout.executableCommit(outside:)`), that commit's first 12 digits, as the scripts write it
  /// for that package, read at run time because the build embeds only cachebench's own; else
  /// `built`, the commit this binary was built from (`BuildCommit.label`), for cachebench's binary or
  /// `swift run` used directly; else `"unknown"`. Never cachebench's checkout's commit at run time: a
  /// binary built from another commit would carry a commit it was not built from (`BuildCommitNote`
  /// says so on stderr).
  static func gitCommit(
    in environment: [String: String], built: BuildCommit? = nil, executableCheckout: String? = nil
  ) -> String {
    let value = environment[gitCommitVariable]?.trimmingCharacters(in: .whitespacesAndNewlines)
    if let value, !value.isEmpty {
      guard let built, built.isDirty, !value.hasSuffix("+dirty"), built.hash.hasPrefix(value) else {
        return value
      }
      return value + "+dirty"
    }
    if let executableCheckout {
      return String(executableCheckout.prefix(BuildCommit.abbreviatedLength))
    }
    return built?.label ?? "unknown"
  }

  /// What `--version` prints: `cachebench 0.1.0 (commit 0123456789ab)`, `, dirty` after the commit
  /// for a build of changed sources, or the version alone when the build's commit is unknown. The
  /// binary's own commit: the launcher's variable names what a run measures, not what was built.
  static func versionLine(
    toolVersion: String, built: BuildCommit? = BuildCommit.current
  ) -> String {
    guard let built else { return "cachebench \(toolVersion)" }
    let dirty = built.isDirty ? ", dirty" : ""
    return "cachebench \(toolVersion) (commit \(built.abbreviated)\(dirty))"
  }
}
