import CacheBenchCore
import Foundation

/// Brackets each recorded window with two dhat profiles, written by forked children, so an allocation
/// profile can be cut to exactly the window.
///
/// dhat cannot be switched on and off, takes no snapshots, and writes its profile only when the process
/// exits. A forked child is a copy of the process, dhat's counters included, so a child that exits at once
/// writes the profile as it stood at the fork (`ValgrindClient.profileSnapshotByForkedChild`). This forks
/// one as the window opens and one as it closes, and names their profiles `dhat-open-LABEL.out` and
/// `dhat-close-LABEL.out` (LABEL as `MassifWindow.label` makes it, with `-2`, `-3`, … added when a
/// variant's window recurs, as in a sweep). Every figure dhat keeps per allocation site only grows while
/// the process runs — blocks and bytes allocated, bytes read and written, block lifetimes (dhat folds in
/// the blocks still live when the process exits) — so `scripts/lib/dhat_window.py` subtracts the opening's
/// from the closing's and gets exactly the window's.
///
/// The opening does nothing but fork, so no allocation of this tool lands in the window; both files are
/// renamed once the window has closed. `scripts/valgrind dhat` turns it on by setting
/// `CACHEBENCH_DHAT_SNAPSHOTS` to its results directory, into which dhat writes `dhat.out.%p`. Not under
/// valgrind nothing is forked. A fork that fails, or a child that left no profile (dhat is not the tool
/// running, or writes elsewhere), is a `ProfilingError`, so the run exits 1 rather than leave a profile
/// that silently covers more than the window.
struct DhatWindow: ProfilingTool {
  /// The environment variable naming the directory dhat writes its profiles to.
  static let directoryVariable = "CACHEBENCH_DHAT_SNAPSHOTS"

  /// Where dhat writes `dhat.out.PID` for each process, the forked children included.
  let directory: String
  /// Whether the process runs under valgrind; injectable so tests can run the tool natively.
  var isRunning: @Sendable () -> Bool = { ValgrindClient.isRunning }
  /// Forks a child that exits at once and returns its pid, or nil; injectable for tests.
  var forkExitingChild: @Sendable () -> Int32? = { ValgrindClient.profileSnapshotByForkedChild() }
  /// The child forked as the current window opened, until the window closes.
  private let opening = Opening()

  /// The opening child's pid, kept between the two edges of a window; windows never overlap.
  private final class Opening: Sendable {
    let child = SanitizerVisibleMutex<Int32?>(nil)
  }

  init(directory: String) {
    self.directory = directory
  }

  init(
    directory: String, isRunning: @escaping @Sendable () -> Bool,
    forkExitingChild: @escaping @Sendable () -> Int32?
  ) {
    self.directory = directory
    self.isRunning = isRunning
    self.forkExitingChild = forkExitingChild
  }

  func windowOpens(_ variant: Variant) async throws(ProfilingError) {
    guard isRunning() else { return }
    guard let child = forkExitingChild() else { throw .dhatSnapshot(edge: "open", path: nil) }
    opening.child.withLock { $0 = child }
  }

  func windowCloses(_ variant: Variant, requests: Int) async throws(ProfilingError) {
    guard isRunning() else { return }
    let closing = forkExitingChild()
    guard let opened = opening.child.withLock({ $0.take() }) else {
      throw .dhatSnapshot(edge: "open", path: nil)
    }
    guard let closing else { throw .dhatSnapshot(edge: "close", path: nil) }
    let label = freeLabel(for: variant)
    try keep(profileOf: opened, as: "dhat-open-\(label).out", edge: "open")
    try keep(profileOf: closing, as: "dhat-close-\(label).out", edge: "close")
  }

  /// The profile dhat wrote for the child `pid`.
  func profilePath(of pid: Int32) -> String {
    "\(directory)/dhat.out.\(pid)"
  }

  /// `MassifWindow.label(variant)`, or it with `-2`, `-3`, … when an earlier window took that name.
  private func freeLabel(for variant: Variant) -> String {
    let base = MassifWindow.label(variant)
    var label = base
    var number = 1
    while FileManager.default.fileExists(atPath: "\(directory)/dhat-open-\(label).out") {
      number += 1
      label = "\(base)-\(number)"
    }
    return label
  }

  private func keep(profileOf pid: Int32, as name: String, edge: String) throws(ProfilingError) {
    let source = profilePath(of: pid)
    do {
      try FileManager.default.moveItem(atPath: source, toPath: "\(directory)/\(name)")
    } catch {
      throw .dhatSnapshot(edge: edge, path: source)
    }
  }
}
