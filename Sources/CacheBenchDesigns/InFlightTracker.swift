/// The fetches in flight of a cache whose ready values live elsewhere (`SplitResponsibilityCache`): per
/// key, at most one task that every overlapping caller awaits.
///
/// The rules, tested synchronously:
/// - a lookup that finds no fetch in flight reserves a fresh identity, and the caller records its task
///   with `begin` in the same isolated step, before suspending, so later callers join it;
/// - `finish` removes an entry only while its identity is current, never a replacement;
/// - `invalidate` removes the entry and hands back its task for the caller to cancel.
struct InFlightTracker<Value: Sendable>: Sendable {
  /// Identifies one fetch attempt for one key; never reused within a tracker.
  typealias Identity = UInt64

  /// What a caller must do after `lookup`.
  enum Lookup {
    /// Await this task, which another caller started.
    case join(Task<Value, any Error>)
    /// Nothing is in flight: start the fetch under this identity and record it with `begin`.
    case lead(Identity)
  }

  private struct Loading: Sendable {
    let identity: Identity
    let task: Task<Value, any Error>
  }

  private var loading: [TableKey: Loading] = [:]
  private var nextIdentity: Identity = 0
  /// Lookups that joined another caller's fetch, ever.
  private(set) var joinCount = 0

  /// Joins `key`'s fetch in flight, or reserves the identity of a new one.
  mutating func lookup(_ key: Int) -> Lookup {
    if let fetch = loading[TableKey(key)] {
      joinCount += 1
      return .join(fetch.task)
    }
    nextIdentity &+= 1
    return .lead(nextIdentity)
  }

  /// Records the fetch a leader started; in the same isolated step as the `lookup` that returned `.lead`.
  mutating func begin(_ key: Int, identity: Identity, task: Task<Value, any Error>) {
    loading[TableKey(key)] = Loading(identity: identity, task: task)
  }

  /// Whether `identity` is still the fetch in flight of `key`.
  func isCurrent(_ key: Int, identity: Identity) -> Bool {
    loading[TableKey(key)]?.identity == identity
  }

  /// Forgets `identity`'s fetch of `key`, finished one way or another, unless the entry already belongs
  /// to another fetch.
  mutating func finish(_ key: Int, identity: Identity) {
    guard isCurrent(key, identity: identity) else { return }
    loading[TableKey(key)] = nil
  }

  /// Removes the entry for `key`; returns its task, if any, for the caller to cancel.
  mutating func invalidate(_ key: Int) -> Task<Value, any Error>? {
    loading.removeValue(forKey: TableKey(key))?.task
  }

  /// Keys with a fetch in flight.
  var count: Int { loading.count }
}
