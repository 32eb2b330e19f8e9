/// The fetcher a typed design's cache fetches through: the harness's fetcher of the window, asked by the
/// design's key and answering with the design's value.
///
/// Every fetch goes to the window's fetcher (`CacheEnvironment.fetcher`) under the key's index, so it is
/// counted, delayed, failed and attributed exactly as an untyped design's fetch is: `fetches`,
/// `duplicate_fetches`, the realised latency, injected errors, cancellation, and which request started
/// it. What it returns is the value the harness made for the key at its first fetch in the window
/// (`CacheBenchValue.init(payload:)`), the same value every time, so a fetch makes no copy of its own;
/// under `cachebench check`, whose fetcher names each fetch, a value of each fetch's own
/// (`FetchIdentifyingFetcher`).
public struct TypedFetcher<Key: Hashable & Sendable, Value: CacheBenchValue>: Sendable {
  let table: TypedKeyTable<Key, Value>
  let fetcher: any Fetcher

  /// Fetches the value of `key`. Throws what the window's fetcher throws (`CancellationError`, an
  /// injected fetch error), or `TypedDesignError.unknownKey` for a key that is not one of the window's,
  /// without fetching.
  public func fetch(_ key: Key) async throws -> Value {
    try await fetchIndexed(key).value
  }

  /// The window's keys: the design's key of each key index, `0..<keys`, as the workload draws them.
  public var keys: [Key] { table.keys }
}

/// The decode work of a run (`--decode-cost`), for a typed design that decodes inside its cache
/// (`--decode inside`): it decodes the payload the key's value was made from, counted as the harness
/// counts every decode, so the decode-placement check sees it.
public struct TypedDecoder<Key: Hashable & Sendable, Value: CacheBenchValue>: Sendable {
  let table: TypedKeyTable<Key, Value>
  /// The untyped decoder it runs.
  public let decoder: PayloadDecoder

  /// Decodes the value of `key`, which the cache fetched, and returns the decode's checksum, which the
  /// cache keeps (as a decoded image would be kept) so the work cannot be optimised away. A key not yet
  /// fetched decodes nothing and returns nil.
  public func decode(_ key: Key) -> UInt64? {
    table.payload(of: key).map { decoder.decode($0) }
  }
}

/// What the harness hands a typed design's factory: `CacheEnvironment`, with a fetcher and a decoder
/// that take the design's keys and yield its values.
public struct TypedEnvironment<Key: Hashable & Sendable, Value: CacheBenchValue>: Sendable {
  /// The fake server of the run's reads, by the design's key (see `TypedFetcher`).
  public var fetcher: TypedFetcher<Key, Value>
  /// Set when the run asks the cache to decode (`--decode inside`); nil otherwise. A cache that never
  /// calls it, asked for `inside`, is reported as not honouring the placement.
  public var decoder: TypedDecoder<Key, Value>?
  /// The environment the typed one was made from: the placement, retention, key count and shards.
  public var untyped: CacheEnvironment

  /// Where the run asked the decode to run.
  public var decodePlacement: DecodePlacement { untyped.decodePlacement }
  /// How long ready entries may be kept (`--capacity`, `--ttl`).
  public var retention: RetentionPolicy { untyped.retention }
  /// How many keys the window has (`fetcher.keys.count`).
  public var keys: Int { untyped.keys }
  /// Parts of a sharded design (`--shards`).
  public var shards: Int { untyped.shards }
}
