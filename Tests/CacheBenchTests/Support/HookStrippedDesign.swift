import Synchronization

@testable import CacheBenchCore

/// A design's cache with its outcome hook stripped: it answers what the design answers, with
/// `CacheLookup.outcome` nil, as a user's cache written without hooks would, and keeps the design's own
/// outcomes in an `OutcomeTally` for the test to compare with what the harness attributed (the window's:
/// not those of the invalidation check that reads the cache after it).
struct HookStrippedCache: Cache {
  let inner: any Cache
  let tally: OutcomeTally

  nonisolated(nonsending) func lookup(_ key: Int) async throws -> CacheLookup {
    var lookup = try await inner.lookup(key)
    // The invalidation check's reads after the window are in none of the window's figures.
    if !InvalidationCheck.inProgress.get() { tally.record(lookup.outcome) }
    lookup.outcome = nil
    return lookup
  }

  func invalidate(_ key: Int) async { await inner.invalidate(key) }

  var readyEntryCount: Int? {
    get async { await inner.readyEntryCount }
  }

  func write(_ key: Int) async -> WriteResult? { await inner.write(key) }

  var entityStore: EntityStore? { inner.entityStore }

  var staleRejectedCount: Int? {
    get async { await inner.staleRejectedCount }
  }

  var isolationBusyTimes: [IsolationBusyTime]? { inner.isolationBusyTimes }
}

/// The outcomes a design reported, counted as its lookups returned.
final class OutcomeTally: Sendable {
  private let counts = SanitizerVisibleMutex((hits: 0, joins: 0, leaders: 0, unreported: 0))

  func record(_ outcome: CacheOutcome?) {
    counts.withLock { counts in
      switch outcome {
      case .hit: counts.hits += 1
      case .join: counts.joins += 1
      case .leader: counts.leaders += 1
      case nil: counts.unreported += 1
      }
    }
  }

  var figures: (hits: Int, joins: Int, leaders: Int, unreported: Int) { counts.withLock { $0 } }
}

/// The tally of the last cache a `hookStripped` design built: the measured window's, which is built
/// after the warm-up's.
final class LatestTally: Sendable {
  private let latest = SanitizerVisibleMutex<OutcomeTally?>(nil)

  func make() -> OutcomeTally {
    let tally = OutcomeTally()
    latest.withLock { $0 = tally }
    return tally
  }

  var tally: OutcomeTally? { latest.withLock { $0 } }
}

extension CacheDesign {
  /// `design` with its outcome hook stripped (`HookStrippedCache`), under the same name and traits;
  /// `tallies` keeps the outcomes the design itself reported.
  static func hookStripped(_ design: CacheDesign, tallies: LatestTally) -> CacheDesign {
    CacheDesign(name: design.name, summary: design.summary, traits: design.traits) {
      environment in
      HookStrippedCache(inner: try design.makeCache(environment), tally: tallies.make())
    }
  }
}
