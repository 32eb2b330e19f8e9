import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The driver measuring designs the way a user writes them: without the optional hooks, or with bugs
/// the harness must catch (errors, answers for another key, a decoder ignored, a factory that throws).
@Suite(.timeLimit(.minutes(2)))
struct BenchmarkDriverUserDesignTests {
  static let requests = 24

  /// A small run of `designs` with zero fetch latency, no warm-up unless asked, over 10 uniform keys.
  static func scenario(
    _ designs: [CacheDesign], decode: DecodePlacement = .noDecode, concurrency: Int = 2,
    warmup: Int = 0
  ) -> Scenario {
    Scenario(
      variants: Variant.all(designs: designs, placements: [decode], shards: 1), keys: 10,
      distribution: .uniform, concurrency: concurrency, stop: .requests(requests),
      warmupRequests: warmup, fetchLatency: .zero, payloadBytes: 16, decodeCost: .zero)
  }

  /// The one result of a run of `design`.
  private func measure(
    _ design: CacheDesign, decode: DecodePlacement = .noDecode, concurrency: Int = 2
  ) async throws -> VariantResult {
    let log = DriverEventLog()
    let driver = BenchmarkDriver(
      scenario: Self.scenario([design], decode: decode, concurrency: concurrency),
      onEvent: log.record)
    let results = try await driver.run()
    #expect(!log.all.contains { if case .failed = $0 { true } else { false } }, "\(log.all)")
    return try #require(results.first)
  }

  /// The fields of `result`'s CSV record, by column name.
  private func csvFields(of result: VariantResult, in scenario: Scenario) throws -> [String: String]
  {
    let text = CSVWriter.render(
      results: [result], scenario: scenario, metadata: OutputFixtures.metadata)
    let table = try CSVTable.parse(text)
    let row = try #require(table.rows.first)
    #expect(table.rows.count == 1)
    return Dictionary(uniqueKeysWithValues: zip(table.header, row))
  }

  static let outcomeColumns = ["hits", "joins", "leaders"]
  static let isolationColumns = ["actor_wait", "actor_service"].flatMap { figure in
    ["p50", "p99", "p999", "max"].map { "\(figure)_\($0)_ns" }
  }

  @Test func aCacheWithoutHooksGetsItsOutcomesFromTheHarnessAndStaysUntimed() async throws {
    let result = try await measure(.hookless())
    #expect(result.requests == Self.requests)
    // It fetches on every lookup, so the harness finds every request the leader of its own fetch.
    #expect(result.unclassified == 0)
    #expect(result.untimed == Self.requests)
    #expect([result.hits, result.joins, result.leaders] == [0, 0, Self.requests])
    #expect([result.errors, result.cancellations, result.wrongKeyAnswers] == [0, 0, 0])
    #expect(result.fetches == Self.requests)
    #expect(result.actorWait.totalCount == 0)
    #expect(result.outcomesReported)
    #expect(!result.isolationTimed)
    #expect(result.firstErrorDescription == nil)
    #expect(result.insideDecodes == nil)
    // Reporting no hook at all is a design's choice its columns show; only partial reports get a note.
    #expect(result.designNotes(failRate: 0) == [])
  }

  @Test func theCSVRowOfACacheWithoutHooksHasTheHarnessOutcomesAndNoIsolationFigures() async throws
  {
    let result = try await measure(.hookless())
    let fields = try csvFields(of: result, in: Self.scenario([.hookless()]))
    #expect(Self.outcomeColumns.map { fields[$0] } == ["0", "0", "24"])
    for column in Self.isolationColumns {
      #expect(fields[column] == "n/a", "\(column)")
    }
    #expect(fields["variant"] == "hookless")
    #expect(fields["design"] == "hookless")
    #expect(fields["requests"] == "24")
    #expect(fields["errors"] == "0")
    #expect(fields["cancellations"] == "0")
    #expect(fields["fetches"] == "24")
    #expect(fields["interrupted"] == "false")
    #expect(fields["undrained_clients"] == "0")
  }

