/// The server's view of the fetches a cache made: how many, how many duplicated one already in flight for
/// the same key, and how long each took.
///
/// Fetches are slow (a millisecond is typical) and far fewer than requests, so one `Mutex` here costs nothing
/// the request hot path would notice, and it makes the in-flight count per key exact.
final class FetchLedger: Sendable {
  /// The figures accumulated so far.
  struct Totals: Sendable {
    var fetches = 0
    /// Fetches that returned a payload to a caller that was not cancelled: the ones that owe a decode.
    /// A failed fetch, and one whose caller was cancelled before its response (it may still return the
    /// payload with `--ignore-cancellation`, but the cache then throws `CancellationError`), owe none.
    var succeededFetches = 0
    var duplicateFetches = 0
    var inFlight = 0
    var latency = LatencyHistogram()
    /// Time fetches waited for a slot of the fetch pool (`--fetch-limit`), or nil when there is no pool.
    var fetchQueue: LatencyHistogram? = nil
  }

  private struct State {
    var totals = Totals()
    var inFlightByKey: [Int: Int] = [:]
    /// Fetches begun per key, the ordinal `FetchDraws` reads the next fetch's latency and fate from.
    var fetchesByKey: [Int: Int] = [:]
  }

  private let state = SanitizerVisibleMutex(State())
  /// Where the harness attributes each fetch to the request that started it, for a window whose design
  /// does not report outcomes; nil for the others, and for writes.
  let attribution: FetchAttribution?

  /// Creates an empty ledger; `recordsFetchQueue` adds the histogram of pool waits, `attribution` the
  /// harness's attribution of outcomes.
  init(recordsFetchQueue: Bool = false, attribution: FetchAttribution? = nil) {
    self.attribution = attribution
    if recordsFetchQueue { state.withLock { $0.totals.fetchQueue = LatencyHistogram() } }
  }

  /// Records that a fetch of `key` began; it is a duplicate when another fetch of `key` is still in flight.
  /// Returns how many fetches of `key` began before this one (its 0-based ordinal).
  /// Called in the task that fetches, so the attribution sees the request it serves.
  @discardableResult
  func begin(_ key: Int) -> Int {
    CancellationReach.ofMarkedRead?.recordFetchOfMarkedRead()
    attribution?.fetchBegan(key)
    return state.withLock { state in
      let ordinal = state.fetchesByKey[key, default: 0]
      state.fetchesByKey[key] = ordinal + 1
      let current = state.inFlightByKey[key, default: 0]
      if current > 0 { state.totals.duplicateFetches += 1 }
      state.inFlightByKey[key] = current + 1
      state.totals.fetches += 1
      state.totals.inFlight += 1
      return ordinal
    }
  }

  /// Records that a fetch waited `nanoseconds` for a slot of the fetch pool before it began.
  func recordFetchQueue(nanoseconds: UInt64) {
    state.withLock { $0.totals.fetchQueue?.record(nanoseconds) }
  }

  /// Records that a fetch of `key` ended, successfully or not, after `nanoseconds`.
  func end(_ key: Int, nanoseconds: UInt64) {
    attribution?.fetchEnded(key)
    state.withLock { state in
      let remaining = state.inFlightByKey[key, default: 1] - 1
      state.inFlightByKey[key] = remaining == 0 ? nil : remaining
      state.totals.inFlight -= 1
      state.totals.latency.record(nanoseconds)
    }
  }

  /// Records that a fetch returned its payload to a caller that was not cancelled.
  func recordSuccess() {
    state.withLock { $0.totals.succeededFetches += 1 }
  }

  /// A snapshot of the figures.
  var totals: Totals {
    state.withLock { $0.totals }
  }

  /// Fetches begun plus fetches ended so far: a figure that moves while any fetch starts or finishes,
  /// for the stall watch. Reads no histogram, so it never shares one a fetcher is about to record into.
  var fetchEvents: Int {
    state.withLock { 2 * $0.totals.fetches - $0.totals.inFlight }
  }
}
