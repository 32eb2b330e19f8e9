import Testing

@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The harness's own hits, joins and leaders (`FetchAttribution`) against the built-in designs' hooks:
/// each run measures a built-in design with its outcome hook stripped (`HookStrippedCache`), which keeps
/// the outcomes the design reported, so the harness's figures and the design's are of the same requests.
///
/// What is held: leaders always agree exactly; hits and joins agree exactly wherever the harness reports
/// them, and with one client (requests one at a time) it always reports them. With several clients a
/// request that overlapped another's fetch of its key cannot be told a hit or a join from outside, so the
/// harness may leave both n/a, but then it says how many such requests there were.
@Suite(.timeLimit(.minutes(5)))
struct OutcomeAttributionTests {
  /// A fault mix: what the fetcher and the clients do besides plain reads.
  struct Mix: Sendable, CustomStringConvertible {
    var description: String
    var failRate = 0.0
    var cancelRate = 0.0
    var invalidateRate = 0.0
    var writeRate = 0.0
    var ignoresCancellation = false
  }

  static let mixes = [
    Mix(description: "plain"),
    Mix(description: "failures", failRate: 0.2),
    Mix(description: "cancellations", cancelRate: 0.2),
    Mix(description: "cancellations ignored", cancelRate: 0.2, ignoresCancellation: true),
    Mix(description: "invalidations", invalidateRate: 0.2),
    Mix(description: "all", failRate: 0.1, cancelRate: 0.1, invalidateRate: 0.1, writeRate: 0.1),
  ]

  static let placements: [DecodePlacement] = [.noDecode, .inside, .outside]

