@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// A user's cache whose lookups never return until the test releases them: each waits on `hang`,
/// ignoring cancellation, as a cache with a lost continuation would. Nothing blocks a thread; the
/// caller's task stays suspended.
struct HangingCache: Cache {
  var hang: LookupHang

  func lookup(_ key: Int) async throws -> CacheLookup {
    await hang.wait()
    throw CancellationError()
  }

  func invalidate(_ key: Int) async {}
}

/// The lookups a `HangingCache` holds. A test releases them once the run is over, so no task it
/// started outlives it, and waits until every held lookup has left (`allLeft`).
final class LookupHang: Sendable {
  private struct State {
    var waiting: [CheckedContinuation<Void, Never>] = []
    var released = false
    var entered = 0
    var left = 0
  }

  private let state = SanitizerVisibleMutex(State())

  /// Suspends until `release()`; returns at once after it.
  func wait() async {
    await withCheckedContinuation { continuation in
      let released = state.withLock { state -> Bool in
        state.entered += 1
        if !state.released { state.waiting.append(continuation) }
        return state.released
      }
      if released { continuation.resume() }
    }
    state.withLock { $0.left += 1 }
  }

  /// Lets every held lookup, and any later one, go on.
  func release() {
    let waiting = state.withLock { state in
      state.released = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for continuation in waiting { continuation.resume() }
  }

  /// Lookups that have waited so far.
  var entered: Int { state.withLock { $0.entered } }

  /// Whether every lookup that waited has gone on.
  var allLeft: Bool { state.withLock { $0.left == $0.entered } }
}

extension CacheDesign {
  /// A user's design over a `HangingCache` held by `hang`.
  static func hanging(_ hang: LookupHang) -> CacheDesign {
    CacheDesign(name: "hanging", summary: "a lookup never returns") { _ in
      HangingCache(hang: hang)
    }
  }
}
