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
    /// Whether the design's actor ran on an `InstrumentedExecutor` (its figures came from the jobs of
    /// an instrumented executor, and it is not `.lockIsolated`).
    var onInstrumentedExecutor = false
  }

  /// Below this share of its one-client hit throughput at 2 clients or at the core count, a design
  /// warns, when the reference kept at least twice the share it did (so the machine is not the cause).
  /// Measured (2-core Linux, Swift 6.3.1, `--decode none --latency 0ms`, all hits, 1 → 2 clients): the
  /// single coalescing actor 0.19 (4.80 → 0.92 M/s), the Mutex design 0.93, sharded(8) 1.07. On a loaded
  /// machine, where the two clients rarely run at once, the actor's hand-over costs nothing and the
  /// single actor scaled like the others (5.1 → 7.4 M/s at load 4): the check then passes, truthfully
  /// for that machine.
  static let hitScalingFloor = 0.5

  /// The client counts: 1, 2, the core count and 64; only those up to the core count are judged (64
  /// callers on a few cores measure the harness's task switching as much as the design).
  static func scalingClients(cores: Int) -> [Int] {
    Array(Set([1, 2, max(cores, 1), 64])).sorted()
  }

  static let scalingKeys = 64

  /// The scenario of one run: every request a hit on one of 64 warm keys, no fetch latency, no decode.
  func scalingScenario(_ design: CacheDesign, clients: Int) -> Scenario {
    Scenario(
      variants: [Variant(design: design, decode: .noDecode, shards: design.isSharded ? shards : 1)],
      keys: Self.scalingKeys, distribution: .uniform, concurrency: clients,
      stop: hitStop, warmupRequests: 4_000, fetchLatency: .zero,
      payloadBytes: 64, decodeCost: .zero, shards: design.isSharded ? shards : 1)
  }

  /// Hits a second of `design` with `clients` clients, and whether an instrumented executor or lock
  /// timed its isolation (`isolation_jobs`).
  func hitThroughput(_ design: CacheDesign, clients: Int) async throws -> (
    perSecond: Double, instrumented: Bool
  ) {
    let results = try await BenchmarkDriver(scenario: scalingScenario(design, clients: clients))
      .run()
    guard let result = results.first, result.errors == 0, result.requests > 0 else {
      throw CheckError(
        description: "the hit-throughput run of \(design.name) at \(clients) clients did not finish"
      )
    }
    return (result.throughput, result.isolationJobs != nil)
  }

  /// The hit-scaling check: at each client count the design, then the reference, `hitRounds` times
  /// over, so that a change in the machine's load between counts reaches both. Each keeps its highest
  /// rate: a loaded machine only takes time away from a run, so the best of a few short runs is the
  /// nearest to what the design can do (one 0.5 s run each, at load 12 with builds beside it, gave the
  /// Mutex design 3.48 → 2.42 M/s from 1 to 2 clients and a locked user cache a warning at 0.30×).
  func hitScaling(reference: CacheDesign?) async throws -> Outcome {
    let clients = Self.scalingClients(cores: HostInfo.onlineCores)
    let other = reference.flatMap { $0.name == design.name ? nil : $0 }
    var scaling = HitScaling(clients: clients, design: [], reference: other.map { _ in [] })
    let lockIsolated = design.traits.contains(.lockIsolated)
    for count in clients {
      var best = (design: 0.0, reference: 0.0)
      for _ in 0..<max(hitRounds, 1) {
        let measured = try await hitThroughput(design, clients: count)
        best.design = max(best.design, measured.perSecond)
        if measured.instrumented && !lockIsolated { scaling.onInstrumentedExecutor = true }
        if let other {
          best.reference = max(
            best.reference, try await hitThroughput(other, clients: count).perSecond)
        }
      }
      scaling.design.append(best.design)
      if other != nil { scaling.reference?.append(best.reference) }
    }
    return Self.judge(
      scaling, referenceName: other?.name, cores: HostInfo.onlineCores, lockIsolated: lockIsolated)
  }

  /// The verdict on measured hit throughputs: warn when, at 2 clients or at the core count, the design
  /// kept less than `hitScalingFloor` of its one-client rate and the reference (if any) kept at least
  /// twice the share the design did.
  static func judge(
    _ scaling: HitScaling, referenceName: String?, cores: Int, lockIsolated: Bool = false
  ) -> Outcome {
    let name = hitScalingCheck
    guard let single = scaling.design.first, single > 0 else {
      return Outcome(check: name, verdict: .warn, evidence: "no hit was measured at one client")
    }
    let referenceShares = scaling.reference.flatMap { rates -> [Double]? in
      guard let first = rates.first, first > 0 else { return nil }
      return rates.map { $0 / first }
    }
    var evidence =
      "hits a second: "
      + zip(scaling.clients, scaling.design).map { "\(rate($1)) at \($0)" }.joined(separator: ", ")
    if let reference = scaling.reference, let referenceName {
      evidence +=
        "; \(referenceName) "
        + zip(scaling.clients, reference).map { "\(rate($1)) at \($0)" }.joined(separator: ", ")
    }
    let judged = scaling.clients.indices.dropFirst().filter { scaling.clients[$0] <= max(cores, 2) }
    let collapse = judged.first { index in
      let share = scaling.design[index] / single
      guard share < hitScalingFloor else { return false }
      guard let referenceShares else { return true }
      return referenceShares[index] >= 2 * share
    }
    guard let collapse else {
      let worst = judged.map { scaling.design[$0] / single }.min() ?? 1
      return Outcome(
        check: name, verdict: .pass,
        evidence: evidence + ": up to \(max(cores, 2)) clients it kept at least \(fixed(worst))×"
          + " of one client's rate" + (scaling.onInstrumentedExecutor ? executorCaveat : ""))
    }
    let share = scaling.design[collapse] / single
    let held = referenceShares.map {
      "; \(referenceName ?? "the reference") kept \(fixed($0[collapse]))×"
    }
    return Outcome(
      check: name, verdict: .warn,
      evidence: evidence + ": at \(scaling.clients[collapse]) clients it kept \(fixed(share))× of"
        + " one client's rate" + (held ?? ""),
      fix: lockIsolated ? lockFix : actorFix)
  }

  /// What a pass on the instrumented executor does not show: the executor takes the runtime's fast path
  /// away from every call, so the collapse of a default actor's hand-over cannot happen on it.
  static let executorCaveat =
    "; but on the instrumented executor every call already goes through the thread pool, so the"
    + " hand-over collapse of a default actor cannot show here: check hit scaling with the actor on"
    + " its default executor (docs/instrumented-executor.md)"

  static let actorFix =
    "an actor serves one caller at a time and hands over between callers through the thread pool:"
    + " shard it, or serve hits outside the actor (a Mutex-guarded table) (docs/hot-actor.md)"

  /// For a design that declares `.lockIsolated`: its hits wait for one lock, not an actor's hand-over.
  static let lockFix =
    "every hit takes the one lock, so callers queue on it: hold it only to read the entry (copy or"
    + " retain the value under it, and decode after), or shard the table (docs/hot-actor.md)"

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
