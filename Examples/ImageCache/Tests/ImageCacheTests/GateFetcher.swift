import CacheBenchCore
import Synchronization

/// A remote whose fetches all wait until `opensAt` of them have begun, then answer together; every
/// later fetch answers at once. It forces the overlap a reentrancy test needs instead of hoping a
/// latency is long enough: with a gate of N, N callers of one key are all inside their fetch before
/// any returns.
///
/// A gate that never opens (fewer fetches than `opensAt`) holds the window until the harness stops it
/// as stalled, and `CacheBenchmark.run()` throws `.notMeasured`: a cache that coalesced by mistake
/// fails rather than hangs.
final class GateFetcher: Fetcher {
  private struct State {
    var begun = 0
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  let opensAt: Int
  let payloadBytes: Int
  private let state = Mutex(State())

  init(opensAt: Int, payloadBytes: Int = 1_024) {
    self.opensAt = opensAt
    self.payloadBytes = payloadBytes
  }

  func fetch(_ key: Int) async throws -> Payload {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
        state.begun += 1
        guard state.begun >= opensAt else {
          state.waiting.append(continuation)
          return []
        }
        defer { state.waiting = [] }
        return state.waiting + [continuation]
      }
      for waiter in released { waiter.resume() }
    }
    return Payload(key: key, count: payloadBytes)
  }
}
