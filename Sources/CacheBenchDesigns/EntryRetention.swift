import CacheBenchCore

/// The LRU and TTL bookkeeping of ready entries, beside the table that holds them (`InFlightTable`, or the
/// naive cache's dictionary), so every design evicts and expires by the same rules, tested synchronously.
///
/// Recency is a doubly linked list threaded through a dictionary (O(1) touch, admit and evict). Time is a
/// parameter (`now`, monotonic nanoseconds), so callers take a clock and tests pass the instants they want.
/// Expiry is checked lazily when a key is looked up: an expired entry is removed then and the lookup is a
/// miss caused by expiry. A key evicted for capacity is remembered until its next miss, so that miss is
/// attributed to eviction rather than counted as cold.
struct EntryRetention: Sendable {
  let policy: RetentionPolicy

  /// What `touch` found.
  enum Freshness: Equatable {
    /// Servable; now the most recently used.
    case fresh
    /// Past its time to live; forgotten here, and the caller must remove the entry.
    case expired
  }

  private struct Node: Sendable {
    var newer: Int?
    var older: Int?
    var expiresAt: UInt64
  }

  private var nodes: [Int: Node] = [:]
  private var newest: Int?
  private var oldest: Int?
  private var evictedKeys: Set<Int> = []
  /// Whether any bookkeeping is needed: without a capacity or TTL every method returns at once.
  private let isActive: Bool

  init(policy: RetentionPolicy) {
    self.policy = policy
    isActive = policy.capacity != nil || policy.timeToLive != nil
  }

  /// Entries tracked now.
  var count: Int { nodes.count }

  /// Marks `key`'s ready entry as used at `now`, or reports (and forgets) it as expired.
  mutating func touch(_ key: Int, now: UInt64) -> Freshness {
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
  mutating func admit(_ key: Int, now: UInt64) -> [Int] {
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
  mutating func remove(_ key: Int) {
    guard isActive else { return }
    if nodes[key] != nil { unlink(key) }
    evictedKeys.remove(key)
  }

  /// Why a lookup of `key` that found no entry missed; consumes the eviction record, so only the
  /// first miss after an eviction is attributed to it.
  mutating func missCause(_ key: Int) -> MissCause {
    guard isActive, evictedKeys.remove(key) != nil else { return .cold }
    return .evicted
  }

  private mutating func link(_ key: Int, expiresAt: UInt64) {
    nodes[key] = Node(newer: nil, older: newest, expiresAt: expiresAt)
    if let newest { nodes[newest]?.newer = key }
    newest = key
    if oldest == nil { oldest = key }
  }

  private mutating func unlink(_ key: Int) {
    guard let node = nodes.removeValue(forKey: key) else { return }
    if let newer = node.newer { nodes[newer]?.older = node.older } else { newest = node.older }
    if let older = node.older { nodes[older]?.newer = node.newer } else { oldest = node.newer }
  }
}
