/// A cache of payloads keyed by integer key, as every design under test presents itself to the driver.
///
/// A lookup reports how it was served (`CacheOutcome`) so the driver can check the accounting identity
/// `requests = hits + joins + leaders + errors + cancellations` without trusting a shared counter.
/// Errors thrown by `lookup` are the fetch error for a failed fetch, or `CancellationError` when the caller
/// was cancelled or the entry it waited on was invalidated.
protocol Cache: Sendable {
  /// Returns the value for `key`, fetching it on a miss.
  func lookup(_ key: Int) async throws -> CacheLookup

  /// Removes the entry for `key`; an in-flight fetch for it is cancelled and will not be admitted.
  func invalidate(_ key: Int) async

  /// Keys with a ready value now (fetches in flight not counted), for the bytes each entry costs; nil
  /// when the design cannot tell, which is what a design that does not implement it reports.
  var readyEntryCount: Int? { get async }

  /// Sends a write of `key` through the cache (the repository designs); nil from a design that has no
  /// writes, which the options never let a run ask of it.
  func write(_ key: Int) async -> WriteResult?

  /// The store behind a repository design, the witness of `stale_served_after_write`; nil for the
  /// designs without one. Read once per client, never per request.
  var entityStore: EntityStore? { get }

  /// Loads refused admission so far (`stale_rejected`); nil for a design without admission checks.
  var staleRejectedCount: Int? { get async }
}

extension Cache {
  var readyEntryCount: Int? {
    get async { nil }
  }

  func write(_ key: Int) async -> WriteResult? { nil }

  var entityStore: EntityStore? { nil }

  var staleRejectedCount: Int? {
    get async { nil }
  }
}

/// How a write sent through a repository design ended.
struct WriteResult: Sendable, Equatable {
  /// The store refused it: the entity's revision was not the one the cache expected.
  var conflict: Bool
}

/// How one successful request was served.
enum CacheOutcome: Sendable, Equatable {
  /// Served from a ready entry without waiting for a fetch.
  case hit
  /// Served by awaiting a fetch another caller started.
  case join
  /// The request started the fetch that served it.
  case leader
}

/// The value a cache returned for one request, how it was obtained, and how long the request queued for and
/// spent inside the cache's isolation (see `IsolationTiming`).
struct CacheLookup: Sendable {
  var value: CachedValue
  var outcome: CacheOutcome
  /// Measured by every design, with no default, so a design cannot forget it and report zeros instead.
  var timing: IsolationTiming
  /// For a leader, why nothing was ready (cold, evicted or expired); nil for hits and joins.
  var missCause: MissCause? = nil
  /// The entity revision served, for the repository designs; nil for the others.
  var revision: UInt64? = nil
}

/// What a cache keeps per key: the fetched payload and, when the cache decodes (`DecodePlacement.inside`),
/// the decoded result.
struct CachedValue: Sendable {
  var payload: Payload
  var decoded: UInt64?
}
