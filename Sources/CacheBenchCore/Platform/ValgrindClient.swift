import CValgrind

/// Valgrind client requests: whether the process runs under valgrind, and callgrind's instrumentation
/// switches, through the C wrappers in `CValgrind`.
///
/// Every request is a handful of instructions that valgrind recognises and a native CPU executes as a no-op,
/// so callers need no guard; they check `isRunning` only to skip work such as building dump labels.
package enum ValgrindClient {
  /// Whether the valgrind headers were present when cachebench was built; without them every request is a
  /// no-op even under valgrind.
  static var isAvailable: Bool { cachebench_valgrind_available() != 0 }

  /// Whether this process runs under valgrind (any tool).
  package static var isRunning: Bool { cachebench_running_on_valgrind() != 0 }

  /// Turns callgrind's instrumentation on for every thread.
  ///
  /// Instrumentation, unlike callgrind's collection state, is global: the window's work runs on the
  /// concurrency runtime's pool threads, not on the thread that makes this request.
  package static func startInstrumentation() {
    cachebench_callgrind_start_instrumentation()
  }

  /// Turns callgrind's instrumentation off for every thread; the rest of the run goes at valgrind's
  /// uninstrumented speed.
  package static func stopInstrumentation() {
    cachebench_callgrind_stop_instrumentation()
  }

  /// Zeroes callgrind's cost counters.
  package static func zeroStatistics() {
    cachebench_callgrind_zero_stats()
  }

  /// Writes callgrind's costs since the last dump into a dump file whose `desc: Trigger:` line ends with
  /// `reason`, and zeroes them.
  package static func dumpStatistics(reason: String) {
    cachebench_callgrind_dump_stats_at(reason)
  }

  /// Runs a valgrind monitor command, e.g. massif's `detailed_snapshot FILE`; returns whether the tool
  /// accepted it. Only meaningful under valgrind.
  @discardableResult
  package static func monitorCommand(_ command: String) -> Bool {
    cachebench_valgrind_monitor_command(command) == 0
  }

  /// Has a forked child exit at once, so a tool that writes its profile at exit (dhat) writes one as of
  /// now, named for the child's pid; returns that pid once the child has exited, or nil when the fork
  /// failed or the child did not exit cleanly. Natively it costs a fork and writes nothing.
  package static func profileSnapshotByForkedChild() -> Int32? {
    let child = cachebench_exit_in_forked_child()
    return child > 0 ? child : nil
  }
}
