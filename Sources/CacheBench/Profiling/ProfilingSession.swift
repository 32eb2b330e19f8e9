import CacheBenchCore
import Foundation

/// The window observer a run installs: it passes the recorded windows (per `WindowSelection`) to its tools —
/// the pause, perf's control FIFO, callgrind's switches, massif's and dhat's snapshots, in that order — and keeps the
/// first failure.
///
/// After a failure no tool is called again, so a perf session that stopped answering is not asked twice, and
/// the command reports the failure after the run and exits 1 instead of writing figures whose profile is
/// missing.
final class ProfilingSession: WindowObserver {
  let selection: WindowSelection
  /// The tools, in the order a window's opening calls them; its closing calls them in reverse.
  let tools: [any ProfilingTool]
  private let perfControl: PerfControl?
  private let firstFailure = SanitizerVisibleMutex<ProfilingError?>(nil)

  /// A session over explicit tools; `perfControl`, if any, is closed by `finish()`.
  init(selection: WindowSelection, tools: [any ProfilingTool], perfControl: PerfControl? = nil) {
    self.selection = selection
    self.tools = tools
    self.perfControl = perfControl
  }

  /// The session `options` ask for; opens the perf FIFOs now, so a missing perf fails before the run.
  ///
  /// Massif's and dhat's window snapshots are asked for by `environment` (`MassifWindow.directoryVariable`,
  /// `DhatWindow.directoryVariable`), which `scripts/valgrind massif` and `dhat` set, rather than by an
  /// option: they mean something only under that tool.
  static func start(
    _ options: ProfilingOptions,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    announce: @escaping @Sendable (String) -> Void
  ) throws(ProfilingError) -> ProfilingSession {
    var tools: [any ProfilingTool] = []
    if options.pauseBeforeWindow {
      tools.append(
        PauseBeforeWindow(
          waiter: SignalWaiter(signal: SignalWaiter.userSignal1), announce: announce))
    }
    var perfControl: PerfControl?
    if let paths = options.perfControl {
      let control = try PerfControl(paths: paths)
      tools.append(control)
      perfControl = control
    }
    tools.append(CallgrindWindow())
    if let directory = environment[MassifWindow.directoryVariable], !directory.isEmpty {
      tools.append(MassifWindow(directory: directory))
    }
    if let directory = environment[DhatWindow.directoryVariable], !directory.isEmpty {
      tools.append(DhatWindow(directory: directory))
    }
    return ProfilingSession(selection: options.selection, tools: tools, perfControl: perfControl)
  }

  /// The first failure of any tool, or nil.
  var failure: ProfilingError? { firstFailure.withLock { $0 } }

  func windowWillOpen(_ variant: Variant) async {
    guard selection.includes(variant), failure == nil else { return }
    for tool in tools {
      do {
        try await tool.windowOpens(variant)
      } catch {
        record(error)
        return
      }
    }
  }

  func windowDidClose(_ variant: Variant, requests: Int) async {
    guard selection.includes(variant), failure == nil else { return }
    for tool in tools.reversed() {
      do {
        try await tool.windowCloses(variant, requests: requests)
      } catch {
        record(error)
        return
      }
    }
  }

  /// Releases what the session holds open (the perf FIFOs).
  func finish() {
    perfControl?.close()
  }

  private func record(_ error: ProfilingError) {
    firstFailure.withLock { if $0 == nil { $0 = error } }
  }
}
