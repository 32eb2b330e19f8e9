import CacheBenchCore

/// The hit-throughput check: how a design's hits per second hold up as callers are added, against the
/// Mutex reference on the same machine at the same moment. Timed, unlike the other checks, so it warns
/// and never fails.
extension DesignCheck {
  /// Hit throughputs at each client count, the design's and the reference's.
  struct HitScaling: Sendable, Equatable {
    var clients: [Int]
    /// Requests a second, one per client count.
    var design: [Double]
    /// The reference's, or nil when the design is the reference or none is registered.
    var reference: [Double]?
  }

  /// Below this share of its one-client hit throughput at some client count, a design warns: the
  /// single coalescing actor measured 0.19 at 2 clients (4.80 → 0.92 M/s, 2-core Linux, Swift 6.3.1),
  /// the Mutex design 0.93 and sharded(8) 1.07 (`--decode none --latency 0ms`, all hits).
  static let hitScalingFloor = 0.5

  /// The client counts: 1, 2, the core count and 64.
  static func scalingClients(cores: Int) -> [Int] {
    Array(Set([1, 2, max(cores, 1), 64])).sorted()
  }

  static let scalingKeys = 64

  /// The scenario of one run: every request a hit on one of 64 warm keys, no fetch latency, no decode.
  func scalingScenario(_ design: CacheDesign, clients: Int) -> Scenario {
    Scenario(
      variants: [Variant(design: design, decode: .noDecode, shards: design.isSharded ? shards : 1)],
      keys: Self.scalingKeys, distribution: .uniform, concurrency: clients,
      stop: .requests(hitRequests), warmupRequests: 4_000, fetchLatency: .zero,
      payloadBytes: 64, decodeCost: .zero, shards: design.isSharded ? shards : 1)
  }

  /// Hits a second of `design` at each client count; nil at a count whose run failed.
  func hitThroughputs(_ design: CacheDesign, clients: [Int]) async throws -> [Double] {
    var throughputs: [Double] = []
    for count in clients {
      let results = try await BenchmarkDriver(scenario: scalingScenario(design, clients: count))
        .run()
      guard let result = results.first, result.errors == 0 else {
        throw CheckError(description: "the hit-throughput run at \(count) clients did not finish")
      }
      throughputs.append(result.throughput)
    }
    return throughputs
  }

  /// The hit-scaling check, the reference measured right after the design at each count.
  func hitScaling(reference: CacheDesign?) async throws -> Outcome {
    let clients = Self.scalingClients(cores: HostInfo.onlineCores)
    let measured = try await hitThroughputs(design, clients: clients)
    let other = reference.flatMap { $0.name == design.name ? nil : $0 }
    var referenceMeasured: [Double]?
    if let other { referenceMeasured = try await hitThroughputs(other, clients: clients) }
    return Self.judge(
      HitScaling(clients: clients, design: measured, reference: referenceMeasured),
      referenceName: other?.name)
  }

  /// The verdict on measured hit throughputs: warn when some client count fell below
  /// `hitScalingFloor` of one client's.
  static func judge(_ scaling: HitScaling, referenceName: String?) -> Outcome {
    let name = "hit-scaling"
    guard let single = scaling.design.first, single > 0 else {
      return Outcome(check: name, verdict: .warn, evidence: "no hit was measured at one client")
    }
    let shares = scaling.design.map { $0 / single }
    let worst = zip(scaling.clients, shares).dropFirst().min { $0.1 < $1.1 }
    let rates = zip(scaling.clients, scaling.design).map { "\(rate($1)) at \($0)" }
    var evidence = "hits a second: " + rates.joined(separator: ", ")
    if let reference = scaling.reference, let referenceName, let first = reference.first,
      first > 0
    {
      let held = reference.map { $0 / first }.dropFirst().min() ?? 1
      evidence +=
        "; \(referenceName) \(rate(first)) at 1, at least \(fixed(held))× of it at every count"
    }
    guard let worst, worst.1 < hitScalingFloor else {
      return Outcome(
        check: name, verdict: .pass,
        evidence: evidence + ": held at least \(fixed(worst?.1 ?? 1))× of one client's")
    }
    return Outcome(
      check: name, verdict: .warn,
      evidence: evidence + ": at \(worst.0) clients \(fixed(1 / worst.1))× lower than at one",
      fix: "an actor serves one caller at a time and hands over between callers through the thread"
        + " pool: shard it, or serve hits outside the actor (a Mutex-guarded table) (docs/hot-actor.md)"
    )
  }

  private static func rate(_ perSecond: Double) -> String {
    HumanUnits.throughput(perSecond)
  }

  private static func fixed(_ value: Double) -> String {
    DecimalText.fixed(value, fractionDigits: 2)
  }
}

/// A check that could not measure what it needed.
struct CheckError: Error, CustomStringConvertible {
  var description: String
}
