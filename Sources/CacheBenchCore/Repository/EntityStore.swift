/// The fake remote store behind the repository designs: every key is an entity with a revision (1 until
/// first written), loads return the revision current when the request arrives, and writes are
/// compare-and-save against an expected revision.
///
/// Timing is the fetchers': a load is `reads.fetch(key)` (so its latency, failures, pool and ledger are a
/// normal fetch's, counted in `fetches` and `duplicate_fetches`), and a write's round trip is
/// `writes.fetch(key)`, whose payload is discarded. The store reads or applies the revision as the request
/// arrives and answers after that latency, as a server whose response is still on the wire does, which is
/// what lets a load that began before a write return the older revision after the write completed.
///
/// It is also the run's witness for `stale_served_after_write`: `completedRevision(of:)` is the highest
/// revision whose write response has been delivered, recorded just before the writer resumes. A read that
/// began after that and returns an older revision served stale data.
public final class EntityStore: Sendable {
  /// An entity as the store returned it.
  public struct Snapshot: Sendable {
    public var revision: UInt64
    public var payload: Payload
  }

  /// The store's answer to a compare-and-save.
  public enum SaveResponse: Sendable, Equatable {
    /// The expected revision matched; the entity now has this revision.
    case saved(revision: UInt64)
    /// The entity had moved on to `current`; nothing was written.
    case conflict(current: UInt64)

    /// The revision the store holds after the request, either way.
    public var revision: UInt64 {
      switch self {
      case .saved(let revision), .conflict(let revision): revision
      }
    }
  }

  private struct State {
    var revisions: [Int: UInt64] = [:]
    var completed: [Int: UInt64] = [:]
  }

  /// The revision of an entity never written.
  public static let initialRevision: UInt64 = 1

  private let reads: any Fetcher
  private let writes: any Fetcher
  private let state = SanitizerVisibleMutex(State())

  public init(reads: any Fetcher, writes: any Fetcher) {
    self.reads = reads
    self.writes = writes
  }

  /// Reads `key`'s entity: the revision current now, the payload after the read latency. Throws what
  /// the read fetch throws (an injected failure, or `CancellationError`).
  public func load(_ key: Int) async throws -> Snapshot {
    let revision = state.withLock { $0.revisions[key] ?? Self.initialRevision }
    let payload = try await reads.fetch(key)
    return Snapshot(revision: revision, payload: payload)
  }

  /// Saves `key` if its revision is still `expected`, answering after the write latency. A write is not
  /// abandoned once sent: the caller's cancellation does not reach it, so the response is always
  /// delivered and recorded.
  public func compareAndSave(_ key: Int, expected: UInt64) async -> SaveResponse {
    let response = state.withLock { state -> SaveResponse in
      let current = state.revisions[key] ?? Self.initialRevision
      guard current == expected else { return .conflict(current: current) }
      state.revisions[key] = current + 1
      return .saved(revision: current + 1)
    }
    let writes = self.writes
    // The round trip runs in a task of its own, so a cancelled writer still waits for the response.
    _ = await Task { try? await writes.fetch(key) }.value
    if case .saved(let revision) = response {
      state.withLock { state in
        state.completed[key] = max(state.completed[key] ?? 0, revision)
      }
    }
    return response
  }

  /// The highest revision of `key` whose write response has been delivered; 0 when none has.
  public func completedRevision(of key: Int) -> UInt64 {
    state.withLock { $0.completed[key] ?? 0 }
  }

  /// The revision `key` has now.
  public func currentRevision(of key: Int) -> UInt64 {
    state.withLock { $0.revisions[key] ?? Self.initialRevision }
  }
}
