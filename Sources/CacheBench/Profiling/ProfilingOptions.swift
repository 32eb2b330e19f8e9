import CacheBenchCore

/// What the profiling options of a run asked for: which windows to record and how to tell the profiler.
///
/// Without any of them a run profiles nothing it was not asked to: callgrind's switches are still issued
/// around every window, but they are no-ops unless the process runs under valgrind.
struct ProfilingOptions: Sendable, Equatable {
  /// The FIFOs of `perf record --control fifo:CTL,ACK`, from `--perf-ctl`; nil when not given.
  var perfControl: PerfControlPaths?
  /// The windows recorded, from `--profile-variant`.
  var selection: WindowSelection = .all
  /// Whether to print the pid and wait for SIGUSR1 before each recorded window (`--pause-before-window`).
  var pauseBeforeWindow = false
}

/// The control and acknowledgement FIFOs of a `perf record --control fifo:CTL,ACK` session.
struct PerfControlPaths: Sendable, Equatable {
  /// perf reads commands (`enable`, `disable`) here.
  var control: String
  /// perf writes `ack` here after each command.
  var acknowledgement: String

  /// Reads `CTL,ACK`, optionally prefixed with `fifo:` as in perf's own option, split at the first comma
  /// (as perf splits it); nil unless both paths are non-empty.
  init?(parsing value: String) {
    let text = value.hasPrefix("fifo:") ? value.dropFirst("fifo:".count) : value[...]
    guard let comma = text.firstIndex(of: ",") else { return nil }
    let control = text[..<comma]
    let acknowledgement = text[text.index(after: comma)...]
    guard !control.isEmpty, !acknowledgement.isEmpty else { return nil }
    self.control = String(control)
    self.acknowledgement = String(acknowledgement)
  }

  init(control: String, acknowledgement: String) {
    self.control = control
    self.acknowledgement = acknowledgement
  }
}
