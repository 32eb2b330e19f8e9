import CacheBenchCore

/// The coordination state of a repository cache in front of a store with entity revisions: per key, the
/// cached entity (value and revision), the key's generation, and the highest revision known.
///
/// The rules (DESIGN.md, "Repository") live here once, as a value type tested synchronously:
/// - a read that finds nothing takes a `Ticket` carrying the key's generation before it suspends;
/// - a write advances the key's generation and clears the entry when it begins and again when its response
///   arrives, so a load that began before or during the write is refused admission (`staleRejected`) and
///   may only answer its own caller;
/// - a response with a lower revision than the highest known never replaces it, whether it is a load or a
///   write response arriving out of order;
/// - generations are never reused, so a ticket cannot become current again.
struct RepositoryTable<Value: Sendable>: Sendable {
  /// An entity as the store returned it.
  struct Entity: Sendable {
    var revision: UInt64
    var value: Value
  }

  /// Proof of which generation a load began under.
  struct Ticket: Sendable, Equatable {
    var key: Int
    var generation: UInt64
  }

  /// What a reader must do.
  enum Read {
    /// Serve the cached entity.
    case hit(Entity)
    /// Load from the store under this ticket, then call `admit`.
    case load(Ticket)
  }

  /// The verdict on a finished load.
  enum Admission: Equatable {
    /// The entity is now cached.
    case admitted
    /// A write began after the load did: the snapshot may answer its own caller only.
    case staleGeneration
    /// The store answered with a revision older than one already known.
    case olderRevision
  }

  /// The verdict on a write's response.
  enum WriteOutcome: Equatable {
    /// The key's known revision moved forward to the response's.
    case advanced
    /// A response for a revision no newer than the known one, arriving late: ignored.
    case outOfOrder
  }

  private var generations: [Int: UInt64] = [:]
  private var entries: [Int: Entity] = [:]
  private var knownRevisions: [Int: UInt64] = [:]
  /// Loads refused admission, ever.
  private(set) var staleRejected = 0

  init() {}

  /// Looks `key` up: a hit, or a ticket to load under.
  func read(_ key: Int) -> Read {
    if let entity = entries[key] { return .hit(entity) }
    return .load(Ticket(key: key, generation: generations[key, default: 0]))
  }

  /// Admits a loaded entity if no write began since its ticket and its revision is not older than known.
  mutating func admit(_ ticket: Ticket, entity: Entity) -> Admission {
    guard generations[ticket.key, default: 0] == ticket.generation else {
      staleRejected += 1
      return .staleGeneration
    }
    if let known = knownRevisions[ticket.key], entity.revision < known {
      staleRejected += 1
      return .olderRevision
    }
    entries[ticket.key] = entity
    knownRevisions[ticket.key] = entity.revision
    return .admitted
  }

  /// Records that a write of `key` is being sent: loads in flight become stale and the entry is cleared.
  mutating func beginWrite(_ key: Int) {
    advance(key)
  }

  /// Records a write's response with the revision the store assigned.
  mutating func completeWrite(_ key: Int, revision: UInt64) -> WriteOutcome {
    // Loads that began while the write was in flight may have read the previous revision.
    advance(key)
    if let known = knownRevisions[key], revision <= known { return .outOfOrder }
    knownRevisions[key] = revision
    return .advanced
  }

  /// Drops `key`'s entry and makes loads in flight for it stale, as a write's beginning does, without
  /// a write: an invalidation.
  mutating func invalidate(_ key: Int) {
    advance(key)
  }

  /// The generation loads of `key` begin under now.
  func generation(of key: Int) -> UInt64 { generations[key, default: 0] }

  /// Entities cached now.
  var cachedCount: Int { entries.count }

  /// The highest revision of `key` this table has seen, from loads or writes.
  func knownRevision(of key: Int) -> UInt64? { knownRevisions[key] }

  /// The revision of the entity cached for `key`, if any.
  func cachedRevision(of key: Int) -> UInt64? { entries[key]?.revision }

  private mutating func advance(_ key: Int) {
    generations[key, default: 0] &+= 1
    entries[key] = nil
  }
}
