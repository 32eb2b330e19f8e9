/// The cache most people write first: one actor that checks its dictionary, awaits the fetch, then stores.
///
/// The `await` in the middle is a suspension point, and actors are reentrant: every caller that arrives for
/// the same key while the fetch is in flight also finds nothing and starts its own fetch. N overlapping callers
/// make N fetches. That is the defect this design exists to show; do not fix it here.
///
/// Cancellation: a cancelled caller's fetch throws `CancellationError` (the fetcher's sleep does), nothing is
/// stored, and other callers are unaffected because every caller owns its fetch.
///
/// Timing (`IsolationTiming`): a hit is one isolated segment. A miss is two: the lookup up to the `await` on
/// the fetch, and, after the fetch returns, the resumption that decodes (with `DecodePlacement.inside`),
/// stores and returns. `reentryWait` is the time from the fetch returning (read in the nonisolated `fetch`
/// helper, before the hop back) to the first instruction of that second segment; `service` is both
/// segments together, so with decode inside it includes the decode.
actor NaiveActorCache: Cache {
  private let fetcher: any Fetcher
  private let decoder: PayloadDecoder?
  private var storage: [Int: CachedValue] = [:]

  /// A cache over `fetcher`; with a `decoder`, payloads are decoded inside the actor before being stored.
  init(fetcher: any Fetcher, decoder: PayloadDecoder?) {
    self.fetcher = fetcher
    self.decoder = decoder
  }

  @inline(__always)
  func lookup(_ key: Int) async throws -> CacheLookup {
    let entered = MonotonicClock.now()
    if let value = storage[key] {
      return CacheLookup(value: value, outcome: .hit, timing: .singleSegment(enteredAt: entered))
    }
    let suspended = MonotonicClock.now()
    let (payload, fetched) = try await Self.fetch(key, from: fetcher)
    let resumed = MonotonicClock.now()
    let value = CachedValue(payload: payload, decoded: decoder?.decode(payload))
    storage[key] = value
    let timing = IsolationTiming(
      entered: entered, reentryWait: resumed &- fetched,
      service: (suspended &- entered) &+ (MonotonicClock.now() &- resumed))
    return CacheLookup(value: value, outcome: .leader, timing: timing)
  }

  func invalidate(_ key: Int) {
    storage[key] = nil
  }

  /// Number of keys stored.
  var count: Int { storage.count }

  var readyEntryCount: Int? { storage.count }
  /// Fetches `key` off the actor and reads the clock as the fetch returns, before the hop back to the actor,
  /// so the caller can tell the wait to re-enter from the fetch itself. Nonisolated, as the fetcher's own
  /// `fetch` is, so it adds no executor hop.
  private static func fetch(
    _ key: Int, from fetcher: any Fetcher
  ) async throws -> (payload: Payload, fetched: UInt64) {
    let payload = try await fetcher.fetch(key)
    return (payload, MonotonicClock.now())
  }
}
