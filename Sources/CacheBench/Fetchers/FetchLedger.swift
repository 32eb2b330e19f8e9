import Synchronization

/// The server's view of the fetches a cache made: how many, how many duplicated one already in flight for
/// the same key, and how long each took.
///
/// Fetches are slow (a millisecond is typical) and far fewer than requests, so one `Mutex` here costs nothing
/// the request hot path would notice, and it makes the in-flight count per key exact.
final class FetchLedger: Sendable {
  /// The figures accumulated so far.
  struct Totals: Sendable {
    var fetches = 0
    var duplicateFetches = 0
    var inFlight = 0
    var latency = LatencyHistogram()
  }

  private struct State {
    var totals = Totals()
    var inFlightByKey: [Int: Int] = [:]
  }

  private let state = Mutex(State())

  init() {}

  /// Records that a fetch of `key` began; it is a duplicate when another fetch of `key` is still in flight.
  func begin(_ key: Int) {
    state.withLock { state in
      let current = state.inFlightByKey[key, default: 0]
      if current > 0 { state.totals.duplicateFetches += 1 }
      state.inFlightByKey[key] = current + 1
      state.totals.fetches += 1
      state.totals.inFlight += 1
    }
  }

  /// Records that a fetch of `key` ended, successfully or not, after `nanoseconds`.
  func end(_ key: Int, nanoseconds: UInt64) {
    state.withLock { state in
      let remaining = state.inFlightByKey[key, default: 1] - 1
      state.inFlightByKey[key] = remaining == 0 ? nil : remaining
      state.totals.inFlight -= 1
      state.totals.latency.record(nanoseconds)
    }
  }

  /// A snapshot of the figures.
  var totals: Totals {
    state.withLock { $0.totals }
  }
}
