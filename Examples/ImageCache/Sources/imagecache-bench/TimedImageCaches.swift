import CacheBenchCore
import Synchronization

/// `ReentrantImageCache` with two lines added and nothing else changed: its actor runs on cachebench's
/// `InstrumentedExecutor`, which times every job, so it gets `actor_wait`, `actor_busy_wait`,
/// `actor_service` and `actor_utilisation` without a hook in its methods (one sample per job: a hit is
/// one, a miss two, the call and the return after the download). Measured beside `image-reentrant`,
/// the pair shows what the executor costs (docs/instrumented-executor.md).
actor TimedReentrantImageCache: Cache {
  let executor = InstrumentedExecutor()
  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  private let fetcher: any Fetcher
  private let decoder: PayloadDecoder?
  private var images: [Int: CachedValue] = [:]

  init(environment: CacheEnvironment) {
    fetcher = environment.fetcher
    decoder = environment.decoder
  }

  func lookup(_ key: Int) async throws -> CacheLookup {
    if let image = images[key] {
      return CacheLookup(value: image)
    }
    let payload = try await fetcher.fetch(key)
    let image = CachedValue(payload: payload, decoded: decoder?.decode(payload))
    images[key] = image
    return CacheLookup(value: image)
  }

  func invalidate(_ key: Int) {
    images[key] = nil
  }
}

/// The simplest lock-based image cache, with no hooks: a dictionary behind a `Mutex`, checked, then the
/// download and decode outside the lock, then stored. Overlapping misses each download. Its actor wait
/// and service read `n/a`; `image-table-timed` is the same with the lock swapped.
final class TableImageCache: Cache {
  private let fetcher: any Fetcher
  private let decoder: PayloadDecoder?
  private let images = Mutex<[Int: CachedValue]>([:])

  init(environment: CacheEnvironment) {
    fetcher = environment.fetcher
    decoder = environment.decoder
  }

  nonisolated(nonsending) func lookup(_ key: Int) async throws -> CacheLookup {
    if let image = images.withLock({ $0[key] }) { return CacheLookup(value: image) }
    let payload = try await fetcher.fetch(key)
    let image = CachedValue(payload: payload, decoded: decoder?.decode(payload))
    images.withLock { $0[key] = image }
    return CacheLookup(value: image)
  }

  func invalidate(_ key: Int) async {
    images.withLock { $0[key] = nil }
  }
}

/// `TableImageCache` with its `Mutex` swapped for cachebench's `InstrumentedMutex` (one line), which
/// times every hold: `actor_wait` is the wait for the lock, `actor_service` the hold.
final class TimedTableImageCache: Cache {
  private let fetcher: any Fetcher
  private let decoder: PayloadDecoder?
  private let images = InstrumentedMutex<[Int: CachedValue]>([:])

  init(environment: CacheEnvironment) {
    fetcher = environment.fetcher
    decoder = environment.decoder
  }

  nonisolated(nonsending) func lookup(_ key: Int) async throws -> CacheLookup {
    if let image = images.withLock({ $0[key] }) { return CacheLookup(value: image) }
    let payload = try await fetcher.fetch(key)
    let image = CachedValue(payload: payload, decoded: decoder?.decode(payload))
    images.withLock { $0[key] = image }
    return CacheLookup(value: image)
  }

  func invalidate(_ key: Int) async {
    images.withLock { $0[key] = nil }
  }
}
