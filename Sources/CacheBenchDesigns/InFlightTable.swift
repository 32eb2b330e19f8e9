import CacheBenchCore

/// The coordination state of a coalescing cache: per key, either a fetch in flight or a ready value.
///
/// Every design that coalesces (the actor, each shard, the `Mutex` table) runs this same state machine, so
/// the rules live here once and are tested synchronously:
/// - a miss becomes a `loading` entry *before* the caller suspends, so later callers join it;
/// - each entry carries an identity; a completion is admitted only while its identity is current, and a
///   failure removes only its own entry, never a replacement;
/// - failures are not cached: after one, the next caller starts a new fetch;
/// - invalidation removes the entry and hands back its task so the caller can cancel it;
/// - ready entries are kept as the `RetentionPolicy` says (`EntryRetention`): an expired entry found by a
///   lookup is removed and the lookup leads, an admission past the capacity evicts the least recently used.
struct InFlightTable<Value: Sendable>: Sendable {
  /// Identifies one fetch attempt for one key; never reused within a table.
  typealias Identity = UInt64

  /// The state of one key.
  enum Entry: Sendable {
    case loading(Identity, Task<Value, any Error>)
    case ready(Identity, Value)
  }

  /// What a caller must do after `lookup`.
  enum Lookup {
    /// The value is ready.
    case hit(Value)
    /// Await this task, which another caller started.
    case join(Task<Value, any Error>)
    /// Nothing is cached or in flight: start a fetch under this identity and record it with `begin`.
    case lead(Identity)
  }

  /// The verdict on a finished fetch.
  enum Admission: Equatable {
    /// The value is now the entry for its key.
    case admitted
    /// The entry was invalidated or replaced while the fetch ran; the value must not be served.
    case obsolete
  }

  private var entries: [Int: Entry] = [:]
  private var nextIdentity: Identity = 0
  private var retention: EntryRetention
  /// Lookups that joined another caller's fetch, ever; lets tests wait until overlapping callers have joined.
  private(set) var joinCount = 0
  /// Completed fetches refused admission because their entry was invalidated or replaced meanwhile
  /// (`stale_rejected`).
  private(set) var staleRejected = 0
  /// Why the latest lookup that returned `.lead` missed; read it in the same isolated step.
  private(set) var leadCause = MissCause.cold

  /// An empty table keeping ready entries as `retention` says.
  init(retention: RetentionPolicy = .unbounded) {
    self.retention = EntryRetention(policy: retention)
  }

  /// Whether lookups and completions need the time: only with a capacity or a time to live.
  var needsClock: Bool { retention.policy != .unbounded }

  /// Looks `key` up at `now` (monotonic nanoseconds; ignored without a time to live), reserving a fresh
  /// identity when the caller has to lead a fetch, and recording why in `leadCause`.
  mutating func lookup(_ key: Int, now: UInt64 = 0) -> Lookup {
    switch entries[key] {
    case .ready(_, let value):
      guard retention.touch(key, now: now) == .expired else { return .hit(value) }
      entries[key] = nil
      leadCause = .expired
      nextIdentity &+= 1
      return .lead(nextIdentity)
    case .loading(_, let task):
      joinCount += 1
      return .join(task)
    case nil:
      leadCause = retention.missCause(key)
      nextIdentity &+= 1
      return .lead(nextIdentity)
    }
  }

  /// The ready value of `key`, if any: the hit path, which changes nothing and so needs no mutation.
  /// Inlined so a caller reading it from a stored property projects `entries` in place instead of
  /// copying the whole table (its retention books included) for the call.
  @inline(__always)
  func readyValue(_ key: Int) -> Value? {
    if case .ready(_, let value)? = entries[key] { return value }
    return nil
  }

  /// Records the fetch a leader started; must run in the same isolated step as the `lookup` that returned `.lead`.
  mutating func begin(_ key: Int, identity: Identity, task: Task<Value, any Error>) {
    entries[key] = .loading(identity, task)
  }

  /// Whether `identity` is still the in-flight fetch of `key`, i.e. whether its result would be admitted.
  func isCurrent(_ key: Int, identity: Identity) -> Bool {
    guard case .loading(let current, _) = entries[key] else { return false }
    return current == identity
  }

  /// `isCurrent`, for a fetch that has completed and asks for admission: a refusal is counted in
  /// `staleRejected`.
  mutating func admits(_ key: Int, identity: Identity) -> Bool {
    let current = isCurrent(key, identity: identity)
    if !current { staleRejected += 1 }
    return current
  }

  /// Admits `value` for `key` at `now` if `identity` is still the key's in-flight fetch, evicting the
  /// least recently used ready entries past the capacity.
  mutating func complete(_ key: Int, identity: Identity, value: Value, now: UInt64 = 0) -> Admission
  {
    guard case .loading(let current, _) = entries[key], current == identity else {
      return .obsolete
    }
    entries[key] = .ready(identity, value)
    for victim in retention.admit(key, now: now) {
      entries[victim] = nil
    }
    return .admitted
  }

  /// Forgets a failed fetch so the next caller retries, unless the entry already belongs to another fetch.
  mutating func fail(_ key: Int, identity: Identity) {
    guard case .loading(let current, _) = entries[key], current == identity else { return }
    entries[key] = nil
  }

  /// Removes the entry for `key`; returns the in-flight task, if any, for the caller to cancel.
  mutating func invalidate(_ key: Int) -> Task<Value, any Error>? {
    retention.remove(key)
    let removed = entries.removeValue(forKey: key)
    if case .loading(_, let task) = removed { return task }
    return nil
  }

  /// Whether `key` currently has a fetch in flight.
  func isLoading(_ key: Int) -> Bool {
    if case .loading = entries[key] { return true }
    return false
  }

  /// Number of keys with a ready value.
  var readyCount: Int {
    entries.values.reduce(0) { count, entry in
      if case .ready = entry { return count + 1 }
      return count
    }
  }
}

extension InFlightTable where Value == CachedValue {
  /// Admits the payload that `identity`'s fetch of `key` returned, decoded with `decoder` when the run
  /// decodes inside the cache, at `now` (read once the decode is done), and returns the value; throws
  /// `CancellationError`, before any decode, when the entry was invalidated or replaced meanwhile (counted
  /// in `staleRejected`). Both coalescing designs admit this way, the actor on its executor and `mutex`
  /// under its lock.
  mutating func admit(
    _ key: Int, identity: Identity, payload: Payload, decoder: PayloadDecoder?,
    now: @autoclosure () -> UInt64
  ) throws -> CachedValue {
    guard admits(key, identity: identity) else { throw CancellationError() }
    let value = CachedValue(payload: payload, decoded: decoder?.decode(payload))
    _ = complete(key, identity: identity, value: value, now: now())
    return value
  }
}
