import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// What stderr, the CSV and the JSON say when a design ignores what the run asked: each statement from
/// counts the harness measured, on caches written the way a user writes them (no hooks, their own
/// adapter), and never for a design that did what was asked.
@Suite(.timeLimit(.minutes(2)))
struct IgnoredOptionsTests {
  /// A small run of `designs`: zero fetch latency, no warm-up, 40 uniform keys, 200 operations.
  private static func scenario(
    _ designs: [CacheDesign], cancelRate: Double = 0, invalidateRate: Double = 0
  ) -> Scenario {
    var scenario = Scenario(
      variants: Variant.all(designs: designs, placements: [.noDecode], shards: 2), keys: 40,
      distribution: .uniform, concurrency: 4, stop: .requests(200), warmupRequests: 0,
      fetchLatency: .zero, payloadBytes: 16, decodeCost: .zero)
    scenario.cancelRate = cancelRate
    scenario.invalidateRate = invalidateRate
    return scenario
  }

  private static func measure(_ scenario: Scenario) async throws -> [VariantResult] {
    let results = try await BenchmarkDriver(scenario: scenario).run()
    #expect(results.count == scenario.variants.count)
    return results
  }

  @Test func aUserCacheThatNeverCallsWaitBeginsIsToldItIgnoresTheCancelRate() async throws {
    let scenario = Self.scenario([.userDictionary(invalidates: true)], cancelRate: 0.5)
    let result = try #require(try await Self.measure(scenario).first)
    let reach = try #require(result.cancellationReach)
    #expect(reach.marked > 0)
    #expect(reach.reachedDesign == 0)
    // Every key's first read misses, and half the reads are marked.
    #expect(reach.fetchesOfMarkedReads > 0)
    #expect(result.cancellations == 0)
    #expect(
      result.ignoredOptionNotes == [
        "called WaitCancellation.waitBegins() in none of the \(reach.marked) reads --cancel-rate"
          + " marked, though \(reach.fetchesOfMarkedReads) fetches began in their tasks:"
          + " --cancel-at wait cancels a waiting read only through that hook (docs/hooks.md), so"
          + " none of them was cancelled while it waited; `cachebench check` tests cancellation"
          + " without it"
      ])
    #expect(result.designNotes(failRate: 0).starts(with: result.ignoredOptionNotes))
    #expect(result.ignoredOptions == ["cancel_rate"])
  }

  @Test func aUserCacheThatServesACancelledReadIsToldItCountsAsServed() async throws {
    let scenario = Self.scenario([.servingCancelled], cancelRate: 0.5)
    let result = try #require(try await Self.measure(scenario).first)
    let reach = try #require(result.cancellationReach)
    #expect(reach.reachedDesign > 0)
    #expect(reach.servedAfterCancellation == reach.reachedDesign)
    #expect(result.cancellations == 0)
    #expect(
      result.ignoredOptionNotes == [
        "\(reach.reachedDesign) of the \(reach.reachedDesign) reads --cancel-rate cancelled once"
          + " they waited returned a value instead of throwing CancellationError: they count as"
          + " served, not as cancellations"
      ])
    #expect(result.designNotes(failRate: 0).starts(with: result.ignoredOptionNotes))
    #expect(result.ignoredOptions == ["cancel_rate"])
  }

  @Test func aUserCacheWhoseInvalidateIsEmptyIsToldItIgnoresTheInvalidateRate() async throws {
    let scenario = Self.scenario([.userDictionary(invalidates: false)], invalidateRate: 0.2)
    let result = try #require(try await Self.measure(scenario).first)
    #expect(result.invalidations > 0)
    let key = KeySequence(
      distribution: scenario.distribution, keys: scenario.keys, seed: scenario.seed
    ).key(at: 0)
    #expect(result.invalidationCheck == InvalidationCheck(key: key, refetched: false))
    // Exact text from the notes of ignored options; the whole stderr list may also say a client
    // starved on a loaded machine.
    #expect(
      result.ignoredOptionNotes == [
        "invalidate(\(key)) left the entry in place: after the window, a read of key \(key) that"
          + " fetched nothing, invalidate(\(key)), then a read that fetched nothing either; the"
          + " design ignores --invalidate-rate, so the window's \(result.invalidations)"
          + " invalidations may have removed nothing"
      ])
    #expect(result.designNotes(failRate: 0).starts(with: result.ignoredOptionNotes))
    #expect(result.ignoredOptions == ["invalidate_rate"])
  }

  @Test func aUserCacheWhoseInvalidateRemovesTheEntryIsToldNothing() async throws {
    let scenario = Self.scenario([.userDictionary(invalidates: true)], invalidateRate: 0.2)
    let result = try #require(try await Self.measure(scenario).first)
    #expect(result.invalidationCheck?.refetched == true)
    #expect(result.cancellationReach == nil)
    #expect(result.ignoredOptionNotes == [])
    #expect(result.ignoredOptions == [])
  }

  /// Every built-in design calls `waitBegins()`, throws for a cancelled waiter and removes an entry
  /// it is asked to invalidate: none is told it ignored either rate. Other notes (a starved client on
  /// a loaded machine) may appear.
  @Test func noBuiltInDesignIsToldItIgnoresTheCancelOrInvalidateRate() async throws {
    let designs = CacheDesign.builtIn.filter { !$0.takesWrites }
    let scenario = Self.scenario(designs, cancelRate: 0.3, invalidateRate: 0.1)
    for result in try await Self.measure(scenario) {
      #expect(result.ignoredOptions == [], "\(result.variant)")
      #expect(result.invalidationCheck?.refetched == true, "\(result.variant)")
      let notes = result.designNotes(failRate: 0)
      #expect(!notes.contains { $0.contains("--cancel-rate") }, "\(result.variant): \(notes)")
      #expect(!notes.contains { $0.contains("invalidate") }, "\(result.variant): \(notes)")
    }
  }

  /// A fault mix where every fetch fails owes no decode, so no design is marked for `--decode`.
  @Test func everyFetchFailingMarksNoBuiltInDesignForItsDecode() async throws {
    var scenario = Self.scenario(CacheDesign.builtIn.filter { !$0.takesWrites })
    scenario.variants = Variant.all(
      designs: CacheDesign.builtIn.filter { !$0.takesWrites }, placements: [.inside], shards: 2)
    scenario.fetcher.failRate = 1
    for result in try await Self.measure(scenario) {
      #expect(result.ignoredOptions == [], "\(result.variant)")
    }
  }

  @Test(arguments: [
    (CancellationReach.Figures(marked: 10, reachedDesign: 0, fetchesOfMarkedReads: 0), false),
    (CancellationReach.Figures(marked: 10, reachedDesign: 0, fetchesOfMarkedReads: 3), true),
    (CancellationReach.Figures(marked: 10, reachedDesign: 4, fetchesOfMarkedReads: 3), false),
    (CancellationReach.Figures(marked: 0, reachedDesign: 0, fetchesOfMarkedReads: 0), false),
  ])
  func onlyAMarkedReadThatFetchedMakesANeverCalledWaitBeginsAnAccusation(
    reach: CancellationReach.Figures, accused: Bool
  ) {
    var result = OutputFixtures.naiveInside
    result.insideDecodes = nil
    result.cancellationReach = reach
    #expect(result.cancellationNeverReachedDesign == accused)
    #expect(result.ignoredOptions == (accused ? ["cancel_rate"] : []))
  }
}

