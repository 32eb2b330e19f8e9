/// A cache of payloads keyed by integer key, as every design under test, built-in or a user's, presents
/// itself to the harness.
///
/// Only `lookup` is required. The harness measures fetches, duplicates, latency, memory and CPU itself;
/// what it cannot see from outside, a design may report in the `CacheLookup` it returns (how the request
/// was served, when it entered isolation). A design that reports nothing gets `n/a` in those columns,
/// never 0.
///
/// Errors thrown by `lookup` count as `errors`, except `CancellationError`, which counts as a
/// cancellation (the caller was cancelled, or the entry it waited on was invalidated).
public protocol Cache: Sendable {
  /// Returns the value for `key`, fetching it through the environment's fetcher on a miss.
  ///
  /// `nonisolated(nonsending)`: the call starts on the caller's executor (the driver's client task)
  /// instead of hopping to the generic executor first. An actor's isolated `lookup` still hops to the
  /// actor, as any call into it does; a nonisolated one declared `nonisolated(nonsending)` too makes no
  /// hop of its own (a plain `nonisolated` one gets a thunk that hops, about 5 ns a call here).
  nonisolated(nonsending) func lookup(_ key: Int) async throws -> CacheLookup

  /// Removes the entry for `key`; an in-flight fetch for it should be cancelled and not admitted.
  ///
  /// Required, with no default: an actor's own synchronous `invalidate` would otherwise lose overload
  /// resolution to a default in a protocol extension, and callers would silently get the default. A
  /// design with no invalidation implements it as an empty method and ignores `--invalidate-rate`.
  func invalidate(_ key: Int) async

  /// Keys with a ready value now (fetches in flight not counted), for the bytes each entry costs; nil
  /// when the design cannot tell, which is what a design that does not implement it reports.
  var readyEntryCount: Int? { get async }

  /// Sends a write of `key` through the cache (designs with `DesignTraits.takesWrites`); nil from a
  /// design that has no writes, which the options never let a run ask of it. The harness calls
  /// `write(_: CacheWrite)`, whose default calls this: a design that needs only the key implements
  /// this one.
  func write(_ key: Int) async -> WriteResult?

  /// Sends a write through the cache with the value it stores and the revision the key was last left
  /// at (`CacheWrite`), for a design whose store needs them (an update with a value and an expected
  /// revision). The harness calls this one; by default it calls `write(_: Int)` with the key alone.
  func write(_ write: CacheWrite) async -> WriteResult?

  /// The store behind a design that takes writes, the witness of `stale_served_after_write`; nil for the
  /// designs without one. Read once per client, never per request.
  var entityStore: EntityStore? { get }

  /// Loads refused admission so far (`stale_rejected`); nil for a design without admission checks.
  var staleRejectedCount: Int? { get async }

  /// The busy totals of the design's isolation domains (its actor or lock; one per shard), which the
  /// harness reads at the start and end of a window for `actor_utilisation`; nil for a design that keeps
  /// none. Read twice a window, never per request.
  var isolationBusyTimes: [IsolationBusyTime]? { get }
}

extension Cache {
  @inlinable
  public var readyEntryCount: Int? {
    get async { nil }
  }

  @inlinable
  public func write(_ key: Int) async -> WriteResult? { nil }

  @inlinable
  public func write(_ write: CacheWrite) async -> WriteResult? { await self.write(write.key) }

  public var entityStore: EntityStore? { nil }

  public var isolationBusyTimes: [IsolationBusyTime]? { nil }

  @inlinable
  public var staleRejectedCount: Int? {
    get async { nil }
  }
}

/// How a write sent through a design that takes writes ended: saved, refused for a revision conflict,
/// or failed for another reason (the store threw something else, a timeout or a lost connection).
public struct WriteResult: Sendable, Equatable {
  /// The store refused it: the entity's revision was not the one the cache expected (`conflicts`).
  public var conflict: Bool
  /// It failed for a reason other than a conflict (`write_failures`); a write that reports both counts
  /// as a conflict.
  public var failed: Bool
  /// The revision the store holds for the key after the write: the one it saved, or after a conflict
  /// the one that refused it; nil from a design that does not know revisions, or after a failure that
  /// left it unknown. The harness hands it to the key's next write as `CacheWrite.expectedRevision`.
  public var revision: UInt64?

