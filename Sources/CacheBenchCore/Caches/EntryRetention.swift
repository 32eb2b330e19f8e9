/// How long a cache keeps ready entries: at most `capacity` of them (least recently used evicted first)
/// and each for at most `timeToLive` after it was admitted. Both nil: kept for ever, as before.
public struct RetentionPolicy: Sendable, Equatable {
  /// Most ready entries per cache (per shard when sharded); nil for no limit.
  public var capacity: Int? = nil
  /// Nanoseconds an admitted entry stays servable; nil for no expiry.
  public var timeToLive: UInt64? = nil

  /// Keep everything for ever.
  public static let unbounded = RetentionPolicy()
}

/// Why a lookup found nothing to serve and had to lead a fetch.
public enum MissCause: Sendable, Equatable {
  /// The key was never admitted, or was invalidated or failed since.
  case cold
  /// The key's entry had been evicted to respect the capacity.
  case evicted
  /// The key's entry was found past its time to live.
  case expired
}

/// The LRU and TTL bookkeeping of ready entries, beside the table that holds them (`InFlightTable`, or the
/// naive cache's dictionary), so every design evicts and expires by the same rules, tested synchronously.
///
/// Recency is a doubly linked list threaded through a dictionary (O(1) touch, admit and evict). Time is a
/// parameter (`now`, monotonic nanoseconds), so callers take a clock and tests pass the instants they want.
/// Expiry is checked lazily when a key is looked up: an expired entry is removed then and the lookup is a
/// miss caused by expiry. A key evicted for capacity is remembered until its next miss, so that miss is
/// attributed to eviction rather than counted as cold.
public struct EntryRetention: Sendable {
  public let policy: RetentionPolicy

  /// What `touch` found.
  public enum Freshness: Equatable {
    /// Servable; now the most recently used.
    case fresh
    /// Past its time to live; forgotten here, and the caller must remove the entry.
    case expired
  }

  @usableFromInline
  struct Node: Sendable {
    @usableFromInline var newer: Int?
    @usableFromInline var older: Int?
    @usableFromInline var expiresAt: UInt64
  }

  @usableFromInline
  var nodes: [Int: Node] = [:]
  @usableFromInline
  var newest: Int?
  @usableFromInline
  var oldest: Int?
  @usableFromInline
  var evictedKeys: Set<Int> = []
  /// Whether any bookkeeping is needed: without a capacity or TTL every method returns at once.
  @usableFromInline
  let isActive: Bool

  @inlinable
  public init(policy: RetentionPolicy) {
    self.policy = policy
    isActive = policy.capacity != nil || policy.timeToLive != nil
  }

  /// Entries tracked now.
  public var count: Int { nodes.count }

  /// Marks `key`'s ready entry as used at `now`, or reports (and forgets) it as expired.
  @inlinable
  public mutating func touch(_ key: Int, now: UInt64) -> Freshness {
    guard isActive, let node = nodes[key] else { return .fresh }
    if now >= node.expiresAt {
      unlink(key)
      return .expired
    }
    unlink(key)
    link(key, expiresAt: node.expiresAt)
    return .fresh
  }

  /// Records that `key` was admitted at `now` (or re-admitted: its expiry restarts) and returns the
  /// keys evicted to stay within the capacity, which the caller must remove.
  @inlinable
  public mutating func admit(_ key: Int, now: UInt64) -> [Int] {
    guard isActive else { return [] }
    if nodes[key] != nil { unlink(key) }
    let expiresAt = policy.timeToLive.map { now &+ $0 } ?? .max
    link(key, expiresAt: expiresAt)
    evictedKeys.remove(key)
    guard let capacity = policy.capacity else { return [] }
    var evicted: [Int] = []
    while nodes.count > capacity, let victim = oldest {
      unlink(victim)
      evictedKeys.insert(victim)
      evicted.append(victim)
    }
    return evicted
  }

  /// Forgets `key`, whose entry was removed for another reason (invalidation): its next miss is cold.
  @inlinable
  public mutating func remove(_ key: Int) {
    guard isActive else { return }
    if nodes[key] != nil { unlink(key) }
    evictedKeys.remove(key)
  }

  /// Why a lookup of `key` that found no entry missed; consumes the eviction record, so only the
  /// first miss after an eviction is attributed to it.
  @inlinable
  public mutating func missCause(_ key: Int) -> MissCause {
    guard isActive, evictedKeys.remove(key) != nil else { return .cold }
    return .evicted
  }

  @usableFromInline
  mutating func link(_ key: Int, expiresAt: UInt64) {
    nodes[key] = Node(newer: nil, older: newest, expiresAt: expiresAt)
    if let newest { nodes[newest]?.newer = key }
    newest = key
    if oldest == nil { oldest = key }
  }

  @usableFromInline
  mutating func unlink(_ key: Int) {
    guard let node = nodes.removeValue(forKey: key) else { return }
    if let newer = node.newer { nodes[newer]?.older = node.older } else { newest = node.older }
    if let older = node.older { nodes[older]?.newer = node.newer } else { oldest = node.newer }
  }
}