  /// One window of `design` stripped of its hook, and the outcomes the design reported in it.
  static func run(
    _ design: CacheDesign, decode: DecodePlacement, mix: Mix, concurrency: Int,
    threads: Int? = nil, openLoop: OpenLoopSchedule? = nil, caller: ClientIsolation = .pool
  ) async throws -> (VariantResult, OutcomeTally) {
    let tallies = LatestTally()
    let result = try await measure(
      .hookStripped(design, tallies: tallies), decode: decode, mix: mix,
      concurrency: concurrency, threads: threads, openLoop: openLoop, caller: caller)
    return (result, try #require(tallies.tally))
  }

  /// One window of `design` as it is, hooks and all.
  static func measure(
    _ design: CacheDesign, decode: DecodePlacement, mix: Mix, concurrency: Int,
    threads: Int? = nil, openLoop: OpenLoopSchedule? = nil, caller: ClientIsolation = .pool
  ) async throws -> VariantResult {
    let scenario = Scenario(
      variants: [Variant(design: design, decode: decode, shards: design.isSharded ? 4 : 1)],
      keys: 12, distribution: .uniform, concurrency: concurrency, stop: .requests(240),
      warmupRequests: 24, fetchLatency: .microseconds(100), payloadBytes: 64,
      decodeCost: .microseconds(1), invalidateRate: mix.invalidateRate,
      cancelRate: mix.cancelRate, writeRate: design.takesWrites ? mix.writeRate : 0,
      fetcher: FetcherSettings(
        failRate: mix.failRate, ignoresCancellation: mix.ignoresCancellation),
      openLoop: openLoop, threads: threads, caller: caller)
    let log = DriverEventLog()
    let results = try await BenchmarkDriver(scenario: scenario, onEvent: log.record).run()
    #expect(!log.all.contains { if case .failed = $0 { true } else { false } }, "\(log.all)")
    return try #require(results.first)
  }

  /// The agreement every run must show, whatever its concurrency.
  static func expectAgreement(
    _ result: VariantResult, _ tally: OutcomeTally, _ context: String
  ) {
    let reported = tally.figures
    #expect(reported.unreported == 0, "\(context)")
    #expect(result.leadersReported, "\(context): \(result.outcomeAttribution?.note ?? "no note")")
    #expect(result.leaders == reported.leaders, "\(context)")
    if result.outcomesReported {
      #expect(result.hits == reported.hits, "\(context)")
      #expect(result.joins == reported.joins, "\(context)")
    } else {
      // Hits and joins are n/a only for a reason the result states: contended requests.
      let figures = result.outcomeAttribution?.figures ?? AttributionTotals()
      #expect(figures.contended > 0, "\(context)")
      #expect(result.unclassified == figures.hits + figures.contended, "\(context)")
      #expect(result.unclassified == reported.hits + reported.joins, "\(context)")
    }
  }

  @Test(arguments: CacheDesign.builtIn)
  func oneClientGetsEveryOutcomeExactlyAsTheDesignReportsItHookedOrStripped(design: CacheDesign)
    async throws
  {
    for decode in Self.placements {
      for mix in Self.mixes {
        let (result, tally) = try await Self.run(design, decode: decode, mix: mix, concurrency: 1)
        let context = "\(design) \(decode) \(mix)"
        #expect(
          result.outcomesReported, "\(context): \(result.outcomeAttribution?.note ?? "no note")")
        Self.expectAgreement(result, tally, context)
        // One client's window repeats exactly (the keys, operations and fetch fates are the seed's),
        // so the design measured again with its hook gives the same figures.
        let hooked = try await Self.measure(design, decode: decode, mix: mix, concurrency: 1)
        #expect(hooked.outcomeAttribution == nil, "\(context)")
        #expect(
          [hooked.hits, hooked.joins, hooked.leaders, hooked.errors, hooked.cancellations]
            == [result.hits, result.joins, result.leaders, result.errors, result.cancellations],
          "\(context)")
      }
    }
  }

  @Test(arguments: CacheDesign.builtIn)
  func eightClientsGetExactLeadersAndNeverAGuessedSplit(design: CacheDesign) async throws {
    for decode in Self.placements {
      for mix in Self.mixes {
        let (result, tally) = try await Self.run(design, decode: decode, mix: mix, concurrency: 8)
        Self.expectAgreement(result, tally, "\(design) \(decode) \(mix)")
      }
    }
  }

  @Test(arguments: [CacheDesign.coalescing, .naive])
  func dedicatedThreadsAndAnOpenLoopAreAttributedToo(design: CacheDesign) async throws {
    let mix = Self.mixes[5]
    let (threaded, threadedTally) = try await Self.run(
      design, decode: .outside, mix: mix, concurrency: 4, threads: 2)
    Self.expectAgreement(threaded, threadedTally, "\(design) threads")
    let (open, openTally) = try await Self.run(
      design, decode: .noDecode, mix: mix, concurrency: 4,
      openLoop: OpenLoopSchedule(rate: 20_000))
    Self.expectAgreement(open, openTally, "\(design) open loop")
  }

  /// Main-actor clients (`--caller main`) are attributed as pool clients are: one client gets every
  /// outcome exactly as the design reports it, two get exact leaders, on every fault mix.
  @Test(arguments: [CacheDesign.coalescing, .naive])
  func mainActorClientsAreAttributedAsPoolClientsAre(design: CacheDesign) async throws {
    for mix in Self.mixes {
      for concurrency in [1, 2] {
        let (result, tally) = try await Self.run(
          design, decode: .outside, mix: mix, concurrency: concurrency, caller: .main)
        let context = "\(design) main \(mix) c=\(concurrency)"
        if concurrency == 1 {
          #expect(
            result.outcomesReported,
            "\(context): \(result.outcomeAttribution?.note ?? "no note")")
        }
        Self.expectAgreement(result, tally, context)
      }
    }
  }

  @Test func aWindowIsAttributedUnlessItsWarmUpOrItsTraitsSayTheDesignReportsOutcomes() {
    let driver = BenchmarkDriver(scenario: Scenario(variants: []))
    var scenario = Scenario(variants: [])
    let user = CacheDesign.hookless()
    #expect(driver.attribution(after: .reported, design: user, scenario: scenario) == nil)
    #expect(driver.attribution(after: .unreported, design: user, scenario: scenario) != nil)
    #expect(driver.attribution(after: .notWarmedUp, design: user, scenario: scenario) != nil)
    // The trait decides only without a warm-up; with one, what the requests carried does.
    #expect(driver.attribution(after: .notWarmedUp, design: .coalescing, scenario: scenario) == nil)
    #expect(driver.attribution(after: .unreported, design: .coalescing, scenario: scenario) != nil)
    scenario.caller = .main
    #expect(driver.attribution(after: .unreported, design: user, scenario: scenario) != nil)
    #expect(driver.attribution(after: .reported, design: user, scenario: scenario) == nil)
  }
}
