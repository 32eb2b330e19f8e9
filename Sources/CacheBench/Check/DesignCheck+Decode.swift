import CacheBenchCore

/// Where a design's decodes ran: for each placement in which the cache decodes (`inside`, and for a
/// design with `DesignTraits.placesDecode` the four awaited ones), a cache of its own decodes a few
/// fetched payloads, and the decoder asks the concurrency runtime at each decode whether it runs on an
/// actor's executor (`CurrentExecutor.isActor`), as a run's `decode_on_actor_share` does. Not timed.
extension DesignCheck {
  static let decodePlacementCheck = "decode-placement"

  /// Cold keys looked up once each, at every placement.
  static let decodedKeys = 4

  /// Where the decodes of one placement ran.
  struct PlacementDecodes: Sendable, Equatable {
    var placement: DecodePlacement
    /// Lookups that returned a value (each fetched its key once, so each owes one decode).
    var served: Int
    var decodes: Int
    var onActor: Int
  }

  /// The placements in which `design` decodes inside the cache.
  static func cachePlacements(_ design: CacheDesign) -> [DecodePlacement] {
    design.traits.contains(.placesDecode)
      ? DecodePlacement.allCases.filter(\.decodesInCache) : [.inside]
  }

  /// One placement's decodes: `decodedKeys` callers of distinct cold keys, their fetches released at
  /// once, then the counter read. Nil when a caller did not return.
  func decodes(at placement: DecodePlacement) async throws -> PlacementDecodes? {
    let fetcher = CheckFetcher()
    let counter = DecodeCounter()
    let cache = try design.makeCache(
      CacheEnvironment(
        fetcher: fetcher, decodePlacement: placement,
        decoder: .counting(steps: 256, placement: placement, by: counter), keys: 64,
        shards: design.isSharded ? shards : 1))
    let keys = (0..<Self.decodedKeys).map { 20 + $0 }
    let callers = keys.map { caller(cache, $0) }
    await Settling.settle(fetcher, atLeast: keys.count, quiet: quiet, patience: patience)
    for key in keys { fetcher.release(key: key) }
    guard let answers = await answers(callers) else { return nil }
    return PlacementDecodes(
      placement: placement, served: answers.filter(\.isValue).count, decodes: counter.total,
      onActor: counter.onActor)
  }

  /// The decode-placement check: where each placement's decodes ran, against what its name promises.
  func decodePlacement() async throws -> Outcome {
    var seen: [PlacementDecodes] = []
    for placement in Self.cachePlacements(design) {
      guard let decodes = try await decodes(at: placement) else {
        return hung(Self.decodePlacementCheck, "a caller")
      }
      seen.append(decodes)
    }
    return Self.judgeDecodes(seen)
  }

  /// The verdict on where the decodes ran: a warning for a placement the design did not decode in (it
  /// ignores that `--decode`) and for a decode that ran where its placement's name says it does not;
  /// otherwise a pass, which still says when a decode held an actor, since that is where callers
  /// queue behind it.
  static func judgeDecodes(_ seen: [PlacementDecodes]) -> Outcome {
    let name = decodePlacementCheck
    let evidence = seen.map { "\($0.placement.rawValue) \($0.onActor) of \($0.decodes)" }
      .joined(separator: ", ")
    let summary = "decodes that ran on an actor's executor: " + evidence
    let ignored = seen.filter { $0.served > 0 && $0.decodes == 0 }
    if !ignored.isEmpty {
      let names = listed(ignored.map { "--decode \($0.placement.rawValue)" })
      return Outcome(
        check: name, verdict: .warn,
        evidence: "asked \(names), the design decoded nothing for \(ignored[0].served) fetched"
          + " values, so its figures at that placement measure no decode work; " + summary,
        fix: "decode with the environment's decoder inside the cache (CacheEnvironment.decoder), or"
          + " run the design with --decode outside or none (docs/decode.md)")
    }
    // Where the language puts each awaited placement (SE-0461, SE-0420): nonsending and task stay on
    // the caller's actor, concurrent and detached leave it. Inside is where the design decodes.
    let misplaced = seen.filter { decodes in
      switch decodes.placement {
      case .concurrent, .detached: decodes.onActor > 0
      case .nonsending, .task:
        decodes.onActor < decodes.decodes
          && seen.first { $0.placement == .inside }?.onActor ?? 0 > 0
      default: false
      }
    }
    if !misplaced.isEmpty {
      return Outcome(
        check: name, verdict: .warn,
        evidence: listed(misplaced.map(\.placement.rawValue))
          + " ran where the placement's name says it does not; " + summary,
        fix: "await the decode through PayloadDecoder.decodeAsPlaced from the cache's actor")
    }
    let held = seen.filter { $0.onActor > 0 }.map(\.placement.rawValue)
    let note =
      held.isEmpty
      ? "; none ran on an actor (a decode under a lock holds the lock instead, which the check does"
        + " not see)"
      : "; \(listed(held)) held an actor for each decode, so that actor's other callers queue behind it"
        + " (docs/decode.md)"
    return Outcome(check: name, verdict: .pass, evidence: summary + note)
  }

  /// "a", "a and b", "a, b and c".
  static func listed(_ names: [String]) -> String {
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
  }
}
