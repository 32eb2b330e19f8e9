/// A typed design's cache as the harness drives it: the user's cache `C`, asked by the design's keys,
/// answering with its values, presented as a `Cache` keyed by key index.
///
/// Per request it reads the design's key of the index from the window's key table (an array read), calls
/// the design's `lookup` with it, and checks that the answer is the value the harness made for that key
/// (`CacheBenchValue.isIdentical(to:)`, a storage comparison for `Data`). Nothing is converted per
/// request: the keys were made once when the window's cache was built, the values once per key at its
/// first fetch. The lookup closure is `nonisolated(nonsending)`, so calling it makes no hop of its own:
/// an actor's method hops to the actor, as a direct call does.
///
/// Public only so that `CacheDesign`'s typed initialiser can compile the client loop for it in the
/// module that registers the design; a user never names it.
public struct TypedCache<C: Sendable, Key: Hashable & Sendable, Value: CacheBenchValue>: Cache {
  /// The design's lookup: the user's own method, e.g. `{ try await $0.image(for: $1) }`.
  public typealias Lookup = nonisolated(nonsending) @Sendable (C, Key) async throws -> Value
  /// The design's write: the user's own update, given the key, the value to store and the revision
  /// the key's last write left (`CacheWrite.expectedRevision`), answering how it ended.
  public typealias Write = @Sendable (C, Key, Value, UInt64?) async -> WriteResult

  /// The user's cache.
  public let cache: C
  @usableFromInline let table: TypedKeyTable<Key, Value>
  @usableFromInline let lookupValue: Lookup
  @usableFromInline let servesBytes: Bool
  let invalidateKey: (@Sendable (C, Key) async -> Void)?
  let writeValue: Write?
  let countReady: (@Sendable (C) async -> Int?)?
  let countStaleRejected: (@Sendable (C) async -> Int?)?
  let busyTimes: (@Sendable (C) -> [IsolationBusyTime]?)?

  @usableFromInline
  init(
    environment: CacheEnvironment, design: TypedDesignParts<C, Key, Value>
  ) throws {
    // The harness reads a fetched payload's bytes again only to decode them, inside the cache
    // (`TypedDecoder`) or after the lookup (`--decode outside`); otherwise the table keeps no copy.
    let table = try TypedKeyTable(
      count: environment.keys, key: design.key, value: design.value,
      keepsPayloads: environment.decoder != nil || environment.decodePlacement == .outside,
      valuePerFetch: environment.fetcher is any FetchIdentifyingFetcher)
    let typed = TypedEnvironment(
      fetcher: TypedFetcher(table: table, fetcher: environment.fetcher),
      decoder: environment.decoder.map { TypedDecoder(table: table, decoder: $0) },
      untyped: environment)
    cache = try design.makeCache(typed)
    self.table = table
    lookupValue = design.lookup
    // The harness decodes the bytes after the lookup only with `--decode outside`; otherwise the
    // answer carries none, so serving it costs no retain of them.
    servesBytes = environment.decodePlacement == .outside
    invalidateKey = design.invalidate
    writeValue = design.write
    countReady = design.readyEntryCount
    countStaleRejected = design.staleRejectedCount
    busyTimes = design.isolationBusyTimes
  }

  @inlinable
  public nonisolated(nonsending) func lookup(_ key: Int) async throws -> CacheLookup {
    let value = try await lookupValue(cache, table.keys[key])
    return CacheLookup(value: table.answer(value, at: key, servesBytes: servesBytes))
  }

  /// The design's `invalidate`, or nothing for a design without one (which ignores `--invalidate-rate`).
  public func invalidate(_ key: Int) async {
    await invalidateKey?(cache, table.keys[key])
  }

  /// The design's `write` with the key, and a value made from the write's payload as a fetch's is
  /// (kept by the key table, so that answers of it are the key's); nil for a design without one.
  public func write(_ write: CacheWrite) async -> WriteResult? {
    guard let writeValue else { return nil }
    let value = table.writtenValue(at: write.key, payload: write.value)
    return await writeValue(cache, table.keys[write.key], value, write.expectedRevision)
  }

  public var readyEntryCount: Int? {
    get async { await countReady?(cache) ?? nil }
  }

  /// The design's `staleRejectedCount`, or nil (`stale_rejected` n/a) for a design without one.
  public var staleRejectedCount: Int? {
    get async { await countStaleRejected?(cache) ?? nil }
  }

  public var isolationBusyTimes: [IsolationBusyTime]? { busyTimes?(cache) ?? nil }
}

extension TypedCache: HarnessHeldMemory {
  /// The key table's: see `TypedKeyTable.harnessHeldBytes`.
  func harnessHeldBytes(meter: ResourceMeter, cachedEntries: Int, payloadBytes: Int) -> Int? {
    table.harnessHeldBytes(meter: meter, cachedEntries: cachedEntries, payloadBytes: payloadBytes)
  }
}

/// What a typed design is made of, as `CacheDesign`'s typed initialiser was given it.
@usableFromInline
struct TypedDesignParts<C: Sendable, Key: Hashable & Sendable, Value: CacheBenchValue>: Sendable {
  let key: @Sendable (Int) -> Key
  let value: @Sendable (Payload) -> Value
  let makeCache: @Sendable (TypedEnvironment<Key, Value>) throws -> C
  let lookup: TypedCache<C, Key, Value>.Lookup
  let invalidate: (@Sendable (C, Key) async -> Void)?
  let write: TypedCache<C, Key, Value>.Write?
  let readyEntryCount: (@Sendable (C) async -> Int?)?
  let staleRejectedCount: (@Sendable (C) async -> Int?)?
  let isolationBusyTimes: (@Sendable (C) -> [IsolationBusyTime]?)?

  @usableFromInline
  init(
    key: @escaping @Sendable (Int) -> Key, value: @escaping @Sendable (Payload) -> Value,
    makeCache: @escaping @Sendable (TypedEnvironment<Key, Value>) throws -> C,
    lookup: @escaping TypedCache<C, Key, Value>.Lookup,
    invalidate: (@Sendable (C, Key) async -> Void)?,
    write: TypedCache<C, Key, Value>.Write? = nil,
    readyEntryCount: (@Sendable (C) async -> Int?)?,
    staleRejectedCount: (@Sendable (C) async -> Int?)? = nil,
    isolationBusyTimes: (@Sendable (C) -> [IsolationBusyTime]?)?
  ) {
    self.key = key
    self.value = value
    self.makeCache = makeCache
    self.lookup = lookup
    self.invalidate = invalidate
    self.write = write
    self.readyEntryCount = readyEntryCount
    self.staleRejectedCount = staleRejectedCount
    self.isolationBusyTimes = isolationBusyTimes
  }
}
