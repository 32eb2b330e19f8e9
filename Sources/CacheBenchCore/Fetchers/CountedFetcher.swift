/// A remote of the caller's own, counted at the fetcher as the simulated one is: every call it receives
/// is a fetch in the window's `FetchLedger`, a duplicate when another fetch of the same key is in flight.
///
/// This is how a test brings a fetcher it controls (one that holds each fetch until the test releases it)
/// and still reads `fetches` and `duplicate_fetches` from the harness rather than counting them itself.
/// Its latency is the time `remote` took; cancellation is whatever `remote` does with it.
struct CountedFetcher: Fetcher {
  let remote: any Fetcher
  let ledger: FetchLedger

  func fetch(_ key: Int) async throws -> Payload {
    ledger.begin(key)
    let start = MonotonicClock.now()
    let payload: Payload
    do {
      payload = try await remote.fetch(key)
    } catch {
      ledger.end(key, nanoseconds: MonotonicClock.now() &- start)
      throw error
    }
    ledger.end(key, nanoseconds: MonotonicClock.now() &- start)
    if !Task.isCancelled { ledger.recordSuccess() }
    return payload
  }
}
