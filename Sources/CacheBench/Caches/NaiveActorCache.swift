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

  /// A cache over `fetcher`; with a `decoder`, payloads are decoded inside the actor before being stored.
  init(fetcher: any Fetcher, decoder: PayloadDecoder?) {
    self.fetcher = fetcher
    self.decoder = decoder
  }

  func lookup(_ key: Int) async throws -> CacheLookup {
    if let value = storage[key] {
      return CacheLookup(value: value, outcome: .hit)
    }
    WaitCancellation.waitBegins()
    let payload = try await fetcher.fetch(key)
    let value = CachedValue(payload: payload, decoded: decoder?.decode(payload))
    storage[key] = value
    return CacheLookup(value: value, outcome: .leader)
  }

  func invalidate(_ key: Int) {
    storage[key] = nil
  }

  /// Number of keys stored.
  var count: Int { storage.count }

  var readyEntryCount: Int? { storage.count }
}
