/// Whether a design's `invalidate` removed an entry it held, checked on the window's cache once the
/// window has drained, for a run that invalidates (`--invalidate-rate`).
///
/// Inside the window the harness cannot tell an invalidation that removed nothing from one whose key
/// was simply not read again, so it asks the cache itself, one call at a time, with nothing else
/// running: it reads a key, reads it again (the second read must fetch nothing: the cache holds the
/// key), invalidates it, and reads it once more. A design whose `invalidate` removes the entry fetches
/// on that last read; one whose `invalidate` changed nothing answers it without a fetch. Every step is
/// counted at the fetcher's ledger, so the outcome is a count, not a guess; when a step cannot be
/// read that way (the cache holds nothing, a read fails, a fetch from the window still ends) the check
/// has no outcome and says nothing. It runs once every figure of the window has been read, so its
/// requests are in none of them.
package struct InvalidationCheck: Sendable, Equatable {
  /// The key the check read, invalidated and read again.
  package var key: Int
  /// Whether the read after `invalidate` fetched: false means the invalidation left the entry in place.
  package var refetched: Bool

  /// The longest mean fetch latency the check runs at: it waits for up to three fetches, which a run
  /// of slow fetches (`--latency 5s`) should not spend on each variant.
  static let longestFetch: Duration = .milliseconds(100)

  package init(key: Int, refetched: Bool) {
    self.key = key
    self.refetched = refetched
  }

  /// The check's outcome on the cache of a window that ended with `outcome` in a run of `scenario`:
  /// nil for a run that invalidates nothing, a window stopped early or stalled (a client or fetch of
  /// it may still run), a run of fetches too slow to wait for (`longestFetch`), or no outcome.
  static func run(
    after outcome: WindowOutcome, of scenario: Scenario, on cache: some Cache, key: Int,
    ledger: FetchLedger
  ) async -> InvalidationCheck? {
    guard
      scenario.invalidateRate > 0, !outcome.wasStopped, !outcome.stalled,
      outcome.undrainedClients == 0, scenario.latencyDistribution.mean <= longestFetch
    else { return nil }
    return await run(on: cache, key: key, ledger: ledger)
  }

  /// The check's outcome on `cache`, whose fetches `ledger` counts; nil when a step could not be read
  /// as a count (see the type).
  static func run(on cache: some Cache, key: Int, ledger: FetchLedger) async -> InvalidationCheck? {
    await inProgress.withValue(true) { await steps(on: cache, key: key, ledger: ledger) }
  }

  /// True in the task that runs the check: its reads are not the window's, so a test that counts the
  /// outcomes a cache reported in a window leaves them out.
  package static let inProgress = TaskLocal<Bool>(wrappedValue: false)

  private static func steps(
    on cache: some Cache, key: Int, ledger: FetchLedger
  ) async -> InvalidationCheck? {
    _ = try? await cache.lookup(key)
    let held = ledger.totals.fetches
    guard (try? await cache.lookup(key)) != nil, ledger.totals.fetches == held else { return nil }
    await cache.invalidate(key)
    let answered = (try? await cache.lookup(key)) != nil
    let refetched = ledger.totals.fetches > held
    guard refetched || answered else { return nil }
    return InvalidationCheck(key: key, refetched: refetched)
  }
}
