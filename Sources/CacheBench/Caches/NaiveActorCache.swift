/// The cache most people write first: one actor that checks its dictionary, awaits the fetch, then stores.
///
/// The `await` in the middle is a suspension point, and actors are reentrant: every caller that arrives for
/// the same key while the fetch is in flight also finds nothing and starts its own fetch. N overlapping callers
/// make N fetches. That is the defect this design exists to show; do not fix it here.
///
/// Cancellation: a cancelled caller's fetch throws `CancellationError` (the fetcher's sleep does), nothing is
/// stored, and other callers are unaffected because every caller owns its fetch.
actor NaiveActorCache: Cache {
  private let fetcher: any Fetcher
  private let decoder: PayloadDecoder?
  private var storage: [Int: CachedValue] = [:]
  private var retention: EntryRetention
  private let clock: @Sendable () -> UInt64

  /// A cache over `fetcher`; with a `decoder`, payloads are decoded inside the actor before being stored.
  /// Stored entries are kept as `retention` says (`EntryRetention`, as the coalescing designs), timed by
  /// `clock` (monotonic nanoseconds).
  init(
    fetcher: any Fetcher, decoder: PayloadDecoder?, retention: RetentionPolicy = .unbounded,
    clock: @escaping @Sendable () -> UInt64 = MonotonicClock.now
  ) {
    self.fetcher = fetcher
    self.decoder = decoder
    self.retention = EntryRetention(policy: retention)
    self.clock = clock
  }

  /// The time for the retention bookkeeping, read only when the policy needs one.
  private var now: UInt64 { retention.policy != .unbounded ? clock() : 0 }

  func lookup(_ key: Int) async throws -> CacheLookup {
    let cause: MissCause
    if let value = storage[key] {
      guard retention.touch(key, now: now) == .expired else {
        return CacheLookup(value: value, outcome: .hit)
      }
      storage[key] = nil
      cause = .expired
    } else {
      cause = retention.missCause(key)
    }
    WaitCancellation.waitBegins()
    let payload = try await fetcher.fetch(key)
    let value = CachedValue(payload: payload, decoded: decoder?.decode(payload))
    storage[key] = value
    for victim in retention.admit(key, now: now) {
      storage[victim] = nil
    }
    return CacheLookup(value: value, outcome: .leader, missCause: cause)
  }

  func invalidate(_ key: Int) {
    storage[key] = nil
    retention.remove(key)
  }

  /// Number of keys stored.
  var count: Int { storage.count }

  var readyEntryCount: Int? { storage.count }
}
