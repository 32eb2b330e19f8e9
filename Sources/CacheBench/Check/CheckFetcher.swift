import CacheBenchCore

/// The fetcher `cachebench check` gives the design under check: every fetch stays suspended until the
/// check releases it, so the check, not the scheduler, decides which callers overlap. Each payload
/// carries the number of the fetch that made it (1 for the first fetch started), so a later answer
/// says which fetch it came from: that is how the invalidation check tells a value fetched before an
/// invalidate from one fetched after it, with no hook in the design. A typed design (URL keys, `Data`
/// values) gets a value of its own type made from each fetch's payload, not one value per key, and its
/// answers are traced back to the fetch whose value it served (`FetchIdentifyingFetcher`).
final class CheckFetcher: FetchIdentifyingFetcher {
  /// The failure a released fetch throws when the check asks for one.
  struct InjectedFailure: Error, CustomStringConvertible {
    var description: String { "the check's injected fetch failure" }
  }

  private struct Held {
    var key: Int
    var continuation: CheckedContinuation<Result<Payload, any Error>, Never>
  }

  private struct State {
    var started = 0
    var held: [Int: Held] = [:]
    /// Fetches whose cancellation arrived before they were held.
    var cancelledEarly: Set<Int> = []
    var cancelled = 0
  }

  private let state = SanitizerVisibleMutex(State())

  func fetch(_ key: Int) async throws -> Payload {
    let number = state.withLock { state -> Int in
      state.started += 1
      return state.started
    }
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let cancelled = state.withLock { state -> Bool in
          if state.cancelledEarly.remove(number) != nil { return true }
          state.held[number] = Held(key: key, continuation: continuation)
          return false
        }
        if cancelled { continuation.resume(returning: .failure(CancellationError())) }
      }
    } onCancel: {
      let held = state.withLock { state -> Held? in
        state.cancelled += 1
        if let held = state.held.removeValue(forKey: number) { return held }
        state.cancelledEarly.insert(number)
        return nil
      }
      held?.continuation.resume(returning: .failure(CancellationError()))
    }
    // Taken again once resumed: the lock orders the payload's making before its reading for the
    // thread sanitizer, which does not see the continuation do it.
    state.withLock { _ in }
    return try result.get()
  }

  /// Fetches started so far, finished ones included.
  var startedCount: Int { state.withLock { $0.started } }

  /// Fetches whose task was cancelled while they were held or before.
  var cancelledCount: Int { state.withLock { $0.cancelled } }

  /// Completes every held fetch of `key`, each with a payload naming its fetch, or with
  /// `InjectedFailure` when `failing`. Returns how many it completed.
  @discardableResult
  func release(key: Int, failing: Bool = false) -> Int {
    let released = state.withLock {
      state -> [(
        CheckedContinuation<Result<Payload, any Error>, Never>, Result<Payload, any Error>
      )]
      in
      let matching = state.held.filter { $0.value.key == key }
      for number in matching.keys { state.held[number] = nil }
      return matching.map { number, held in
        let result: Result<Payload, any Error> =
          failing ? .failure(InjectedFailure()) : .success(Self.payload(key: key, fetch: number))
        return (held.continuation, result)
      }
    }
    for (continuation, result) in released { continuation.resume(returning: result) }
    return released.count
  }

  /// The payload of fetch number `fetch` of `key`: the number in its first eight bytes.
  static func payload(key: Int, fetch: Int) -> Payload {
    Payload(key: key, bytes: withUnsafeBytes(of: UInt64(fetch).littleEndian) { Array($0) })
  }

  /// The number of the fetch whose payload `payload` is, or nil when the design answered bytes of its
  /// own making.
  static func fetchNumber(of payload: Payload) -> Int? {
    guard payload.bytes.count == 8 else { return nil }
    var number: UInt64 = 0
    for (index, byte) in payload.bytes.enumerated() { number |= UInt64(byte) << (8 * index) }
    return Int(exactly: number)
  }
}
