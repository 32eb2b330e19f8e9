extension CacheDesign {
  /// A design whose cache has keys and values of its own types: `Key` (a `URL`, a `String`, a struct)
  /// and `Value` (`Data`, `[UInt8]`, a struct conforming to `CacheBenchValue`), asked through its own
  /// method by `lookup`, e.g. `{ try await $0.image(for: $1) }`.
  ///
  /// Once per window, when the window's cache is built, the harness calls `key` for every key index
  /// `0..<keys` and keeps the keys in a table; a request for key index `i` asks the cache for the `i`th
  /// key, with no conversion per request. The cache fetches through `TypedEnvironment.fetcher`, by its
  /// own key, and gets values of its own type: the harness makes a key's value with `value` once, at
  /// the key's first fetch in the window, and every fetch of the key returns that value (for `Data`, a
  /// retain, not a copy). Fetches are counted, delayed, failed and attributed as an untyped design's,
  /// and the harness attributes hits, joins and leaders, reads an `InstrumentedExecutor` or
  /// `InstrumentedMutex` the cache opted into, and checks every answer against the key's value
  /// (`CacheBenchValue.isIdentical(to:)`).
  ///
  /// The client loop is compiled for the cache type here, in the registering module, as
  /// `init(name:summary:traits:makeCache:)` compiles it for an untyped cache: `lookup` is called through
  /// one closure, and the answer checked with one pointer comparison. What that costs per request is
  /// what `cachebench calibrate` prints as the typed adapter's overhead.
  ///
  /// A typed design reports no outcomes or timings of its own (the harness measures them) and has no
  /// awaited decode placements: `.placesDecode` and `.reportsOutcomes` are dropped from `traits`. It
  /// decodes inside, when asked, through `TypedEnvironment.decoder`. `invalidate`, `readyEntryCount`
  /// and `isolationBusyTimes` reach the cache's own methods when given; without `invalidate` the design
  /// ignores `--invalidate-rate`; without `staleRejectedCount` its `stale_rejected` reads n/a. With
  /// `write` it takes writes (`--write-rate`; `.takesWrites` is added): the harness calls it with the
  /// key, a value of the design's type made from the write's payload, and the revision the key's last
  /// write reported, and counts conflicts and failures as the `WriteResult` says; the cache's later
  /// answers of that value are the key's. Without it, `.takesWrites` is dropped.
  @inlinable
  public init<C: Sendable, Key: Hashable & Sendable, Value: CacheBenchValue>(
    name: String, summary: String, traits: DesignTraits = [],
    key: @escaping @Sendable (Int) -> Key,
    value: @escaping @Sendable (Payload) -> Value = { Value(payload: $0) },
    makeCache: @escaping @Sendable (TypedEnvironment<Key, Value>) throws -> C,
    lookup: @escaping TypedCache<C, Key, Value>.Lookup,
    invalidate: (@Sendable (C, Key) async -> Void)? = nil,
    write: TypedCache<C, Key, Value>.Write? = nil,
    readyEntryCount: (@Sendable (C) async -> Int?)? = nil,
    staleRejectedCount: (@Sendable (C) async -> Int?)? = nil,
    isolationBusyTimes: (@Sendable (C) -> [IsolationBusyTime]?)? = nil
  ) {
    let parts = TypedDesignParts(
      key: key, value: value, makeCache: makeCache, lookup: lookup, invalidate: invalidate,
      write: write, readyEntryCount: readyEntryCount, staleRejectedCount: staleRejectedCount,
      isolationBusyTimes: isolationBusyTimes)
    self.init(
      name: name, summary: summary,
      traits: Self.typedTraits(traits, writes: write != nil)
    ) { environment in
      try TypedCache(environment: environment, design: parts)
    }
  }

  /// A typed design's traits: the ones it cannot have dropped, `.takesWrites` as `writes` says.
  @usableFromInline
  static func typedTraits(_ traits: DesignTraits, writes: Bool) -> DesignTraits {
    var traits = traits.subtracting([.takesWrites, .placesDecode, .reportsOutcomes])
    if writes { traits.insert(.takesWrites) }
    return traits
  }
}
