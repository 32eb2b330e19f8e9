import CacheBenchCore
import Dispatch

/// Switches a `perf record --control fifo:CTL,ACK -D -1` session on for exactly the recorded windows: writes
/// `enable` when a window opens and `disable` when it closes, and each time waits for perf's `ack`, so the
/// first request of the window is issued only once perf records, and nothing after the window is recorded.
///
/// The wait is bounded (`acknowledgementTimeout`, 10 s by default, far above the milliseconds perf takes) and
/// runs on a Dispatch queue, never on a thread of the concurrency pool, whose two threads here the benchmark
/// needs. A timeout, a closed FIFO or a reply other than `ack` is a `ProfilingError`.
///
/// Without perf attached the option is harmless in the sense that matters: opening fails at once with a
/// message saying nobody reads the control FIFO, before anything is measured.
final class PerfControl: ProfilingTool {
  /// How long perf gets to acknowledge a command by default.
  static let defaultAcknowledgementTimeout: Duration = .seconds(10)

  private let fifo: SanitizerVisibleMutex<ControlFIFO>
  private let timeoutMilliseconds: Int
  private let queue = DispatchQueue(label: "cachebench.perf-control")

  /// Opens the FIFOs at `paths`; fails unless perf (or another reader) has the control FIFO open.
  init(
    paths: PerfControlPaths, acknowledgementTimeout: Duration = defaultAcknowledgementTimeout
  ) throws(ProfilingError) {
    do {
      fifo = SanitizerVisibleMutex(
        try ControlFIFO(control: paths.control, acknowledgement: paths.acknowledgement))
    } catch {
      throw .perfControl(command: nil, failure: error)
    }
    timeoutMilliseconds = Int(acknowledgementTimeout.nanoseconds / 1_000_000)
  }

  func windowOpens(_ variant: Variant) async throws(ProfilingError) {
    try await exchange("enable")
  }

  func windowCloses(_ variant: Variant, requests: Int) async throws(ProfilingError) {
    try await exchange("disable")
  }

  /// Closes the FIFOs; perf keeps running until its workload ends or it is stopped.
  func close() {
    fifo.withLock { $0.close() }
  }

  private func exchange(_ command: String) async throws(ProfilingError) {
    let outcome = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<Void, ProfilingError>, Never>) in
      queue.async {
        continuation.resume(returning: self.exchangeBlocking(command))
      }
    }
    try outcome.get()
  }

  private func exchangeBlocking(_ command: String) -> Result<Void, ProfilingError> {
    fifo.withLock { fifo in
      do throws(ControlFIFO.Failure) {
        try fifo.send(command)
        let reply = try fifo.receiveLine(timeout: timeoutMilliseconds)
        guard reply == "ack" else {
          return .failure(
            .unexpectedReply(command: command, reply: reply, path: fifo.acknowledgementPath))
        }
        return .success(())
      } catch {
        return .failure(.perfControl(command: command, failure: error))
      }
    }
  }
}