  @inlinable
  public init(conflict: Bool, failed: Bool = false, revision: UInt64? = nil) {
    self.conflict = conflict
    self.failed = failed
    self.revision = revision
  }

  /// A write that failed for a reason other than a conflict, the key's revision unknown unless given.
  @inlinable
  public static func failure(revision: UInt64? = nil) -> WriteResult {
    WriteResult(conflict: false, failed: true, revision: revision)
  }
}

/// A write the harness sends through a design that takes writes (`--write-rate`).
public struct CacheWrite: Sendable {
  /// The key written.
  public var key: Int
  /// The value the write stores: a payload of the run's `--payload-bytes`, made for this write.
  public var value: Payload
  /// The revision the key's last write in this window left it at, as the design reported it
  /// (`WriteResult.revision`): what an update that checks revisions expects. Nil before the key's first
  /// write in the window, or when the design reports no revisions; the design then reads its own.
  public var expectedRevision: UInt64?

  @inlinable
  public init(key: Int, value: Payload, expectedRevision: UInt64?) {
    self.key = key
    self.value = value
    self.expectedRevision = expectedRevision
  }
}

/// How one successful request was served.
public enum CacheOutcome: Sendable, Equatable {
  /// Served from a ready entry without waiting for a fetch.
  case hit
  /// Served by awaiting a fetch another caller started.
  case join
  /// The request started the fetch that served it.
  case leader
}

/// The value a cache returned for one request, and what the design could tell about how: its outcome
/// (`hits`, `joins`, `leaders`) and its `IsolationTiming` (`actor_wait`, `actor_service`).
///
/// Both reports are optional hooks. A design that leaves `outcome` nil on any request gets `n/a` for
/// hits, joins and leaders; one that leaves `timing` nil on any request gets `n/a` for the actor wait and
/// service figures. The harness never fills them with zeros.
public struct CacheLookup: Sendable {
  public var value: CachedValue
  /// How the request was served; nil when the design does not say.
  public var outcome: CacheOutcome?
  /// For a leader, why nothing was ready (cold, evicted or expired); nil for hits, joins and designs
  /// that do not say.
  public var missCause: MissCause?
  /// `timing`, with `IsolationTiming.notReported` for nil: a lookup is returned on every request, and
  /// an optional's tag would add a word to it that the harness's own cost per request can see.
  @usableFromInline
  var timingStorage: IsolationTiming
  /// The entity revision served, for designs that take writes; nil for the others.
  public var revision: UInt64?

  /// When the request entered the cache's isolation and how long it spent there; nil when the design
  /// does not measure it.
  @inlinable
  public var timing: IsolationTiming? {
    get { timingStorage.entered == IsolationTiming.notReported.entered ? nil : timingStorage }
    set { timingStorage = newValue ?? .notReported }
  }

  /// A lookup's answer, with whatever the design can report about it.
  @inlinable
  public init(
    value: CachedValue, outcome: CacheOutcome? = nil, timing: IsolationTiming? = nil,
    missCause: MissCause? = nil, revision: UInt64? = nil
  ) {
    self.value = value
    self.outcome = outcome
    self.timingStorage = timing ?? .notReported
    self.missCause = missCause
    self.revision = revision
  }
}

/// What a cache keeps per key: the fetched payload and, when the cache decodes (`DecodePlacement.inside`),
/// the decoded result.
public struct CachedValue: Sendable {
  public var payload: Payload
  /// `decoded`, with `UInt64.max` for nil, so the value stays three words. A decode whose checksum is
  /// `UInt64.max` (one in 2^64) reads as not decoded, which only leaves it out of the checksum that keeps
  /// the decode work observable.
  @usableFromInline
  var decodedStorage: UInt64

  /// The decoder's result, for a cache that decoded inside; nil otherwise.
  @inlinable
  public var decoded: UInt64? {
    get { decodedStorage == .max ? nil : decodedStorage }
    set { decodedStorage = newValue ?? .max }
  }

  @inlinable
  public init(payload: Payload, decoded: UInt64? = nil) {
    self.payload = payload
    self.decodedStorage = decoded ?? .max
  }
}
