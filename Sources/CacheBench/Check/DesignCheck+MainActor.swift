import CacheBenchCore

/// The main-actor check: the design called from the main actor, as a view model calls a cache, with a
/// decode long enough to be a hitch (20 ms) inside the cache. The verdict rests on a count, not a time:
/// how many decodes the runtime found on the main actor (`VariantResult.decodesOnMainActor`). Each of
/// them held the main thread for the whole decode, so each is a hitch by construction. The probe's
/// figures (its longest wait and its waits over 16 ms) are given beside it, as what the machine showed.
extension DesignCheck {
  static let mainActorCheck = "main-actor"

  /// Main-actor callers, each looking up cold keys one after another.
  static let mainActorCallers = 8
  /// Lookups in all, each a miss (a uniform draw from 10,000 keys).
  static let mainActorRequests = 32
  /// The decode inside the cache: over the 16 ms of a hitch.
  static let mainActorDecodeCost = Duration.milliseconds(20)

  /// The run of `design`, with the decode work inside.
  func mainActorScenario(_ design: CacheDesign) -> Scenario {
    Scenario(
      variants: [Variant(design: design, decode: .inside, shards: design.isSharded ? shards : 1)],
      keys: 10_000, distribution: .uniform, concurrency: Self.mainActorCallers,
      stop: .requests(Self.mainActorRequests), warmupRequests: 0, fetchLatency: .milliseconds(1),
      payloadBytes: 4_096, decodeCost: Self.mainActorDecodeCost,
      shards: design.isSharded ? shards : 1, caller: .main)
  }

  /// The check: the design's run, then the same run of the coalescing design, whose decodes hold its
  /// own actor and nothing the main actor needs: the control for what the decode's CPU and the
  /// machine's load do to the main actor's waits.
  func mainActor() async throws -> Outcome {
    // A design that cannot be built says why here, as in the other checks, not as an empty run.
    _ = try makeCache(CheckFetcher())
    let control = design.name == CacheDesign.coalescing.name ? nil : CacheDesign.coalescing
    var results: [VariantResult] = []
    for measured in [design] + (control.map { [$0] } ?? []) {
      guard
        let result = try await BenchmarkDriver(scenario: mainActorScenario(measured)).run().first
      else {
        throw CheckError(description: "the main-actor run of \(measured.name) measured nothing")
      }
      results.append(result)
    }
    return try Self.judgeMainActor(results[0], control: results.dropFirst().first)
  }

  /// Hitches the design's run must show, with a wait of a decode's length, to be warned about when no
  /// decode ran on the main actor (and the control showed none).
  static let mainActorHitchFloor = 2

  /// The verdict on a main-actor run: a warning when a decode ran on the main actor (each is a hitch
  /// by construction), or when the main actor waited a decode's length at least twice though no decode
  /// ran on it, while beside it the coalescing design (`control`) gave it no hitch: something the main
  /// actor needed was held for the decode, a lock say. Also a warning when the design decoded
  /// nothing, so the check saw no work to place.
  static func judgeMainActor(_ result: VariantResult, control: VariantResult?) throws -> Outcome {
    let name = mainActorCheck
    let cost = HumanUnits.latency(mainActorDecodeCost)
    let setting =
      "\(mainActorCallers) main-actor callers, \(result.requests) cold lookups, a \(cost) decode"
      + " inside"
    let waits = MainActorWaits(result.mainActorResponsiveness)
    let controlWaits = MainActorWaits(control?.mainActorResponsiveness)
    guard let decodes = result.insideDecodes, decodes > 0 else {
      return Outcome(
        check: name, verdict: .warn,
        evidence: setting + ": the design decoded nothing, so the check saw no work to place"
          + waits.clause("; "))
    }
    guard let onMain = result.decodesOnMainActor else {
      throw CheckError(description: "the main-actor run did not count decodes on the main actor")
    }
    let seen =
      "\(setting): \(onMain) of \(decodes) decodes ran on the main actor" + waits.clause("; ")
    if onMain > 0 {
      return Outcome(
        check: name, verdict: .warn,
        evidence: seen + "; each held the main thread for its whole decode, a hitch",
        fix: "the design runs its decode on its caller's executor (a nonisolated lookup): decode in"
          + " the cache's own actor or a @concurrent function, so a main-actor caller only awaits it"
      )
    }
    let beside = controlWaits.clause("; beside it, the coalescing design's run: ")
    guard control != nil, controlWaits.sampled, waits.hitches >= mainActorHitchFloor,
      waits.longest >= UInt64(mainActorDecodeCost.nanoseconds), controlWaits.hitches == 0
    else {
      return Outcome(check: name, verdict: .pass, evidence: seen + beside)
    }
    return Outcome(
      check: name, verdict: .warn,
      evidence: seen + beside + ": main-actor jobs waited a decode's length though no decode ran on"
        + " the main actor",
      fix:
        "something the main actor needs is held for the decode, a lock held across it say: do not"
        + " hold a lock while decoding, or decode in an actor, so a main-actor caller only awaits it"
    )
  }
}

/// The main-actor probe's figures a verdict reads: its longest wait and its waits over 16 ms.
struct MainActorWaits {
  var longest: UInt64 = 0
  var hitches = 0
  var sampled = false

  init(_ figures: MainActorResponsiveness?) {
    guard let figures, !figures.delay.isEmpty else { return }
    (longest, hitches, sampled) = (figures.delay.max, figures.hitches, true)
  }

  /// `lead` then "the main actor's longest wait was 3.59ms, 0 over 16 ms"; nothing without samples.
  func clause(_ lead: String) -> String {
    guard sampled else { return "" }
    let wait = HumanUnits.latency(.nanoseconds(Int64(clamping: longest)))
    return lead + "the main actor's longest wait was \(wait), \(hitches) over 16 ms"
  }
}
