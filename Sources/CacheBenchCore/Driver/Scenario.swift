/// Everything that defines one run: which cache designs to measure and the identical workload each one gets.
///
/// A scenario is a value; the driver builds a fresh cache and fetcher from it for every variant, so the
/// figures of all variants come from the same key sequence, latency and payload.
package struct Scenario: Sendable, Equatable {
  /// The cache designs measured, in order.
  package var variants: [Variant]
  /// Number of distinct keys, `0..<keys`.
  package var keys: Int = 10_000
  /// How request keys are drawn.
  package var distribution: KeyDistributionKind = .zipf(theta: 0.99)
  /// Seed of the key sequence; the same seed gives the same sequence of keys.
  package var seed: UInt64 = 1
  /// Number of closed-loop client tasks issuing requests back to back.
  package var concurrency: Int = 64
  /// When the measured window of each variant ends.
  package var stop: StopCondition = .requests(50_000)
  /// Requests issued against a separate cache instance before each window, not counted.
  package var warmupRequests: Int = 2_000
  /// Constant latency of the fake fetcher; the distribution's mean when `fetcher.latency` is set.
  package var fetchLatency: Duration = .milliseconds(1)
  /// Size of each fetched payload.
  package var payloadBytes: Int = 4_096
  /// CPU work per decode of one payload.
  package var decodeCost: Duration = .microseconds(20)
  /// Shard count used by the `sharded` design.
  package var shards: Int = 8
  /// Share of operations that invalidate their key instead of reading it, `0...1`.
  package var invalidateRate: Double = 0
  /// Share of reads whose caller is cancelled while waiting for a fetch, `0...1`.
  package var cancelRate: Double = 0
  /// When a marked read is cancelled (`--cancel-at`): once it waits, or in its own decode.
  package var cancelMoment: CancelMoment = .wait
  /// Chunks between the cancellation checks of a marked request's own decode (`--decode-checkpoint`);
  /// 0 for none. Applies only where requests are cancelled (`cancelRate > 0`).
  package var decodeCheckpoint: Int = 0
  /// Share of operations that write their key through a repository design, `0...1`.
  package var writeRate: Double = 0

  /// Most ready entries per cache, per shard when sharded (`--capacity`); nil for no limit.
  package var capacity: Int? = nil
  /// How long an admitted entry stays servable (`--ttl`); nil for no expiry.
  package var timeToLive: Duration? = nil

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
  package var fetcher = FetcherSettings()
  /// Open-loop arrival rate (`--rate`), or nil for closed-loop clients issuing back to back.
  package var openLoop: OpenLoopSchedule? = nil
  /// Threads the clients run on (`--threads`): each window starts an executor of this many threads of its
  /// own, which the client tasks prefer (`DedicatedThreadsExecutor` says what runs there), and joins them
  /// when it ends; nil for Swift's global concurrent executor.
  package var threads: Int? = nil
  /// Where the clients run (`--caller`): on the global executor, or isolated to the main actor.
  package var caller: ClientIsolation = .pool

  /// Every stored property, as the memberwise initializer takes them.
  package init(
    variants: [Variant], keys: Int = 10_000, distribution: KeyDistributionKind = .zipf(theta: 0.99),
    seed: UInt64 = 1, concurrency: Int = 64, stop: StopCondition = .requests(50_000),
    warmupRequests: Int = 2_000, fetchLatency: Duration = .milliseconds(1),
    payloadBytes: Int = 4_096, decodeCost: Duration = .microseconds(20), shards: Int = 8,
    invalidateRate: Double = 0, cancelRate: Double = 0, writeRate: Double = 0, capacity: Int? = nil,
    timeToLive: Duration? = nil, fetcher: FetcherSettings = FetcherSettings(),
    openLoop: OpenLoopSchedule? = nil, threads: Int? = nil, caller: ClientIsolation = .pool
  ) {
    self.variants = variants
    self.keys = keys
    self.distribution = distribution
    self.seed = seed
    self.concurrency = concurrency
    self.stop = stop
    self.warmupRequests = warmupRequests
    self.fetchLatency = fetchLatency
    self.payloadBytes = payloadBytes
    self.decodeCost = decodeCost
    self.shards = shards
    self.invalidateRate = invalidateRate
    self.cancelRate = cancelRate
    self.writeRate = writeRate
    self.capacity = capacity
    self.timeToLive = timeToLive
    self.fetcher = fetcher
    self.openLoop = openLoop
    self.threads = threads
    self.caller = caller
  }
}

/// What the clients of a window are isolated to (`--caller`).
package enum ClientIsolation: String, Sendable, CaseIterable {
  /// Nothing: client tasks on Swift's global concurrent executor (or `--threads`' threads), the way
  /// server code calls a cache. The default.
  case pool
  /// The main actor, the way a view model calls a cache: every client's loop, its nonisolated calls
  /// and a decode outside the cache run on the main thread, one job at a time, and a probe measures how
  /// long a main-actor job waits (`MainActorResponsiveness`).
  case main
}

/// When a variant's measured window stops issuing new requests.
package enum StopCondition: Sendable, Equatable {
  /// After this many requests in total across all clients.
  case requests(Int)
  /// After this much wall time; requests in flight then are drained and counted.
  case duration(Duration)
}

/// One measured configuration: a design with a decode placement (and a shard count for a sharded design).
package struct Variant: Sendable, Equatable, CustomStringConvertible {
  package var design: CacheDesign
  package var decode: DecodePlacement
  /// Number of actors or tables the keys are spread over: 1 for every design but `sharded`.
  package var shards: Int

  /// Every design crossed with every placement, in the order given.
  package static func all(designs: [CacheDesign], placements: [DecodePlacement], shards: Int)
    -> [Variant]
  {
    designs.flatMap { design in
      placements.map { placement in
        Variant(design: design, decode: placement, shards: design.isSharded ? shards : 1)
      }
    }
  }

  /// The name used in tables and CSV, e.g. `sharded(8)`.
  package var name: String {
    design.isSharded ? "\(design.name)(\(shards))" : design.name
  }

  package var description: String { "\(name)/\(decode.rawValue)" }

  /// Whether the design can run the decode where `decode` says: an awaited placement
  /// (`DecodePlacement.awaitsDecode`) needs a design with `DesignTraits.placesDecode`.
  package var designHonoursPlacement: Bool {
    !decode.awaitsDecode || design.traits.contains(.placesDecode)
  }

  /// Every stored property, as the memberwise initializer takes them.
  package init(design: CacheDesign, decode: DecodePlacement, shards: Int) {
    self.design = design
    self.decode = decode
    self.shards = shards
  }
}
