import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The best-value mark goes to no row that does not earn it without a remark, the findings reach every
/// output, and a user's design without hooks gets the findings its figures support.
struct HonestMarksTests {
  private typealias Fixture = FindingFixtures

  /// The fastest row, with duplicate fetches, and two slower ones without.
  private static let fastButDuplicating: [VariantResult] = {
    var naive = Fixture.result(.naive, duplicateFetches: 12)
    naive.windowNanoseconds = 500_000_000
    var mutex = Fixture.result(.mutex)
    mutex.windowNanoseconds = 800_000_000
    return [naive, Fixture.result(.coalescing), mutex]
  }()

  private func lines(_ text: String) -> [Substring] {
    text.split(separator: "\n", omittingEmptySubsequences: false)
  }

  @Test func aRowWithDuplicateFetchesWhereOthersHaveNoneIsNotMarkedAndTheTableSaysWhy() throws {
    let text = TableWriter.render(
      repeated: Self.fastButDuplicating.map { VariantRepetitions(single: $0) })
    let rows = lines(text)
    #expect(rows[2].hasPrefix("naive ") && !rows[2].contains("*"), "\(rows[2])")
    #expect(rows[3].hasPrefix("coalescing") && !rows[3].contains("*"), "\(rows[3])")
    // The mutex row is the fastest of the rows that may be marked.
    #expect(rows[4].hasPrefix("mutex       none         1             1250*"), "\(rows[4])")
    #expect(rows[5] == Substring(TableWriter.legend))
    #expect(rows[6] == "no mark for naive/none (duplicate fetches where others have none)")
  }

  @Test func aPartialRowIsNotMarkedAndTheTableShowsTheRequestsEachRowServed() throws {
    var partial = Fixture.result(.naive, requests: 441)
    partial.interrupted = true
    partial.fetches = 3
    var whole = Fixture.result(.coalescing)
    whole.interrupted = true
    var faster = Fixture.result(.mutex)
    faster.interrupted = true
    faster.windowNanoseconds = 800_000_000
    let text = TableWriter.render(
      repeated: [partial, whole, faster].map { VariantRepetitions(single: $0) },
      stop: .requests(1_000))
    let rows = lines(text)
    #expect(rows[0].hasPrefix("variant     decode  shards  requests  throughput"), "\(rows[0])")
    #expect(rows[2].hasPrefix("naive       none         1       441 ") && !rows[2].contains("*"))
    #expect(rows[3].hasPrefix("coalescing  none         1      1000 "), "\(rows[3])")
    #expect(rows[6] == "no mark for naive/none (partial, 441 of 1000 requests, interrupted)")
    // Whole rows only: no requests column.
    #expect(!TableWriter.render(repeated: [VariantRepetitions(single: whole)]).contains("requests"))
  }

  @Test func aRowThatStarvedMostOfItsClientsIsNotMarked() {
    var starved = Fixture.result(.mutex)
    starved.windowNanoseconds = 500_000_000
    starved.clientSpread = ClientSpread(requestsPerClient: [500, 497, 1, 1, 1])
    var slower = Fixture.result(.sharded, shards: 8)
    slower.windowNanoseconds = 800_000_000
    let text = TableWriter.render(
      repeated: [starved, Fixture.result(.coalescing), slower].map {
        VariantRepetitions(single: $0)
      })
    let rows = lines(text)
    #expect(rows[2].hasPrefix("mutex ") && !rows[2].contains("*"), "\(rows[2])")
    #expect(rows[4].hasPrefix("sharded(8)") && rows[4].contains("1250*"), "\(rows[4])")
    #expect(rows[6] == "no mark for mutex/none (3 of 5 clients starved)")
  }

  @Test func theMarkdownAndTheJSONCarryTheFindingsAndTheUnmarkedRows() throws {
    var scenario = OutputFixtures.scenario
    scenario.variants = Self.fastButDuplicating.map(\.variant)
    scenario.stop = .requests(1_000)
    let record = RunRecord(
      results: Self.fastButDuplicating, scenario: scenario, metadata: OutputFixtures.metadata)
    let markdown = MarkdownWriter.render(record)
    #expect(
      markdown.contains("No mark for naive/none (duplicate fetches where others have none).\n"))
    #expect(markdown.contains("1. **duplicate fetches (reentrancy)**: naive/none made 12"))
    let document = JSONWriter.document(record)
    let findings = try #require(document.findings)
    #expect(findings.map(\.rule) == ["duplicate_fetches"])
    #expect(findings.first?.rank == 1)
    #expect(findings.first?.variants == ["naive/none"])
    #expect(try JSONWriter.render(record).contains("\"findings\": ["))
  }

  @Test func theTerminalBlockNumbersItsFindingsAndSaysWhenNoneFired() {
    let findings = Fixture.findings(Self.fastButDuplicating)
    let block = Findings.render(findings)
    #expect(block.hasPrefix("findings (ranked; rules and thresholds: docs/findings.md):\n1. "))
    #expect(Findings.render([]) == "findings: none; no rule of docs/findings.md fired\n")
    let many = Array(repeating: findings[0], count: 10)
    #expect(
      lines(Findings.render(many)).dropLast().last
        == "2 more findings in the JSON output (--json), or with --findings all")
  }

  @Test func everyFindingIsShownWhenAskedForAll() {
    let many = Array(repeating: Fixture.findings(Self.fastButDuplicating)[0], count: 10)
    let block = lines(Findings.render(many, limit: .max))
    #expect(block.filter { $0.hasPrefix("10. ") }.count == 1)
    #expect(!block.contains { $0.contains("more findings") })
  }

  @Test func aUsersDesignWithoutHooksGetsTheFindingsItsFiguresSupportAndNoOther() throws {
    // No hooks: no outcomes, no isolation timing, no busy totals; the fetcher still counts duplicates.
    var hookless = Fixture.decoding(
      Fixture.result(.hookless(), decode: .inside, duplicateFetches: 7), onActor: 100)
    hookless.unclassified = hookless.requests
    hookless.untimed = hookless.requests
    let findings = Fixture.findings([hookless, Fixture.result(.coalescing)])
    #expect(findings.map(\.rule) == [.duplicateFetches])
    #expect(findings.first?.variants == ["hookless/inside"])
  }
}
