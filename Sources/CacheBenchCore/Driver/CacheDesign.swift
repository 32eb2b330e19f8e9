/// A cache design the harness can build and measure: a name for `--variants`, what it is, its traits, and
/// a factory that builds a fresh, empty cache over what the harness provides.
///
/// The built-in designs are values of this type, registered exactly as a user's are (`DesignRegistry`);
/// nothing in the harness switches on a design's name. What the harness needs to know about a design, it
/// reads from `traits`.
///
/// The factory is called once per window (the warm-up and the measured window each get a fresh cache) and
/// must return a cache that has fetched nothing yet: every fetch it makes must go through
/// `environment.fetcher`, which is how the harness counts fetches and duplicates.
public struct CacheDesign: Sendable, Equatable, CustomStringConvertible {
  /// The name `--variants` takes and every output prints: lower-case letters, digits and `-`, starting
  /// with a letter (checked by `DesignRegistry`).
  public let name: String
  /// One line saying what the design shows, for `--help`.
  public let summary: String
  /// What the harness may assume of the design.
  public let traits: DesignTraits
  /// Builds a new, empty cache of this design.
  public let makeCache: @Sendable (CacheEnvironment) throws -> any Cache
  /// The client loop every client of this design's windows runs, and the hit-path probe calibration
  /// runs: specialised to the cache type the factory returns when the factory names one (see
  /// `init(name:summary:traits:makeCache:)`), else calling `lookup` through the `Cache` witness table.
  @usableFromInline
  let specialisation: CacheSpecialisation

  /// A design called `name`, built by `makeCache`, which returns a cache of one concrete type.
  ///
  /// The harness's client loop and the calibration's hit-path probe are compiled for that type here,
  /// in the module that registers the design (this initialiser is inlined into it), so every request
  /// calls the design's own `lookup` directly rather than through the `Cache` protocol's witness table:
  /// an async call through it costs each request about 30 ns (`async call` in `cachebench calibrate`),
  /// which would count as the design's hit path. A built-in design and a user's get this alike; the
  /// compiler picks this initialiser whenever the factory's result has a single concrete type.
  @inlinable
  public init<Specialised: Cache>(
    name: String, summary: String, traits: DesignTraits = [],
    makeCache: @escaping @Sendable (CacheEnvironment) throws -> Specialised
  ) {
    self.init(
      name: name, summary: summary, traits: traits,
      makeAnyCache: { try makeCache($0) },
      specialisation: CacheSpecialisation(for: Specialised.self))
  }

  /// A design called `name`, built by `makeCache`, whose caches may be of different types (the factory
  /// returns `any Cache`): its clients call `lookup` through the `Cache` witness table, which costs each
  /// request one unspecialised async call more than a design built by a factory of one concrete type.
  /// Disfavoured, so that a factory whose result has one concrete type always gets the specialised
  /// initialiser above; this one takes only factories that return an existential.
  @_disfavoredOverload
  public init(
    name: String, summary: String, traits: DesignTraits = [],
    makeCache: @escaping @Sendable (CacheEnvironment) throws -> any Cache
  ) {
    self.init(
      name: name, summary: summary, traits: traits, makeAnyCache: makeCache,
      specialisation: .unspecialised)
  }

  @usableFromInline
  init(
    name: String, summary: String, traits: DesignTraits,
    makeAnyCache: @escaping @Sendable (CacheEnvironment) throws -> any Cache,
    specialisation: CacheSpecialisation
  ) {
    self.name = name
    self.summary = summary
    self.traits = traits
    self.makeCache = makeAnyCache
    self.specialisation = specialisation
  }

  /// Designs are told apart by name: a registry holds one design per name.
  public static func == (lhs: CacheDesign, rhs: CacheDesign) -> Bool { lhs.name == rhs.name }

  public var description: String { name }

  /// Whether the design is built from several independent parts, the key picking one (`--shards`).
  public var isSharded: Bool { traits.contains(.sharded) }

  /// Whether the design sits in front of an `EntityStore` and takes writes (`--write-rate`).
  public var takesWrites: Bool { traits.contains(.takesWrites) }
}

/// What the harness may assume of a design; each trait replaces what used to be a switch on a design's
/// name, in calibration, the gate's thresholds, `--help` and the options' checks.
public struct DesignTraits: OptionSet, Sendable, Hashable {
  public let rawValue: Int

  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Overlapping misses of one key share one fetch. With no failure injection, invalidation or
  /// retention limit, its `fetches`, `leaders` and `duplicate_fetches` depend only on the keys, so the gate
  /// holds them exactly.
  public static let coalesces = DesignTraits(rawValue: 1 << 0)
  /// Built from `CacheEnvironment.shards` parts; its variants are named `name(shards)` and `--shards`
  /// and a sweep's shard axis apply to it.
  public static let sharded = DesignTraits(rawValue: 1 << 1)
  /// Takes writes (`Cache.write`) in front of an `EntityStore`: `--write-rate` may be sent to it, and
  /// `--write-rate` alone selects the designs that have this trait.
  public static let takesWrites = DesignTraits(rawValue: 1 << 2)
  /// Honours `CacheEnvironment.retention` (`--capacity`, `--ttl`); a run asking a design without it for
  /// either is refused.
  public static let supportsRetention = DesignTraits(rawValue: 1 << 3)
  /// Its isolation is a lock rather than an actor: calibration compares its hit path with an uncontended
  /// `Mutex` operation instead of an empty actor call.
  public static let lockIsolated = DesignTraits(rawValue: 1 << 4)
  /// Measured when `--variants` is not given (and no write rate selects the writing designs).
  public static let measuredByDefault = DesignTraits(rawValue: 1 << 5)
  /// Awaits its decode from inside its actor through `PayloadDecoder.decodeAsPlaced(_:busy:isolation:)`
  /// and admits the result only if the entry's identity is still current after the await, so it honours
  /// `--decode nonsending`, `concurrent`, `task` and `detached`; a run asking a design without it for
  /// one of them is refused (a lock cannot be held across an `await`, and a design that decodes
  /// synchronously would run all four as `inside`).
  public static let placesDecode = DesignTraits(rawValue: 1 << 6)
  /// Cancels a fetch once no caller awaits it (its only caller was cancelled while waiting), rather
  /// than letting it finish and keeping its value: the policy `cachebench check`'s
  /// `cancelled-sole-caller` holds the design to.
  public static let cancelsUnawaitedFetch = DesignTraits(rawValue: 1 << 7)
  /// Reports `CacheLookup.outcome` on every request, so the harness need not attribute hits, joins and
  /// leaders itself in a window with no warm-up to learn it from (with a warm-up, what its requests
  /// carried decides). Attribution binds a task-local around every read, which a design that reports
  /// its outcomes is spared. Not a name `--help` lists: it selects nothing.
  public static let reportsOutcomes = DesignTraits(rawValue: 1 << 8)

  /// The traits by the names `--help` and `cachebench designs` print, in that order.
  public static let named: [(name: String, trait: DesignTraits)] = [
    ("coalesces", .coalesces), ("sharded", .sharded), ("takes-writes", .takesWrites),
    ("capacity/ttl", .supportsRetention), ("lock", .lockIsolated), ("default", .measuredByDefault),
    ("placements", .placesDecode), ("cancels-unawaited", .cancelsUnawaitedFetch),
  ]

  /// The names of the traits in this set, in `named` order.
  public var names: [String] { Self.named.filter { contains($0.trait) }.map(\.name) }
}
