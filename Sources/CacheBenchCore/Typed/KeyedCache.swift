/// A cache keyed and valued in its own types that names its lookup `value(for:)`: the fastest way to
/// register it (`CacheDesign.init(name:summary:traits:key:value:makeCache:invalidate:readyEntryCount:
/// isolationBusyTimes:)`), since the harness's client loop then calls that method directly, as it calls
/// an untyped design's `lookup`, rather than through a closure.
///
/// An actor's isolated `value(for:)` satisfies the requirement and hops to the actor as any call does. A
/// cache whose method has another name conforms with a forwarding method, which the compiler inlines:
///
/// ```swift
/// extension ImageCache: KeyedCache {
///   func value(for url: URL) async throws -> Data { try await image(for: url) }
/// }
/// ```
public protocol KeyedCache: Sendable {
  /// The cache's key: `URL`, `String`, a struct.
  associatedtype Key: Hashable & Sendable
  /// What it answers: `Data`, `[UInt8]`, a struct (`CacheBenchValue`).
  associatedtype Value: CacheBenchValue

  /// The value of `key`, fetched through `TypedEnvironment.fetcher` on a miss.
  nonisolated(nonsending) func value(for key: Key) async throws -> Value
}

/// A `KeyedCache` as the harness drives it: `TypedCache`, with the lookup a direct call of the cache's
/// `value(for:)`. Public only so that `CacheDesign`'s initialiser can compile the client loop for it in
/// the registering module; a user never names it.
public struct KeyedCacheAdapter<C: KeyedCache>: Cache {
  @usableFromInline let base: TypedCache<C, C.Key, C.Value>

  @usableFromInline
  init(_ base: TypedCache<C, C.Key, C.Value>) { self.base = base }

  @inlinable
  public nonisolated(nonsending) func lookup(_ key: Int) async throws -> CacheLookup {
    let value = try await base.cache.value(for: base.table.keys[key])
    return CacheLookup(value: base.table.answer(value, at: key, servesBytes: base.servesBytes))
  }

  public func invalidate(_ key: Int) async { await base.invalidate(key) }

  public var readyEntryCount: Int? {
    get async { await base.readyEntryCount }
  }

  public func write(_ write: CacheWrite) async -> WriteResult? { await base.write(write) }

  public var staleRejectedCount: Int? {
    get async { await base.staleRejectedCount }
  }

  public var isolationBusyTimes: [IsolationBusyTime]? { base.isolationBusyTimes }
}

extension KeyedCacheAdapter: HarnessHeldMemory {
  /// The key table's: see `TypedKeyTable.harnessHeldBytes`.
  func harnessHeldBytes(meter: ResourceMeter, cachedEntries: Int, payloadBytes: Int) -> Int? {
    base.harnessHeldBytes(meter: meter, cachedEntries: cachedEntries, payloadBytes: payloadBytes)
  }
}

extension CacheDesign {
  /// A design whose cache is a `KeyedCache`: as `init(name:summary:traits:key:value:makeCache:lookup:…)`,
  /// with the lookup its `value(for:)`, called directly by the client loop compiled for the cache type,
  /// so the typed path adds only the key table read and the answer's storage check to a request
  /// (`typed adapter` in `cachebench calibrate`).
  @inlinable
  public init<C: KeyedCache>(
    name: String, summary: String, traits: DesignTraits = [],
    key: @escaping @Sendable (Int) -> C.Key,
    value: @escaping @Sendable (Payload) -> C.Value = { C.Value(payload: $0) },
    makeCache: @escaping @Sendable (TypedEnvironment<C.Key, C.Value>) throws -> C,
    invalidate: (@Sendable (C, C.Key) async -> Void)? = nil,
    write: TypedCache<C, C.Key, C.Value>.Write? = nil,
    readyEntryCount: (@Sendable (C) async -> Int?)? = nil,
    staleRejectedCount: (@Sendable (C) async -> Int?)? = nil,
    isolationBusyTimes: (@Sendable (C) -> [IsolationBusyTime]?)? = nil
  ) {
    let parts = TypedDesignParts(
      key: key, value: value, makeCache: makeCache, lookup: { try await $0.value(for: $1) },
      invalidate: invalidate, write: write, readyEntryCount: readyEntryCount,
      staleRejectedCount: staleRejectedCount, isolationBusyTimes: isolationBusyTimes)
    self.init(
      name: name, summary: summary, traits: Self.typedTraits(traits, writes: write != nil)
    ) { environment in
      KeyedCacheAdapter(try TypedCache(environment: environment, design: parts))
    }
  }
}
