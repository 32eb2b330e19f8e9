/// How long a cache keeps ready entries: at most `capacity` of them (least recently used evicted first)
/// and each for at most `timeToLive` after it was admitted. Both nil: kept for ever.
///
/// The harness hands it to designs with `DesignTraits.supportsRetention` (`CacheEnvironment.retention`,
/// from `--capacity` and `--ttl`); how a design keeps to it is the design's own business.
public struct RetentionPolicy: Sendable, Equatable {
  /// Most ready entries per cache (per shard when sharded); nil for no limit.
  public var capacity: Int?
  /// Nanoseconds an admitted entry stays servable; nil for no expiry.
  public var timeToLive: UInt64?

  /// A policy of at most `capacity` entries, each kept `timeToLive` nanoseconds; nil for no limit.
  public init(capacity: Int? = nil, timeToLive: UInt64? = nil) {
    self.capacity = capacity
    self.timeToLive = timeToLive
  }

  /// Keep everything for ever.
  public static let unbounded = RetentionPolicy()
}

/// Why a lookup found nothing to serve and had to lead a fetch, as a design may report it
/// (`CacheLookup.missCause`): the `evictions` and `expirations` columns count the leaders it names.
public enum MissCause: Sendable, Equatable {
  /// The key was never admitted, or was invalidated or failed since.
  case cold
  /// The key's entry had been evicted to respect the capacity.
  case evicted
  /// The key's entry was found past its time to live.
  case expired
}
