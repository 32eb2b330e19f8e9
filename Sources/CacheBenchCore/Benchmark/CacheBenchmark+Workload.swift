extension CacheBenchmark {
  /// What a `CacheBenchmark` asks of the cache: the keys, the clients, the requests, and the remote
  /// behind the cache. The defaults are `cachebench run`'s, but for the decode, which is none.
  ///
  /// Clients are closed-loop tasks on Swift's global concurrent executor, each issuing its next request
  /// as its last one completes; they claim request indices from one counter, and request i always asks
  /// for the i-th key of the seeded sequence, so the keys asked for repeat on every run. With as many
  /// requests as clients, each client issues exactly one: that many overlapping callers.
  public struct Workload: Sendable {
    /// Number of distinct keys, `0..<keys`.
    public var keys: Int
    /// How request keys are drawn from them.
    public var distribution: KeyDistribution
    /// Client tasks issuing requests concurrently.
    public var concurrency: Int
    /// Requests in the measured window, across all clients.
    public var requests: Int
    /// Requests issued against a throwaway cache before the window, not counted; 0 for none.
    public var warmupRequests: Int
    /// Latency of every fetch of the simulated remote; unused when `fetcher` is set.
    public var fetchLatency: Duration
    /// Bytes of each payload the simulated remote returns.
    public var payloadBytes: Int
    /// Where the payload is decoded (`DecodePlacement`): none, inside the cache, outside it, ...
    public var decode: DecodePlacement
    /// CPU time one decode of a payload costs.
    public var decodeCost: Duration
    /// Shards of a design with the `.sharded` trait; other designs get 1.
    public var shards: Int
    /// Seed of the key sequence (and of the simulated remote's draws).
    public var seed: UInt64
    /// Makes the remote the cache fetches from, once per window, instead of the simulated one: a
    /// fetcher the test controls, for instance one that holds every fetch until the test releases it,
    /// so that the overlap behind `duplicateFetches` is forced rather than timed. Its fetches are
    /// counted at the fetcher as the simulated remote's are. Nil for the simulated remote.
    public var fetcher: (@Sendable () -> any Fetcher)?

    /// A workload; every parameter defaults to `cachebench run`'s value, the decode to none.
    public init(
      keys: Int = 10_000, distribution: KeyDistribution = .zipf(theta: 0.99),
      concurrency: Int = 64, requests: Int = 50_000, warmupRequests: Int = 2_000,
      fetchLatency: Duration = .milliseconds(1), payloadBytes: Int = 4_096,
      decode: DecodePlacement = .noDecode, decodeCost: Duration = .microseconds(20),
      shards: Int = 8, seed: UInt64 = 1, fetcher: (@Sendable () -> any Fetcher)? = nil
    ) {
      self.keys = keys
      self.distribution = distribution
      self.concurrency = concurrency
      self.requests = requests
      self.warmupRequests = warmupRequests
      self.fetchLatency = fetchLatency
      self.payloadBytes = payloadBytes
      self.decode = decode
      self.decodeCost = decodeCost
      self.shards = shards
      self.seed = seed
      self.fetcher = fetcher
    }
  }

  /// How a workload draws its request keys.
  public enum KeyDistribution: Sendable, Equatable {
    /// Every key equally likely.
    case uniform
    /// The key of rank r (from 0) with probability proportional to 1 / (r + 1)^theta.
    case zipf(theta: Double)
    /// The first `hotShare` of the keys get `requestShare` of the requests.
    case hotspot(hotShare: Double, requestShare: Double)
  }
}

extension CacheBenchmark.Workload {
  /// The driver's scenario for `design` under this workload, or why there is none.
  func scenario(for design: CacheDesign) throws(CacheBenchmarkError) -> Scenario {
    for (name, value) in [
      ("keys", keys), ("concurrency", concurrency), ("requests", requests), ("shards", shards),
    ] where value < 1 {
      throw .invalidWorkload("\(name) is \(value): must be at least 1")
    }
    for (name, value) in [("warmupRequests", warmupRequests), ("payloadBytes", payloadBytes)]
    where value < 0 {
      throw .invalidWorkload("\(name) is \(value): must be at least 0")
    }
    if fetchLatency < .zero || decodeCost < .zero {
      throw .invalidWorkload("fetchLatency and decodeCost must not be negative")
    }
    let variant = Variant(
      design: design, decode: decode, shards: design.isSharded ? shards : 1)
    guard variant.designHonoursPlacement else {
      throw .invalidWorkload(
        "design '\(design.name)' cannot run the decode '\(decode.rawValue)': it lacks the"
          + " .placesDecode trait")
    }
    return Scenario(
      variants: [variant], keys: keys, distribution: distribution.kind, seed: seed,
      concurrency: concurrency, stop: .requests(requests), warmupRequests: warmupRequests,
      fetchLatency: fetchLatency, payloadBytes: payloadBytes, decodeCost: decodeCost,
      shards: shards)
  }
}

extension CacheBenchmark.KeyDistribution {
  /// The driver's name for this distribution.
  var kind: KeyDistributionKind {
    switch self {
    case .uniform: .uniform
    case .zipf(let theta): .zipf(theta: theta)
    case .hotspot(let hotShare, let requestShare):
      .hotspot(hotShare: hotShare, requestShare: requestShare)
    }
  }
}
