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

  /// A key's fetch in flight.
  struct Loading: Sendable {
    let identity: Identity
    let task: Task<Value, any Error>
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

  /// The ready values and the fetches in flight; a key is in one at most. Kept apart so that a hit reads
  /// its value straight out of `ready` (one lookup, one copy), where an enum of both states cost the hit
  /// path a copy of the entry and a copy of the value out of it. Keyed by `TableKey`, whose hash is a
  /// cheap mixer rather than SipHash, the hit path's largest cost after the actor hop and its timing.
  private var ready: [TableKey: Value] = [:]
  private var loading: [TableKey: Loading] = [:]
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
    if let value = ready[TableKey(key)] {
      guard retention.touch(key, now: now) == .expired else { return .hit(value) }
      ready[TableKey(key)] = nil
      leadCause = .expired
      nextIdentity &+= 1
      return .lead(nextIdentity)
    }
    if let fetch = loading[TableKey(key)] {
      joinCount += 1
      return .join(fetch.task)
    }
    leadCause = retention.missCause(key)
    nextIdentity &+= 1
    return .lead(nextIdentity)
  }

  /// The ready value of `key`, if any: the hit path, which changes nothing and so needs no mutation.
  /// Inlined so a caller reading it from a stored property projects `ready` in place instead of
  /// copying the whole table (its retention books included) for the call.
  @inline(__always)
  func readyValue(_ key: Int) -> Value? {
    ready[TableKey(key)]
  }

  /// Records the fetch a leader started; must run in the same isolated step as the `lookup` that returned `.lead`.
  mutating func begin(_ key: Int, identity: Identity, task: Task<Value, any Error>) {
    loading[TableKey(key)] = Loading(identity: identity, task: task)
  }

  /// Whether `identity` is still the in-flight fetch of `key`, i.e. whether its result would be admitted.
  func isCurrent(_ key: Int, identity: Identity) -> Bool {
    loading[TableKey(key)]?.identity == identity
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
    guard isCurrent(key, identity: identity) else { return .obsolete }
    loading[TableKey(key)] = nil
    ready[TableKey(key)] = value
    for victim in retention.admit(key, now: now) {
      ready[TableKey(victim)] = nil
    }
    return .admitted
  }

  /// Forgets a failed fetch so the next caller retries, unless the entry already belongs to another fetch.
  mutating func fail(_ key: Int, identity: Identity) {
    guard isCurrent(key, identity: identity) else { return }
    loading[TableKey(key)] = nil
  }

  /// Removes the entry for `key`; returns the in-flight task, if any, for the caller to cancel.
  mutating func invalidate(_ key: Int) -> Task<Value, any Error>? {
    retention.remove(key)
    ready[TableKey(key)] = nil
    return loading.removeValue(forKey: TableKey(key))?.task
  }

  /// Whether `key` currently has a fetch in flight.
  func isLoading(_ key: Int) -> Bool {
    loading[TableKey(key)] != nil
  }

  /// Number of keys with a ready value.
  var readyCount: Int { ready.count }
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

  /// Admits `value`, decoded while the cache may have served other callers (an awaited decode,
  /// `DecodePlacement.awaitsDecode`), if `identity` is still `key`'s fetch, and returns it; throws
  /// `CancellationError` when the entry was invalidated or replaced meanwhile (counted in `staleRejected`).
  mutating func admitDecoded(_ key: Int, identity: Identity, value: CachedValue, now: UInt64)
    throws -> CachedValue
  {
    guard complete(key, identity: identity, value: value, now: now) == .admitted else {
      staleRejected += 1
      throw CancellationError()
    }
    return value
  }
}
