/// Everything that defines one run: which cache designs to measure and the identical workload each one gets.
///
/// A scenario is a value; the driver builds a fresh cache and fetcher from it for every variant, so the
/// figures of all variants come from the same key sequence, latency and payload.
struct Scenario: Sendable, Equatable {
  /// The cache designs measured, in order.
  var variants: [Variant]
  /// Number of distinct keys, `0..<keys`.
  var keys: Int = 10_000
  /// How request keys are drawn.
  var distribution: KeyDistributionKind = .zipf(theta: 0.99)
  /// Seed of the key sequence; the same seed gives the same sequence of keys.
  var seed: UInt64 = 1
  /// Number of closed-loop client tasks issuing requests back to back.
  var concurrency: Int = 64
  /// When the measured window of each variant ends.
  var stop: StopCondition = .requests(50_000)
  /// Requests issued against a separate cache instance before each window, not counted.
  var warmupRequests: Int = 2_000
  /// Constant latency of the fake fetcher; the distribution's mean when `fetcher.latency` is set.
  var fetchLatency: Duration = .milliseconds(1)
  /// Size of each fetched payload.
  var payloadBytes: Int = 4_096
  /// CPU work per decode of one payload.
  var decodeCost: Duration = .microseconds(20)
  /// Shard count used by the `sharded` design.
  var shards: Int = 8
  /// Share of operations that invalidate their key instead of reading it, `0...1`.
  var invalidateRate: Double = 0
  /// Share of reads whose caller is cancelled while waiting for a fetch, `0...1`.
  var cancelRate: Double = 0
  /// Share of operations that write their key through a repository design, `0...1`.
  var writeRate: Double = 0

  /// Most ready entries per cache, per shard when sharded (`--capacity`); nil for no limit.
  var capacity: Int? = nil
  /// How long an admitted entry stays servable (`--ttl`); nil for no expiry.
  var timeToLive: Duration? = nil

  /// How the caches keep ready entries.
  var retention: RetentionPolicy {
    RetentionPolicy(
      capacity: capacity, timeToLive: timeToLive.map { UInt64($0.nanoseconds) })
  }

  /// What each operation of the run does, derived from the rates and the seed.
  var operations: OperationMix {
    OperationMix(
      invalidateRate: invalidateRate, cancelRate: cancelRate, writeRate: writeRate, seed: seed)
  }
  /// Latency distribution, failures, cancellation and pool limit of the fake fetcher.
  var fetcher = FetcherSettings()
  /// Open-loop arrival rate (`--rate`), or nil for closed-loop clients issuing back to back.
  var openLoop: OpenLoopSchedule? = nil

  /// The default variant list: every cache design (not the repository ones), each with decode inside
  /// and outside.
  static func defaultVariants(shards: Int) -> [Variant] {
    Variant.all(designs: CacheDesign.caches, placements: [.inside, .outside], shards: shards)
  }
}

/// When a variant's measured window stops issuing new requests.
enum StopCondition: Sendable, Equatable {
  /// After this many requests in total across all clients.
  case requests(Int)
  /// After this much wall time; requests in flight then are drained and counted.
  case duration(Duration)
}

/// The key distribution of a workload.
enum KeyDistributionKind: Sendable, Equatable {
  /// Every key equally likely.
  case uniform
  /// Key of rank r (0-based) drawn with probability proportional to 1 / (r + 1)^theta.
  case zipf(theta: Double)
  /// The first `hotShare` of the keys get `requestShare` of the requests (`HotspotKeys`).
  case hotspot(hotShare: Double, requestShare: Double)
}

/// The cache designs cachebench knows how to build.
enum CacheDesign: String, Sendable, CaseIterable {
  /// One actor: check, await the fetch, store. Overlapping misses each fetch.
  case naive
  /// One actor that records the in-flight fetch before suspending, so overlapping misses join it.
  case coalescing
  /// Several coalescing actors, the key picking one by a stable hash.
  case sharded
  /// The coalescing semantics over a `Mutex`-protected table, no actor.
  case mutex
  /// An actor in front of an entity store with revisions: generations keep stale loads out, writes
  /// carry an expected revision (`RepositoryActorCache`).
  case repository
  /// The same repository without generations or revision checks (`NaiveRepositoryCache`).
  case naiveRepository = "naive-repository"

  /// The cache designs, measured by default; the repository designs are chosen with `--variants`
  /// (or `--write-rate`).
  static let caches: [CacheDesign] = [.naive, .coalescing, .sharded, .mutex]
  /// The designs in front of an `EntityStore`, the only ones that take writes.
  static let repositories: [CacheDesign] = [.repository, .naiveRepository]

  /// Whether this design sits in front of an `EntityStore` and takes writes.
  var isRepository: Bool { Self.repositories.contains(self) }
}

/// Where the decode of a fetched payload runs.
enum DecodePlacement: String, Sendable, CaseIterable {
  /// In the cache while isolated (for `mutex`, while holding the lock), once per fetch; the decoded value is cached.
  case inside
  /// In the caller after it leaves the cache, off any actor, on every request.
  case outside
  /// No decode work at all.
  case noDecode = "none"
}

/// One measured configuration: a design with a decode placement (and a shard count for `sharded`).
struct Variant: Sendable, Equatable, CustomStringConvertible {
  var design: CacheDesign
  var decode: DecodePlacement
  /// Number of actors or tables the keys are spread over: 1 for every design but `sharded`.
  var shards: Int

  /// Every design crossed with every placement, in the order given.
  static func all(designs: [CacheDesign], placements: [DecodePlacement], shards: Int) -> [Variant] {
    designs.flatMap { design in
      placements.map { placement in
        Variant(design: design, decode: placement, shards: design == .sharded ? shards : 1)
      }
    }
  }

  /// The name used in tables and CSV, e.g. `sharded(8)`.
  var name: String {
    design == .sharded ? "sharded(\(shards))" : design.rawValue
  }

  var description: String { "\(name)/\(decode.rawValue)" }
}

extension Scenario {
  /// Refuses what the repository designs cannot honour: writes sent to a design without them, and a
  /// retention limit (`--capacity`, `--ttl`) for a repository design, which keeps every admitted entity.
  func checkRepositoryOptions() throws(OptionsError) {
    if writeRate > 0, let design = variants.first(where: { !$0.design.isRepository })?.design {
      throw .invalidValue(
        option: .writeRate, value: "\(writeRate)",
        reason:
          "\(design.rawValue) takes no writes; use --variants repository,naive-repository")
    }
    guard let design = variants.first(where: { $0.design.isRepository })?.design else { return }
    if capacity != nil {
      throw .conflictingOptions(OptionName.capacity.rawValue, "--variants \(design.rawValue)")
    }
    if timeToLive != nil {
      throw .conflictingOptions(OptionName.ttl.rawValue, "--variants \(design.rawValue)")
    }
  }
}
