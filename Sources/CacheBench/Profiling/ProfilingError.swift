import CacheBenchCore

/// Why a profiling session (`--perf-ctl`, massif's or dhat's window snapshots) could not do its part; each case names
/// the FIFO or the command concerned.
///
/// `description` is the one line the tool prints before exiting with status 1 (an I/O failure, not a usage
/// error: the command line was well formed, the FIFO or the profiler behind it was not there or did not
/// answer), e.g. `--perf-ctl: perf did not acknowledge 'enable' on 'ack.fifo' within 10000 ms`.
enum ProfilingError: Error, Equatable, CustomStringConvertible {
  /// Opening the FIFOs, or sending `command` (nil while opening), failed.
  case perfControl(command: String?, failure: ControlFIFO.Failure)
  /// perf answered `command` with something other than `ack`.
  case unexpectedReply(command: String, reply: String, path: String)
  /// The valgrind tool refused the monitor command `command` (e.g. a massif snapshot).
  case valgrindMonitor(command: String)
  /// dhat's snapshot at the `edge` (`open` or `close`) of a window failed: the fork failed (`path` nil),
  /// or the forked child left no profile at `path`.
  case dhatSnapshot(edge: String, path: String?)

  var description: String {
    switch self {
    case .perfControl(let command, let failure):
      "--perf-ctl: " + Self.explain(failure, command: command)
    case .unexpectedReply(let command, let reply, let path):
      "--perf-ctl: perf answered '\(reply)' instead of 'ack' to '\(command)' on '\(path)'"
    case .valgrindMonitor(let command):
      "valgrind refused the monitor command '\(command)': not run under massif by scripts/valgrind,"
        + " or the directory in \(MassifWindow.directoryVariable) is not writable"
    case .dhatSnapshot(let edge, nil):
      "dhat's snapshot as the window \(edge == "open" ? "opened" : "closed") failed: fork failed,"
        + " or the forked child did not exit cleanly"
    case .dhatSnapshot(let edge, let path?):
      "dhat wrote no profile at '\(path)' for the snapshot as the window"
        + " \(edge == "open" ? "opened" : "closed"): not run under dhat by scripts/valgrind, or"
        + " \(DhatWindow.directoryVariable) is not the directory --dhat-out-file writes to"
    }
  }

  private static func explain(_ failure: ControlFIFO.Failure, command: String?) -> String {
    switch failure {
    case .missing(let path):
      "'\(path)' does not exist; create both FIFOs with mkfifo"
    case .notAFIFO(let path):
      "'\(path)' is not a FIFO; create it with mkfifo"
    case .noReader(let path):
      "nobody has '\(path)' open for reading; start perf record --control fifo:\(path),ACK first"
    case .systemCall(let path, let call, let reason):
      "\(call) failed on '\(path)'" + (command.map { " sending '\($0)'" } ?? "") + " (\(reason))"
    case .timedOut(let path, let milliseconds):
      "perf did not acknowledge '\(command ?? "")' on '\(path)' within \(milliseconds) ms"
    case .closed(let path):
      "'\(path)' was closed by perf before it acknowledged '\(command ?? "")'"
    }
  }
}
