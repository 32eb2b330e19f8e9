/// At most `limit` fetches in flight at the fetcher, like a connection pool in front of a server; later
/// fetches wait in arrival order for a slot.
///
/// Waiting for a slot is not cancellable: a cancelled caller keeps its place and, once it has a slot, its
/// fetch ends at once (unless the fetcher ignores cancellation). This keeps the slot count exact without a
/// cancellation race; the pool wait is short next to the fetches it queues behind. Fetches are slow and
/// few, so one `Mutex` costs nothing the request path would notice.
final class FetchPool: Sendable {
  private struct State {
    var available: Int
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  /// The most fetches in flight at once.
  let limit: Int
  private let state: SanitizerVisibleMutex<State>

  init(limit: Int) {
    precondition(limit >= 1, "a fetch pool needs at least one slot, got \(limit)")
    self.limit = limit
    state = SanitizerVisibleMutex(State(available: limit))
  }

  /// Returns once the caller holds a slot, which it must give back with `release()`.
  func acquire() async {
    let granted = state.withLock { state -> Bool in
      guard state.available > 0 else { return false }
      state.available -= 1
      return true
    }
    if granted { return }
    await withCheckedContinuation { continuation in
      // A slot may have been released between the check above and here.
      let granted = state.withLock { state -> Bool in
        if state.available > 0 {
          state.available -= 1
          return true
        }
        state.waiters.append(continuation)
        return false
      }
      if granted { continuation.resume() }
    }
  }

  /// Gives a slot back, handing it straight to the longest waiter if there is one.
  func release() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      if state.waiters.isEmpty {
        state.available += 1
        return nil
      }
      return state.waiters.removeFirst()
    }
    next?.resume()
  }

  /// Fetches waiting for a slot now.
  var waiting: Int { state.withLock { $0.waiters.count } }
}
