/// A fake remote that answers every key after the same configured latency with a payload of fixed size.
///
/// `Task.sleep` overshoots on Linux (about +80 µs at 1 ms, +150 µs at 5 ms measured here), so the fetcher
/// sleeps until the deadline minus a lead calibrated at start (`SleepLead`) instead of spinning: the realised
/// latency centres on the configured one without burning the CPU the caches compete for. The realised latency
/// of every fetch is recorded in the ledger and reported beside the configured value.
struct ConstantLatencyFetcher: Fetcher {
  let latency: Duration
  let payloadBytes: Int
  let ledger: FetchLedger
  let lead: SleepLead

  func fetch(_ key: Int) async throws -> Payload {
    ledger.begin(key)
    let start = MonotonicClock.now()
    do {
      try await lead.sleep(nanoseconds: UInt64(latency.nanoseconds), from: start)
    } catch {
      ledger.end(key, nanoseconds: MonotonicClock.now() - start)
      throw error
    }
    let payload = Payload(key: key, count: payloadBytes)
    ledger.end(key, nanoseconds: MonotonicClock.now() - start)
    return payload
  }
}