  @Test func theJSONAndTheTableOfACacheWithoutHooksSayItsIsolationIsUnknown() async throws {
    let result = try await measure(.hookless())
    let document = JSONWriter.document(
      results: [result], scenario: Self.scenario([.hookless()]), metadata: OutputFixtures.metadata)
    let metrics = try #require(document.variants.first?.metrics)
    #expect(Self.outcomeColumns.map { metrics[$0] } == [.number(0), .number(0), .number(24)])
    for column in Self.isolationColumns {
      #expect(metrics[column] == .null, "\(column)")
    }
    #expect(metrics["requests"] == .number(24))
    let table = ResultTable(columns: TableWriter.columns, results: [result])
    for header in ["hits", "joins"] {
      let column = try #require(table.headers.firstIndex(of: header))
      #expect(table.rows.first?[column].text == "0", "\(header)")
    }
    let contention = ContentionTableWriter.render([result], calibration: nil)
    let row = try #require(contention.split(separator: "\n").first { $0.hasPrefix("hookless") })
    // Two wait, two busy and two service figures and the utilisation; with no decode, the on-actor
    // share; with no calibration, the hit path and its ratio too. The scheduling delay (cells 6 and 7)
    // is the harness's own probe, sampled once a millisecond: a window shorter than that (under a
    // sanitizer, say) has no sample either.
    let cells = row.split(separator: " ")
    #expect(cells.count == 14, "\(row)")
    for index in [2, 3, 4, 5, 8, 9, 10, 11, 12, 13] where index < cells.count {
      #expect(cells[index] == "n/a", "cell \(index) of \(row)")
    }
  }

  @Test func theCSVRowOfACacheWithHooksHasNoNotAvailableOutcomeOrIsolationField() async throws {
    let design = CacheDesign.coalescing
    let result = try await measure(design)
    let fields = try csvFields(of: result, in: Self.scenario([design]))
    for column in Self.outcomeColumns + Self.isolationColumns {
      #expect(fields[column] != "n/a", "\(column)")
      #expect(fields[column]?.isEmpty == false, "\(column)")
    }
    #expect(result.unclassified == 0)
    #expect(result.untimed == 0)
  }

