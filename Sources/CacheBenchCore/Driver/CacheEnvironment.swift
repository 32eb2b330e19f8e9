/// What the harness hands a design's factory: the fetcher to fetch through, the decode work and where it
/// runs, how long to keep entries, and the shape of the key space.
///
/// Every fetch must go through `fetcher`: it is the harness's fake server, with the latency, failures
/// and cancellation behaviour the run asked for, and its ledger counts `fetches` and `duplicate_fetches`
/// (the server's view), whatever the design reports.
public struct CacheEnvironment: Sendable {
  /// The fake server of the run's reads.
  public var fetcher: any Fetcher
  /// The round trip of a write, for designs that take writes (`DesignTraits.takesWrites`): the same
  /// latency as reads, never failing, counted apart from the fetches.
  public var writeFetcher: any Fetcher
  /// Where the run asked the decode to run. With `.inside`, `decoder` is set and the cache must decode
  /// each fetched payload once, while isolated, and keep the result (`CachedValue.decoded`); the harness
  /// counts those decodes and says on stderr when a design did not. With `.nonsending`, `.concurrent`,
  /// `.task` and `.detached` (only for designs with `DesignTraits.placesDecode`) the same, but awaited
  /// from the actor through `decoder.decodeAsPlaced(_:busy:isolation:)`. With `.outside` the harness
  /// decodes in the caller after every lookup; with `.noDecode` nobody decodes.
  public var decodePlacement: DecodePlacement
  /// The decode work for the placements where the cache decodes (`DecodePlacement.decodesInCache`),
  /// its `placement` the run's; nil for the others.
  public var decoder: PayloadDecoder?
  /// How long ready entries may be kept (`--capacity`, `--ttl`), per part for a sharded design; only
  /// for designs with `DesignTraits.supportsRetention`, the others get `.unbounded`.
  public var retention: RetentionPolicy
  /// Keys are `0..<keys`.
  public var keys: Int
  /// Parts of a sharded design (`--shards`); 1 for a design without `DesignTraits.sharded`.
  public var shards: Int

  public init(
    fetcher: any Fetcher, writeFetcher: (any Fetcher)? = nil,
    decodePlacement: DecodePlacement = .noDecode, decoder: PayloadDecoder? = nil,
    retention: RetentionPolicy = .unbounded, keys: Int = 10_000, shards: Int = 1
  ) {
    self.fetcher = fetcher
    self.writeFetcher = writeFetcher ?? fetcher
    self.decodePlacement = decodePlacement
    self.decoder = decodePlacement.decodesInCache ? decoder?.placed(decodePlacement) : nil
    self.retention = retention
    self.keys = keys
    self.shards = shards
  }
}
