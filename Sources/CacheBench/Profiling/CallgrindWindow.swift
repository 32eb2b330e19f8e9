import CacheBenchCore

/// Confines callgrind's counts to the recorded windows, through valgrind client requests.
///
/// Run under `valgrind --tool=callgrind --instr-atstart=no`: nothing is instrumented until a window opens,
/// when instrumentation starts for every thread and the counters are zeroed; when it closes, the costs are
/// dumped to a file of their own whose trigger line names the variant and its request count
/// (`cachebench window coalescing/inside requests 50000`), and instrumentation stops again, so warm-up, the
/// other variants and start-up cost nothing and run at valgrind's uninstrumented speed. `scripts/valgrind`
/// reads those dumps to compute instructions per request.
///
/// Instrumentation is used rather than callgrind's collection state (`CALLGRIND_TOGGLE_COLLECT`,
/// `--collect-atstart=no`) because the collection state is per thread, and the window's requests run on the
/// concurrency runtime's pool threads, not on the thread that calls this.
///
/// Not under valgrind every request is a no-op, so this tool is always part of a session.
struct CallgrindWindow: ProfilingTool {
  func windowOpens(_ variant: Variant) async throws(ProfilingError) {
    guard ValgrindClient.isRunning else { return }
    ValgrindClient.startInstrumentation()
    ValgrindClient.zeroStatistics()
  }

  func windowCloses(_ variant: Variant, requests: Int) async throws(ProfilingError) {
    guard ValgrindClient.isRunning else { return }
    ValgrindClient.dumpStatistics(reason: Self.dumpReason(variant, requests: requests))
    ValgrindClient.stopInstrumentation()
  }

  /// The dump's trigger text; `scripts/lib/callgrind_windows.py` parses it, so keep the two in step.
  static func dumpReason(_ variant: Variant, requests: Int) -> String {
    "cachebench window \(variant.description) requests \(requests)"
  }
}
