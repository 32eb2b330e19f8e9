import CacheBenchCore

/// An actor that only looks values up and stores them, and never awaits: the store of the designs that keep
/// the network outside the actor (`FetchOutsideCache`) or split the cache by responsibility
/// (`SplitResponsibilityCache`).
///
/// Every method is synchronous, so a caller holds the actor for one dictionary step and never queues behind
/// a fetch. Ready entries are kept as the retention policy says (`EntryRetention`, as every other design),
/// timed by the clock.
///
/// Invalidation: `remove(_:)` drops the entry and advances the key's generation. `store(_:for:)` stores
/// whatever it is given, as the write-up's `store(_:for:ttl:)` does, so a fetch that began before an
/// invalidation is still stored after it. `admit(_:for:generation:)` stores only when the key's generation
/// is still the one `lookup` returned before the fetch began, and counts a refusal as `stale_rejected`.
///
/// Timing: each step is one isolated segment timed with `busy` (`IsolationBusyTime`); a step a request
/// makes returns its `IsolationTiming` (entry, service, and the busy part of its wait since
/// `busyAtCall`). A decode done by `store` or `admit` (`DecodePlacement.inside`) is inside that segment.
actor ResponseStoreActor {
  /// What a lookup found.
  struct Found: Sendable {
    /// The ready value; nil on a miss.
    var value: CachedValue?
    /// Why a miss missed; nil on a hit.
    var missCause: MissCause?
    /// The key's generation at the lookup, for `admit`.
    var generation: UInt64
    /// The lookup's isolated segment.
    var timing: IsolationTiming
  }

  /// Unchecked at run time, for the reason `CoalescingActorCache.table` gives: only the actor's own
  /// synchronous methods touch it.
  @exclusivity(unchecked) private var storage: [TableKey: CachedValue] = [:]
  @exclusivity(unchecked) private var retention: EntryRetention
  /// Generations of keys that have been invalidated (absent: 0). Grows by one entry per invalidated key.
  private var generations: [TableKey: UInt64] = [:]
  private let keepsRetention: Bool
  private let clock: @Sendable () -> UInt64
  private(set) var staleRejected = 0
  /// The time the actor spent running its steps.
  nonisolated let busy = IsolationBusyTime()

  init(retention: RetentionPolicy, clock: @escaping @Sendable () -> UInt64) {
    self.retention = EntryRetention(policy: retention)
    self.keepsRetention = retention != .unbounded
    self.clock = clock
  }

  private var now: UInt64 { keepsRetention ? clock() : 0 }

  /// The ready value for `key`, or why there is none; an expired entry is removed. `busyAtCall` is `busy`
  /// read as the caller invoked the cache.
  func lookup(_ key: Int, busyAtCall: UInt64) -> Found {
    let segment = busy.enter()
    let (value, expired) = freshValue(key)
    let cause: MissCause? = value != nil ? nil : expired ? .expired : retention.missCause(key)
    return Found(
      value: value, missCause: cause, generation: generation(key),
      timing: busy.end(segment, busyAtCall: busyAtCall))
  }

  /// The ready value for `key` and the key's generation, for work on behalf of no single request (a fetch
  /// task checking once more before it fetches).
  func recheck(_ key: Int) -> (value: CachedValue?, generation: UInt64) {
    let segment = busy.enter()
    defer { busy.close(segment) }
    return (freshValue(key).value, generation(key))
  }

  /// The entry for `key` if it is still fresh; an expired one is removed, and `expired` says so.
  @inline(__always)
  private func freshValue(_ key: Int) -> (value: CachedValue?, expired: Bool) {
    guard let value = storage[TableKey(key)] else { return (nil, false) }
    guard keepsRetention, retention.touch(key, now: now) == .expired else { return (value, false) }
    storage[TableKey(key)] = nil
    return (nil, true)
  }

  /// Stores `payload` for `key` unconditionally, decoded first with `decoder` (inside the actor) when
  /// there is one, and returns the value and the segment's timing; `busyAtFetched` is `busy` read when
  /// the caller's fetch returned, `fetched` the clock then.
  ///
  /// The decode runs in the calling task, the caller's own: a caller cancelled during it
  /// (`--cancel-at decode`) stops at its next checkpoint or decodes to the end, and either way throws
  /// `CancellationError` and stores nothing (`PayloadDecoder.decodeUnlessCancelled`).
  func store(
    _ payload: Payload, for key: Int, decoder: PayloadDecoder?, fetched: UInt64,
    busyAtFetched: UInt64
  ) throws(CancellationError) -> (value: CachedValue, timing: IsolationTiming) {
    let segment = busy.enter()
    let decoded: UInt64?
    do {
      decoded = try decoder?.decodeUnlessCancelled(payload)
    } catch {
      busy.close(segment)
      throw error
    }
    let value = CachedValue(payload: payload, decoded: decoded)
    insert(value, for: key)
    let service = busy.close(segment)
    let timing = IsolationTiming(
      entered: segment.entered, reentryWait: segment.entered &- min(fetched, segment.entered),
      service: service, busyWait: segment.busyWait(since: busyAtFetched))
    return (value, timing)
  }

  /// Stores `value` for `key` if no invalidation came since `generation` was read; otherwise refuses it
  /// (`stale_rejected`) and returns false.
  func admit(_ value: CachedValue, for key: Int, generation expected: UInt64) -> Bool {
    let segment = busy.enter()
    defer { busy.close(segment) }
    guard generation(key) == expected else {
      staleRejected += 1
      return false
    }
    insert(value, for: key)
    return true
  }

  /// Drops `key`'s entry and advances its generation, so a value fetched before now is refused by `admit`.
  func remove(_ key: Int) {
    let segment = busy.enter()
    defer { busy.close(segment) }
    storage[TableKey(key)] = nil
    retention.remove(key)
    generations[TableKey(key), default: 0] &+= 1
  }

  /// Keys with a ready value.
  var count: Int { storage.count }

  private func generation(_ key: Int) -> UInt64 {
    generations.isEmpty ? 0 : generations[TableKey(key)] ?? 0
  }

  private func insert(_ value: CachedValue, for key: Int) {
    storage[TableKey(key)] = value
    for victim in retention.admit(key, now: now) {
      storage[TableKey(victim)] = nil
    }
  }
}
