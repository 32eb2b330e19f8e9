import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Catches SIGINT and SIGTERM for the length of a run, so an interrupted run can drain and write what it
/// measured instead of dying with nothing.
///
/// The first of either signal calls `onFirst` with its number (on a private Dispatch queue); any later
/// one ends the process at once with `_exit(128 + signal)`, writing nothing more: the user asked twice.
/// Installing sets both dispositions to "ignore" so that only the Dispatch sources see the signals;
/// `uninstall` restores the defaults.
package final class TerminationSignals: Sendable {
  private let received = SignalCount()
  // Created in init and only cancelled in uninstall; a Dispatch source may be cancelled from any thread.
  nonisolated(unsafe) private var sources: [any DispatchSourceSignal] = []

  /// Starts catching SIGINT and SIGTERM; `onFirst` gets the first one's number.
  package init(onFirst: @escaping @Sendable (Int32) -> Void) {
    let queue = DispatchQueue(label: "cachebench.termination")
    for number in [SIGINT, SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { [received] in
        if received.value.wrappingAdd(1, ordering: .relaxed).oldValue == 0 {
          onFirst(number)
        } else {
          _exit(128 + number)
        }
      }
      source.resume()
      sources.append(source)
    }
  }

  /// Stops catching the signals and restores their default effect.
  package func uninstall() {
    for source in sources { source.cancel() }
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
  }

  /// SIGINT's number.
  static var interrupt: Int32 { SIGINT }
  /// SIGTERM's number.
  static var terminate: Int32 { SIGTERM }
}

/// How many termination signals arrived; a class so the signal handlers can share it.
private final class SignalCount: Sendable {
  let value = Atomic<Int>(0)
}
