/// The typed adapter's cost, measured as `cachebench calibrate` measures a hit path: one cache written
/// once, generic over its key and value, registered twice, as an untyped design keyed by `Int` answering
/// `CachedValue` through `Cache`, and as a typed design (`CacheDesign`'s typed initialiser) keyed by `Int`
/// answering `[UInt8]` through its own method. Same actor, same dictionary, same key type: what differs
/// per hit is only what the typed path adds (the key table read, the call through the lookup closure,
/// the answer's storage check and the table's entry).
enum AdapterTwin {
  /// The Int-keyed twin, on the untyped API.
  static let untyped = CacheDesign(
    name: "adapter-twin-int", summary: "a dictionary actor on Cache, keyed by Int"
  ) { environment in
    TwinCache<Int, CachedValue> { CachedValue(payload: try await environment.fetcher.fetch($0)) }
  }

  /// The same cache through the typed API.
  static let typed = CacheDesign(
    name: "adapter-twin-typed", summary: "the same actor through the typed API",
    key: { $0 }, value: { [UInt8](payload: $0) },
    makeCache: { environment in TwinCache<Int, [UInt8]>(fetch: environment.fetcher.fetch) },
    lookup: { try await $0.value(for: $1) })

  /// The same cache as a `KeyedCache`: its `value(for:)` called directly.
  static let keyed = CacheDesign(
    name: "adapter-twin-keyed", summary: "the same actor as a KeyedCache",
    key: { $0 }, value: { [UInt8](payload: $0) },
    makeCache: { environment in TwinCache<Int, [UInt8]>(fetch: environment.fetcher.fetch) })
}

/// A cache as its users write one, generic only so that one source serves both twins: an actor with a
/// dictionary, checked, then the fetch awaited and stored (reentrant, which a hit never reaches).
actor TwinCache<Key: Hashable & Sendable, Value: Sendable> {
  private let fetch: @Sendable (Key) async throws -> Value
  private var values: [Key: Value] = [:]

  init(fetch: @escaping @Sendable (Key) async throws -> Value) { self.fetch = fetch }

  func value(for key: Key) async throws -> Value {
    if let value = values[key] { return value }
    let value = try await fetch(key)
    values[key] = value
    return value
  }
}

extension TwinCache: KeyedCache where Value: CacheBenchValue {}

extension TwinCache: Cache where Key == Int, Value == CachedValue {
  func lookup(_ key: Int) async throws -> CacheLookup {
    CacheLookup(value: try await value(for: key))
  }

  func invalidate(_ key: Int) {}
}

extension Calibration {
  /// What the typed adapter adds to a hit (`AdapterTwin`): the hit paths of one cache registered both
  /// ways, measured in the same interleaved rounds as every other probe.
  package struct TypedAdapterCost: Sendable, Equatable {
    /// The hit of the cache through the typed API with a lookup closure, in nanoseconds; nil when not
    /// measured.
    package var typed: Double?
    /// The hit of the cache through the typed API as a `KeyedCache`; nil when not measured.
    package var keyed: Double? = nil
    /// The hit of the same cache on the untyped `Cache` API, keyed by `Int`; nil when not measured.
    package var intKeyed: Double?

    package init(typed: Double?, keyed: Double? = nil, intKeyed: Double?) {
      self.typed = typed
      self.keyed = keyed
      self.intKeyed = intKeyed
    }

    /// Nanoseconds the typed path with a lookup closure adds per hit (negative when it measured
    /// faster, which is noise).
    package var overhead: Double? { added(by: typed) }

    /// `overhead` as a share of the Int-keyed hit.
    package var overheadShare: Double? { share(of: overhead) }

    /// Nanoseconds the typed path of a `KeyedCache` adds per hit.
    package var keyedOverhead: Double? { added(by: keyed) }

    /// `keyedOverhead` as a share of the Int-keyed hit.
    package var keyedOverheadShare: Double? { share(of: keyedOverhead) }

    /// What the typed hit `path` adds to the Int-keyed hit.
    private func added(by path: Double?) -> Double? {
      guard let path, let intKeyed else { return nil }
      return path - intKeyed
    }

    /// `added` as a share of the Int-keyed hit.
    private func share(of added: Double?) -> Double? {
      guard let added, let intKeyed, intKeyed > 0 else { return nil }
      return added / intKeyed
    }
  }
}
