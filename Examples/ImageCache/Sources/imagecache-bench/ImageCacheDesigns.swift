import CacheBenchCore

/// The app's caches as cachebench designs: what `main.swift` registers beside the built-in designs (so
/// `--variants` names them) and what the tests measure through `CacheBenchmark`.
enum ImageCacheDesigns {
  static let reentrant = CacheDesign(
    name: "image-reentrant",
    summary: "actor: check, await the download, store; overlapping misses each download",
    traits: [.measuredByDefault]
  ) { ReentrantImageCache(environment: $0) }

  static let inFlight = CacheDesign(
    name: "image-inflight",
    summary: "actor that stores the download task before awaiting it; misses join it",
    traits: [.coalesces, .measuredByDefault]
  ) { InFlightImageCache(environment: $0) }

  static let locked = CacheDesign(
    name: "image-locked",
    summary: "the in-flight table behind a Mutex, no actor",
    traits: [.coalesces, .lockIsolated, .measuredByDefault]
  ) { LockedImageCache(environment: $0) }

  /// `image-reentrant` on cachebench's `InstrumentedExecutor`: its actor wait and busy time without hooks.
  static let reentrantTimed = CacheDesign(
    name: "image-reentrant-timed",
    summary: "image-reentrant on the instrumented executor (two lines added)"
  ) { TimedReentrantImageCache(environment: $0) }

  static let table = CacheDesign(
    name: "image-table",
    summary: "a dictionary behind a Mutex, no hooks; overlapping misses each download",
    traits: [.lockIsolated]
  ) { TableImageCache(environment: $0) }

  static let tableTimed = CacheDesign(
    name: "image-table-timed",
    summary: "image-table with its Mutex swapped for the instrumented one",
    traits: [.lockIsolated]
  ) { TimedTableImageCache(environment: $0) }

  /// Every design of the app, in the order the tables list them.
  static let all = [reentrant, inFlight, locked, reentrantTimed, table, tableTimed]
}
