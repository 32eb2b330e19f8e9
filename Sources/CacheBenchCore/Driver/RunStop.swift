import Synchronization

/// Why a run stopped before its workload was done.
package enum StopReason: Sendable, Equatable {
  /// A termination signal arrived (SIGINT, SIGTERM); the number is the signal's.
  case signal(Int32)
  /// The run's `--deadline` passed.
  case deadline
  /// One window made no progress for the stall timeout (`DrainPolicy.stallTimeout`); only that window
  /// stops, never the run.
  case stalled
}

/// The run-wide request to stop issuing requests, shared by whoever asks (a signal, the deadline) and
/// the clients and driver that obey.
///
/// Clients poll `isRequested` before claiming each request: one relaxed atomic load, no lock, so the
/// hot path is unchanged. The first request wins; later ones are ignored, so the reason reported is the
/// one that actually cut the run short.
@usableFromInline
package final class RunStop: Sendable {
  private let flag = Atomic<Bool>(false)
  private let state = SanitizerVisibleMutex(State())

  private struct State {
    var reason: StopReason?
    var nextWaiter = 0
    var waiters: [Int: CheckedContinuation<StopReason?, Never>] = [:]
  }

  init() {}

  /// Whether a stop has been requested; cheap enough for every request.
  @inline(__always)
  var isRequested: Bool { flag.load(ordering: .relaxed) }

  /// The reason of the first stop requested, or nil while the run may go on.
  package var reason: StopReason? { state.withLock { $0.reason } }

  /// Asks the run to stop for `reason`; returns whether this was the first request.
  @discardableResult
  package func request(_ reason: StopReason) -> Bool {
    let waiters = state.withLock { state -> [CheckedContinuation<StopReason?, Never>]? in
      guard state.reason == nil else { return nil }
      state.reason = reason
      let waiters = Array(state.waiters.values)
      state.waiters = [:]
      return waiters
    }
    guard let waiters else { return false }
    flag.store(true, ordering: .relaxed)
    for waiter in waiters { waiter.resume(returning: reason) }
    return true
  }

  /// Suspends until a stop is requested and returns its reason, or returns nil as soon as the calling
  /// task is cancelled, so a watcher of a window that ended normally does not outlive it.
  func requested() async -> StopReason? {
    let id = state.withLock { state -> Int in
      state.nextWaiter += 1
      return state.nextWaiter
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let immediate = state.withLock { state -> StopReason?? in
          if let reason = state.reason { return .some(reason) }
          if Task.isCancelled { return .some(nil) }
          state.waiters[id] = continuation
          return .none
        }
        if let immediate { continuation.resume(returning: immediate) }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: nil)
    }
  }
}
