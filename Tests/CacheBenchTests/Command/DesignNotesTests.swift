import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// What stderr says about a design's decodes: only a fetch that returned its payload to a waiting
/// caller owes a decode, so failed and cancelled fetches never make a design look as if it ignored
/// `--decode inside`.
@Suite(.timeLimit(.minutes(2)))
struct DesignNotesTests {
  @Test func everyFetchFailingOwesNoDecodeSoNoBuiltInDesignIsToldItIgnoresDecodeInside()
    async throws
  {
    var scenario = Scenario(
      variants: Variant.all(designs: CacheDesign.builtIn, placements: [.inside], shards: 2))
    scenario.keys = 40
    scenario.concurrency = 8
    scenario.stop = .requests(200)
    scenario.warmupRequests = 0
    scenario.fetchLatency = .zero
    scenario.decodeCost = .zero
    scenario.fetcher.failRate = 1
    let results = try await BenchmarkDriver(scenario: scenario).run()
    #expect(results.count == scenario.variants.count)
    for result in results {
      #expect(result.fetches > 0, "\(result.variant)")
      #expect(result.succeededFetches == 0, "\(result.variant)")
      #expect(result.insideDecodes == 0, "\(result.variant)")
      // Other notes (a starved client on a loaded machine) may appear; the decode note must not.
      let notes = result.designNotes(failRate: 1)
      #expect(!notes.contains { $0.contains("--decode") }, "\(result.variant): \(notes)")
    }
  }

  /// Ctrl-C with `--ignore-cancellation`: the callers are cancelled while their fetches run on, the
  /// fetches return their payloads anyway, and the naive cache rightly throws `CancellationError`
  /// without decoding them. Here the caller is cancelled before it calls, so which comes first is
  /// not left to timing.
  @Test func aFetchWhoseCallerWasCancelledOwesNoDecode() async throws {
    let ledger = FetchLedger()
    let fetcher = SimulatedFetcher(
      draws: FetchDraws(latency: .constant(.milliseconds(1)), failRate: 0, seed: 1),
      payloadBytes: 16, ledger: ledger, ignoresCancellation: true)
    let decodes = DecodeCounter()
    let decoder = PayloadDecoder(steps: 1, counter: decodes)
    let cache = NaiveActorCache(fetcher: fetcher, decoder: decoder)
    let caller = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await cache.lookup(7)
    }
    await #expect(throws: CancellationError.self) { try await caller.value }
    #expect(ledger.totals.fetches == 1)
    #expect(ledger.totals.succeededFetches == 0)
    #expect(decodes.total == 0)

    var result = OutputFixtures.naiveInside
    result.fetches = ledger.totals.fetches
    result.succeededFetches = ledger.totals.succeededFetches
    result.insideDecodes = decodes.total
    #expect(result.designNotes(failRate: 0) == [])
  }

  @Test(arguments: [
    (
      0, 24,
      [
        "decoded nothing inside the cache for 24 fetches: the design ignores --decode inside, so"
          + " this variant measured no decode work"
      ]
    ),
    (0, 0, []),
    (20, 20, []),
  ])
  func theIgnoredDecodeNoteCountsOnlySucceededFetches(
    decodes: Int, succeeded: Int, notes: [String]
  ) {
    var result = OutputFixtures.naiveInside
    result.fetches = 24
    result.succeededFetches = succeeded
    result.insideDecodes = decodes
    #expect(result.designNotes(failRate: 0.5) == notes)
  }
}
