/// The code the harness runs per request of a design, compiled for the concrete type of the design's
/// caches: the client loop every client of a window runs, and the hit-path probe of `cachebench
/// calibrate`.
///
/// Why it exists: the harness holds a design's cache as `any Cache`, and an async call through the
/// protocol's witness table costs each request about 30 ns (`async call` in `cachebench calibrate`) before
/// the design does anything, as much as half an actor hop. That was harness weight counted as the
/// design's hit path. A specialisation is made by `CacheDesign`'s generic initialiser, inlined into the
/// module that registers the design, so the loop calls the design's own `lookup` directly and the
/// optimiser may inline it. The built-in designs and a user's get it through the same public
/// initialiser; nothing in the harness names a design's type.
///
/// Each entry point opens the existential once per call (once per client, once per probe round), never
/// per request. A cache of another type than the one specialised for, which a factory cannot return,
/// still runs, through the unspecialised loop.
@usableFromInline
struct CacheSpecialisation: Sendable {
  /// Runs one client of a window against the cache.
  @usableFromInline
  let clientLoop: ClientLoop.Runner
  /// Runs one client of a `--caller main` window, on the main actor.
  @usableFromInline
  let mainActorClientLoop: MainActorClientLoop.Runner
  /// Runs `operations` back-to-back lookups of a warm key and returns nanoseconds per lookup, NaN when
  /// one of them was not a hit (`HitLookups`).
  @usableFromInline
  let hitLookups: HitLookups.Runner
  /// The cache type the code was compiled for; nil when it calls through the witness table.
  @usableFromInline
  let cacheType: (any Cache.Type)?

  /// The entry points compiled for caches of type `Specialised`.
  @inlinable
  init<Specialised: Cache>(for _: Specialised.Type) {
    clientLoop = ClientLoop.runner(for: Specialised.self)
    mainActorClientLoop = MainActorClientLoop.runner(for: Specialised.self)
    hitLookups = HitLookups.runner(for: Specialised.self)
    cacheType = Specialised.self
  }

  @usableFromInline
  init(
    clientLoop: @escaping ClientLoop.Runner,
    mainActorClientLoop: @escaping MainActorClientLoop.Runner,
    hitLookups: @escaping HitLookups.Runner
  ) {
    self.clientLoop = clientLoop
    self.mainActorClientLoop = mainActorClientLoop
    self.hitLookups = hitLookups
    cacheType = nil
  }

  /// Calls through the `Cache` witness table, for a factory that returns `any Cache`.
  @usableFromInline
  static let unspecialised = CacheSpecialisation(
    clientLoop: ClientLoop.unspecialised,
    mainActorClientLoop: MainActorClientLoop.unspecialised, hitLookups: HitLookups.unspecialised)
}

/// Back-to-back lookups of one warm key: the loop of the hit-path probe (`HitPathProbe`), inlinable so a
/// design's `CacheSpecialisation` compiles it for the design's cache type.
@usableFromInline
enum HitLookups {
  /// `run(on:key:operations:)` for a cache held as `any Cache`.
  @usableFromInline
  typealias Runner = @Sendable (any Cache, _ key: Int, _ operations: Int) async -> Double

  /// Through the `Cache` witness table.
  @usableFromInline
  static let unspecialised: Runner = { cache, key, operations in
    await run(on: cache, key: key, operations: operations)
  }

  /// Compiled for `Specialised` when the cache is one, else `unspecialised`'s.
  @inlinable
  static func runner<Specialised: Cache>(for _: Specialised.Type) -> Runner {
    { cache, key, operations in
      if let cache = cache as? Specialised {
        await run(on: cache, key: key, operations: operations)
      } else {
        await run(on: cache, key: key, operations: operations)
      }
    }
  }

  /// `operations` lookups of `key` in `cache`, timed as a whole: nanoseconds per lookup, or NaN when any
  /// lookup was not a hit. A design that does not report outcomes (nil) is taken at its word that a
  /// warm key hits. `nonisolated(nonsending)`, as the client loop is (`ClientLoop`).
  @inlinable
  nonisolated(nonsending) static func run<C: Cache>(
    on cache: C, key: Int, operations: Int
  ) async -> Double {
    var hits = 0
    let start = MonotonicClock.now()
    for _ in 0..<operations {
      if let lookup = try? await cache.lookup(key), lookup.outcome != .join,
        lookup.outcome != .leader
      {
        hits &+= 1
      }
    }
    let nanoseconds = Double(MonotonicClock.now() &- start) / Double(max(1, operations))
    return hits == operations ? nanoseconds : .nan
  }
}
