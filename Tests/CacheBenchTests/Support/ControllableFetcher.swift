@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// A fetcher whose fetches stay suspended until the test releases them, so tests force overlap exactly
/// instead of hoping for it with sleeps. Every fetch is counted in a real `FetchLedger`, the same accounting
/// the benchmark uses, so duplicate counts are the fetcher's (the server's) view.
final class ControllableFetcher: Fetcher {
  /// An injected failure.
  struct InjectedFailure: Error, Equatable {}

  private struct Pending {
    var key: Int
    var continuation: CheckedContinuation<Result<Payload, any Error>, Never>
  }

  private struct State {
    var nextID = 0
    var pending: [Int: Pending] = [:]
    var startWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    var started = 0
    /// Fetches whose cancellation arrived before they registered.
    var cancelledEarly: Set<Int> = []
  }

  let ledger = FetchLedger()
  /// When true, a cancelled fetch still waits for its release and returns its payload: a stale completion.
  let ignoresCancellation: Bool
  private let state = SanitizerVisibleMutex(State())

  init(ignoresCancellation: Bool = false) {
    self.ignoresCancellation = ignoresCancellation
  }

  func fetch(_ key: Int) async throws -> Payload {
    ledger.begin(key)
    defer { ledger.end(key, nanoseconds: 0) }
    let id = state.withLock { state -> Int in
      state.nextID += 1
      return state.nextID
    }
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let (ready, cancelled) = state.withLock {
          state -> ([CheckedContinuation<Void, Never>], Bool) in
          let cancelled = state.cancelledEarly.remove(id) != nil
          if !cancelled { state.pending[id] = Pending(key: key, continuation: continuation) }
          state.started += 1
          let started = state.started
          let ready = state.startWaiters.filter { $0.count <= started }.map(\.continuation)
          state.startWaiters.removeAll { $0.count <= started }
          return (ready, cancelled)
        }
        for waiter in ready { waiter.resume() }
        if cancelled { continuation.resume(returning: .failure(CancellationError())) }
      }
    } onCancel: {
      guard !ignoresCancellation else { return }
      let pending = state.withLock { state in
        let pending = state.pending.removeValue(forKey: id)
        if pending == nil { state.cancelledEarly.insert(id) }
        return pending
      }
      pending?.continuation.resume(returning: .failure(CancellationError()))
    }
    state.withLock { _ in }
    return try result.get()
  }

  /// Fetches started so far, including finished ones.
  var startedCount: Int { state.withLock { $0.started } }

  /// Fetches suspended now, waiting for a release.
  var pendingCount: Int { state.withLock { $0.pending.count } }

  /// Returns once at least `count` fetches have started.
  func waitForStarts(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let done = state.withLock { state -> Bool in
        if state.started >= count { return true }
        state.startWaiters.append((count, continuation))
        return false
      }
      if done { continuation.resume() }
    }
  }

  /// Completes every suspended fetch of `key` (all keys when nil) with a payload of `bytes` bytes, or with
  /// `failure`. Returns how many fetches it released.
  @discardableResult
  func release(key: Int? = nil, bytes: Int = 16, failure: (any Error)? = nil) -> Int {
    release(
      where: { _, pending in key == nil || pending.key == key }, bytes: bytes, failure: failure)
  }

  /// Completes the `number`-th fetch started (1-based), if it is still suspended.
  @discardableResult
  func release(fetch number: Int, bytes: Int = 16, failure: (any Error)? = nil) -> Int {
    release(where: { id, _ in id == number }, bytes: bytes, failure: failure)
  }

  private func release(
    where matches: (Int, Pending) -> Bool, bytes: Int, failure: (any Error)?
  ) -> Int {
    // The payloads are made under the lock, which the fetch takes again once resumed, so the thread
    // sanitizer sees the payload's writes ordered before the decode's reads by the lock: the resume alone
    // did not order them for it (a race report in CI, on a loaded machine).
    let released = state.withLock {
      state -> [(
        CheckedContinuation<Result<Payload, any Error>, Never>, Result<Payload, any Error>
      )] in
      let matching = state.pending.filter { matches($0.key, $0.value) }
      for id in matching.keys { state.pending[id] = nil }
      return matching.values.map { pending in
        let result: Result<Payload, any Error> =
          if let failure { .failure(failure) } else {
            .success(Payload(key: pending.key, count: bytes))
          }
        return (pending.continuation, result)
      }
    }
    for (continuation, result) in released { continuation.resume(returning: result) }
    return released.count
  }
}
