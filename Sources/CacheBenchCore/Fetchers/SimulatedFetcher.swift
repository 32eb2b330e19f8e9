/// The benchmark's fake remote: each fetch takes a latency drawn from the configured distribution, may
/// fail after it, and may be limited to a pool of concurrent fetches.
///
/// Latency and fate come from `FetchDraws` by (seed, key, the key's fetch ordinal), so they repeat across
/// runs and variants. Like `ConstantLatencyFetcher` it sleeps on the fetch timer's thread (`ResponseDelay`)
/// and never spins, and its latency ends when the response leaves, not when the fetching task next gets a
/// thread. Time spent waiting for a pool slot is recorded separately in the
/// ledger's `fetchQueue`, and the fetch's own latency starts once it holds a slot, as a server sees it.
///
/// Cancellation: by default a cancelled fetch ends with `CancellationError` as soon as its sleep notices.
/// With `ignoresCancellation` the fetch runs its full latency in a task the caller's cancellation does not
/// reach and returns its payload anyway (a stale completion), which is what a remote that cannot be
/// interrupted does; the fetch is still awaited, so it never outlives its caller.
struct SimulatedFetcher: Fetcher {
  let draws: FetchDraws
  let payloadBytes: Int
  let ledger: FetchLedger
  var ignoresCancellation = false
  var pool: FetchPool? = nil

  func fetch(_ key: Int) async throws -> Payload {
    if let pool {
      let queued = MonotonicClock.now()
      await pool.acquire()
      ledger.recordFetchQueue(nanoseconds: MonotonicClock.now() - queued)
    }
    defer { pool?.release() }
    let ordinal = ledger.begin(key)
    let draw = draws.draw(key: key, ordinal: ordinal)
    let start = MonotonicClock.now()
    let responded: UInt64
    do {
      if ignoresCancellation {
        responded = await Task {
          (try? await ResponseDelay.wait(nanoseconds: draw.nanoseconds, from: start))
            ?? MonotonicClock.now()
        }.value
      } else {
        responded = try await ResponseDelay.wait(nanoseconds: draw.nanoseconds, from: start)
      }
    } catch {
      ledger.end(key, nanoseconds: MonotonicClock.now() - start)
      throw error
    }
    ledger.end(key, nanoseconds: responded &- start)
    if draw.fails { throw InjectedFetchFailure(key: key, ordinal: ordinal) }
    if !Task.isCancelled { ledger.recordSuccess() }
    return Payload(key: key, count: payloadBytes)
  }
}

/// The error a fetch throws when `--fail-rate` picks it to fail; counted in `errors`.
struct InjectedFetchFailure: Error, Equatable, CustomStringConvertible {
  var key: Int
  /// The key's fetch ordinal that failed.
  var ordinal: Int

  var description: String { "injected failure of fetch \(ordinal) of key \(key)" }
}