  @Test func aCacheThatReportsHooksForSomeRequestsGetsTheRestFromTheHarnessAndATimingNote()
    async throws
  {
    let keys = KeySequence(distribution: .uniform, keys: 10, seed: 1)
    let reported = (0..<Self.requests).filter { keys.key(at: $0).isMultiple(of: 2) }.count
    try #require(reported > 0 && reported < Self.requests)
    let result = try await measure(.evenKeysReporting)
    // The design's own leaders, and the harness's for the odd keys: every lookup fetches.
    #expect(result.leaders == Self.requests)
    #expect(result.unclassified == 0)
    #expect(result.untimed == Self.requests - reported)
    #expect(result.actorWait.totalCount == reported)
    #expect(
      result.designNotes(failRate: 0) == [
        "the design timed its isolation for \(reported) of 24 served requests; actor_wait and"
          + " actor_service read n/a"
      ])
    let fields = try csvFields(of: result, in: Self.scenario([.evenKeysReporting]))
    #expect(Self.outcomeColumns.map { fields[$0] } == ["0", "0", "24"])
    for column in Self.isolationColumns {
      #expect(fields[column] == "n/a", "\(column)")
    }
  }

  @Test func aCacheThatAlwaysThrowsCountsEveryRequestAsAnErrorAndSaysSo() async throws {
    let result = try await measure(.refusing)
    #expect(result.requests == Self.requests)
    #expect(result.errors == Self.requests)
    #expect(result.cancellations == 0)
    #expect(result.unclassified == 0)
    #expect(result.wrongKeyAnswers == 0)
    #expect(result.fetches == 0)
    #expect(result.firstErrorDescription == "the test cache refuses every request")
    #expect(
      result.designNotes(failRate: 0) == [
        "24 requests failed though the fetcher injected no failure; first: the test cache"
          + " refuses every request"
      ])
    // With failure injection, errors are expected and say nothing about the design.
    #expect(result.designNotes(failRate: 0.5) == [])
  }

  @Test func anAnswerForAnotherKeyCountsAsAWrongKeyErrorNamingTheFirst() async throws {
    let first = KeySequence(distribution: .uniform, keys: 10, seed: 1).key(at: 0)
    // One client, so the first error recorded is request 0's.
    let result = try await measure(.nextKey, concurrency: 1)
    #expect(result.requests == Self.requests)
    #expect(result.wrongKeyAnswers == Self.requests)
    #expect(result.errors == Self.requests)
    #expect(result.fetches == Self.requests)
    #expect(result.unclassified == 0)
    let description = "asked for key \(first), the cache answered the value of key \(first + 1)"
    #expect(result.firstErrorDescription == description)
    let note =
      "24 answers were the value of another key than the one asked for (counted as errors);"
      + " first: \(description)"
    #expect(result.designNotes(failRate: 0) == [note])
    #expect(result.designNotes(failRate: 0.5) == [note])
  }

  @Test(arguments: [
    (
      0,
      [
        "decoded nothing inside the cache for 24 fetches: the design ignores --decode inside, so"
          + " this variant measured no decode work"
      ]
    ),
    (1, []),
    (2, ["decoded 48 times inside the cache for 24 fetches: more than once per fetch"]),
  ])
  func insideDecodesCountWhatTheDesignDecodedWithTheDecoderItWasHanded(
    decodesPerFetch: Int, notes: [String]
  ) async throws {
    let result = try await measure(
      .hookless(decodesPerFetch: decodesPerFetch), decode: .inside)
    #expect(result.fetches == Self.requests)
    #expect(result.insideDecodes == decodesPerFetch * Self.requests)
    #expect(result.designNotes(failRate: 0) == notes)
  }

  @Test(arguments: [DecodePlacement.outside, .noDecode])
  func insideDecodesAreNotCountedForTheOtherPlacements(decode: DecodePlacement) async throws {
    let result = try await measure(.hookless(decodesPerFetch: 1), decode: decode)
    #expect(result.insideDecodes == nil)
    #expect(result.designNotes(failRate: 0) == [])
  }

  /// The placements reach a user's design through the environment's decoder, as they reach the
  /// built-in ones, and the harness checks where its decodes ran the same way.
  @Test(arguments: [
    (DecodePlacement.inside, 1.0), (.nonsending, 1.0), (.task, 1.0), (.concurrent, 0.0),
    (.detached, 0.0),
  ])
  func aUsersActorGetsThePlacementsThroughThePublicHelper(
    decode: DecodePlacement, share: Double
  ) async throws {
    let result = try await measure(.placingUser, decode: decode)
    #expect(result.decodes == Self.requests, "one decode per lookup")
    #expect(result.decodeOnActorShare == share)
    #expect(result.designNotes(failRate: 0) == [])
  }

  @Test(arguments: [0, 6])
  func aFactoryThatThrowsFailsItsVariantAndTheNextIsMeasured(warmup: Int) async throws {
    let log = DriverEventLog()
    let driver = BenchmarkDriver(
      scenario: Self.scenario([.failingFactory, .hookless()], warmup: warmup),
      onEvent: log.record)
    let results = try await driver.run()
    #expect(results.map(\.variant.description) == ["hookless/none"])
    #expect(results.first?.requests == Self.requests)
    #expect(results.first?.interrupted == false)
    #expect(!driver.runStop.isRequested)
    let next: [DriverEventLog.Event] =
      warmup > 0
      ? [.window("hookless/none", .warmup), .window("hookless/none", .measurement)]
      : [.window("hookless/none", .measurement)]
    #expect(
      log.all
        == [
          .started("failing-factory/none"),
          .failed(
            "failing-factory/none", reason: "its factory threw: the test factory builds nothing"),
          .started("hookless/none"),
        ] + next + [.finished("hookless/none")])
  }
}