/// The `ignored_options` field through every file `compare` reads: the CSV and the JSON result carry
/// it as words, the readers read past it, and a baseline leaves it out.
struct IgnoredOptionsFieldTests {
  private static func record() -> RunRecord {
    var ignoring = OutputFixtures.naiveInside
    ignoring.insideDecodes = 0
    ignoring.succeededFetches = 12
    ignoring.cancellationReach = CancellationReach.Figures(
      marked: 5, reachedDesign: 0, fetchesOfMarkedReads: 2)
    var honouring = OutputFixtures.naiveInside
    honouring.variant = Variant(design: .mutex, decode: .noDecode, shards: 1)
    honouring.insideDecodes = nil
    return RunRecord(
      results: [ignoring, honouring], scenario: OutputFixtures.scenario,
      metadata: OutputFixtures.metadata)
  }

  @Test func theCSVAndTheJSONResultNameTheIgnoredOptionsAndEveryReaderReadsPastThem() throws {
    let record = Self.record()
    let csv = CSVWriter.render(record)
    let table = try CSVTable.parse(csv)
    // Appended after the columns that were there before it (later columns follow it).
    #expect(
      table.header.firstIndex(of: "ignored_options")
        == table.header.firstIndex(of: "hit_ratio").map { $0 - 1 })
    let marks = table.rows.map { table.value("ignored_options", in: $0) }
    #expect(marks == ["decode;cancel_rate", ""])
    let json = try JSONWriter.render(record)
    #expect(json.contains("\"ignored_options\": \"decode;cancel_rate\""))
    #expect(json.contains("\"ignored_options\": null"))
    let texts = [csv, json, ResultDocument(kind: .baseline, record: record).json.rendered()]
    for (text, name) in zip(texts, ["run.csv", "run.json", "base.json"]) {
      let document = try ResultDocument.parse(text, path: name)
      #expect(document.variants.count == 2, "\(name)")
      for variant in document.variants {
        #expect(!variant.metrics.contains { $0.name == "ignored_options" }, "\(name)")
      }
    }
    let baseline = ResultDocument(kind: .baseline, record: record)
    let comparison = try Comparison(
      baseline: baseline, baselineName: "base",
      current: try ResultDocument.parse(csv, path: "run.csv"), currentName: "run.csv",
      thresholds: GateThresholds())
    #expect(comparison.passed, "\(comparison.failures)")
  }

  @Test func aVariantIsMarkedWhenAnyOfItsRepetitionsIgnoredAnOption() {
    var ignoring = OutputFixtures.naiveInside
    ignoring.insideDecodes = 0
    ignoring.succeededFetches = 12
    var honouring = ignoring
    honouring.insideDecodes = 12
    honouring.repetition = 1
    let repetitions = VariantRepetitions([honouring, ignoring])
    #expect(CSVWriter.ignoredOptions(of: repetitions) == "decode")
  }
}

