/// A fake remote that answers every key after the same configured latency with a payload of fixed size.
///
/// The fetcher sleeps on the fetch timer's thread (`ResponseDelay`, `DeadlineTimerThread`), which learns its
/// own wake-up lateness and asks to be woken that much early, instead of spinning: the realised latency
/// centres on the configured one without burning the CPU the caches compete for, and it ends when the
/// response leaves, not when the fetching task next gets a thread. The realised latency of every fetch is recorded in the ledger and
/// reported beside the configured value.
struct ConstantLatencyFetcher: Fetcher {
  let latency: Duration
  let payloadBytes: Int
  let ledger: FetchLedger

  func fetch(_ key: Int) async throws -> Payload {
    ledger.begin(key)
    let start = MonotonicClock.now()
    let responded: UInt64
    do {
      responded = try await ResponseDelay.wait(
        nanoseconds: UInt64(latency.nanoseconds), from: start)
    } catch {
      ledger.end(key, nanoseconds: MonotonicClock.now() - start)
      throw error
    }
    let payload = Payload(key: key, count: payloadBytes)
    ledger.end(key, nanoseconds: responded &- start)
    return payload
  }
}
