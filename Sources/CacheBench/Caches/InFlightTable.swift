/// The coordination state of a coalescing cache: per key, either a fetch in flight or a ready value.
///
/// Every design that coalesces (the actor, each shard, the `Mutex` table) runs this same state machine, so
/// the rules live here once and are tested synchronously:
/// - a miss becomes a `loading` entry *before* the caller suspends, so later callers join it;
/// - each entry carries an identity; a completion is admitted only while its identity is current, and a
///   failure removes only its own entry, never a replacement;
/// - failures are not cached: after one, the next caller starts a new fetch;
/// - invalidation removes the entry and hands back its task so the caller can cancel it.
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
  /// Lookups that joined another caller's fetch, ever; lets tests wait until overlapping callers have joined.
  private(set) var joinCount = 0

  init() {}

  /// Looks `key` up, reserving a fresh identity when the caller has to lead a fetch.
  mutating func lookup(_ key: Int) -> Lookup {
    switch entries[key] {
    case .ready(_, let value):
      return .hit(value)
    case .loading(_, let task):
      joinCount += 1
      return .join(task)
    case nil:
      nextIdentity &+= 1
      return .lead(nextIdentity)
    }
  }

  /// The ready value of `key`, if any: the hit path, which changes nothing and so needs no mutation.
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

  /// Admits `value` for `key` if `identity` is still the key's in-flight fetch.
  mutating func complete(_ key: Int, identity: Identity, value: Value) -> Admission {
    guard case .loading(let current, _) = entries[key], current == identity else {
      return .obsolete
    }
    entries[key] = .ready(identity, value)
    return .admitted
  }

  /// Forgets a failed fetch so the next caller retries, unless the entry already belongs to another fetch.
  mutating func fail(_ key: Int, identity: Identity) {
    guard case .loading(let current, _) = entries[key], current == identity else { return }
    entries[key] = nil
  }

  /// Removes the entry for `key`; returns the in-flight task, if any, for the caller to cancel.
  mutating func invalidate(_ key: Int) -> Task<Value, any Error>? {
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
