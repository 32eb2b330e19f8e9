import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lets a task wait for a POSIX signal (SIGUSR1 for `--pause-before-window`) without blocking a thread.
///
/// Creating a waiter sets the signal's disposition to "ignore", so the signal no longer has its default
/// effect (SIGUSR1 would terminate the process), and starts a Dispatch signal source that resumes the task
/// waiting, if any. A signal that arrives while nobody waits is dropped: a pause ends only on a signal sent
/// after it was announced. The disposition stays "ignore" for the rest of the process, which is harmless for a
/// signal nothing else uses.
package final class SignalWaiter: Sendable {
  /// The signal waited for.
  let signalNumber: Int32
  private let waiting = WaitingTask()
  // Touched only here and in deinit; a Dispatch source is safe to cancel from any thread.
  nonisolated(unsafe) private let source: any DispatchSourceSignal

  /// Starts catching `signalNumber`, e.g. `SignalWaiter.userSignal1`.
  package init(signal signalNumber: Int32) {
    self.signalNumber = signalNumber
    signal(signalNumber, SIG_IGN)
    source = DispatchSource.makeSignalSource(
      signal: signalNumber, queue: DispatchQueue(label: "cachebench.signal"))
    source.setEventHandler { [waiting] in
      waiting.slot.withLock { $0.take() }?.resume()
    }
    source.resume()
  }

  deinit {
    source.cancel()
  }

  /// SIGUSR1's number.
  package static var userSignal1: Int32 { SIGUSR1 }

  /// This process's id, to tell the user where to send the signal.
  package static var processID: Int32 { getpid() }

  /// Suspends until the signal arrives; `announce` runs once the wait is registered, so a signal sent in
  /// answer to the announcement cannot be missed.
  package func wait(announcing announce: () -> Void) async {
    await withCheckedContinuation { continuation in
      waiting.slot.withLock { $0 = continuation }
      announce()
    }
  }

  /// Sends the signal to this process, as `kill -USR1 <pid>` would; for tests.
  func raiseInProcess() {
    kill(getpid(), signalNumber)
  }
}

/// The task waiting for the signal, if any; a class so the signal handler can share it without keeping the
/// waiter (and so its Dispatch source) alive.
private final class WaitingTask: Sendable {
  let slot = SanitizerVisibleMutex<CheckedContinuation<Void, Never>?>(nil)
}