/// A user's actor cache written as an app writes one: a dictionary, a fetch on a miss, no hooks, and
/// an `invalidate` that removes the entry or, as a cache that never needed one, does nothing.
private actor UserDictionaryCache: Cache {
  private let fetcher: any Fetcher
  private let invalidates: Bool
  private var entries: [Int: Payload] = [:]

  init(fetcher: any Fetcher, invalidates: Bool) {
    self.fetcher = fetcher
    self.invalidates = invalidates
  }

  func lookup(_ key: Int) async throws -> CacheLookup {
    if let payload = entries[key] { return CacheLookup(value: CachedValue(payload: payload)) }
    let payload = try await fetcher.fetch(key)
    entries[key] = payload
    return CacheLookup(value: CachedValue(payload: payload))
  }

  func invalidate(_ key: Int) {
    if invalidates { entries[key] = nil }
  }
}

/// A user's cache that calls `WaitCancellation.waitBegins()` on a miss but then fetches in a task of
/// its own, which the caller's cancellation does not reach, and answers the cancelled caller anyway.
private struct ServingCancelledCache: Cache {
  let fetcher: any Fetcher

  func lookup(_ key: Int) async throws -> CacheLookup {
    WaitCancellation.waitBegins()
    let fetcher = fetcher
    let payload = try await Task { try await fetcher.fetch(key) }.value
    return CacheLookup(value: CachedValue(payload: payload))
  }

  func invalidate(_ key: Int) async {}
}

extension CacheDesign {
  fileprivate static func userDictionary(invalidates: Bool) -> CacheDesign {
    CacheDesign(name: "user-dictionary", summary: "a user's dictionary actor") {
      UserDictionaryCache(fetcher: $0.fetcher, invalidates: invalidates)
    }
  }

  fileprivate static let servingCancelled = CacheDesign(
    name: "serving-cancelled", summary: "answers a cancelled caller"
  ) { ServingCancelledCache(fetcher: $0.fetcher) }
}
