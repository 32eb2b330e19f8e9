import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Which cells the summary table marks as their column's best.
struct ResultTableTests {
  /// A result of the naive fixture with `fetches` and `throughput` set by the window length.
  private func result(fetches: Int, windowNanoseconds: UInt64 = 1_000_000_000) -> VariantResult {
    var result = OutputFixtures.naiveInside
    result.fetches = fetches
    result.windowNanoseconds = windowNanoseconds
    return result
  }

  private let columns: [TableColumn] = [
    TableColumn(header: "variant", alignment: .left) { $0.variant.name },
    .count("fetches", best: .lowest) { $0.fetches },
    .quantity("throughput", scale: .throughput, best: .highest) { $0.throughput },
    .count("hits") { $0.hits },
  ]

  private func marks(_ table: ResultTable) -> [[Bool]] {
    table.rows.map { $0.map(\.isBest) }
  }

  @Test func theLowestCountAndTheHighestQuantityAreMarkedTiesIncluded() {
    let table = ResultTable(
      columns: columns,
      results: [
        result(fetches: 5, windowNanoseconds: 2_000_000_000), result(fetches: 3),
        result(fetches: 3, windowNanoseconds: 4_000_000_000),
      ])
    #expect(table.headers == ["variant", "fetches", "throughput [k/s]", "hits"])
    #expect(
      marks(table) == [
        [false, false, false, false], [false, true, true, false], [false, true, false, false],
      ])
    #expect(table.isMarked == [false, true, true, false])
    #expect(table.hasMarks)
  }

  @Test func aColumnWhoseValuesAllReadTheSameIsNotMarked() {
    let table = ResultTable(
      columns: columns,
      results: [
        result(fetches: 3, windowNanoseconds: 1_000_000_000),
        result(fetches: 3, windowNanoseconds: 1_000_000_001),
      ])
    #expect(table.rows.map { $0[2].text } == ["10.00", "10.00"])
    #expect(marks(table).allSatisfy { !$0.contains(true) })
    #expect(!table.hasMarks)
  }

  @Test func aRowWithNoRequestsIsNeverMarkedBest() {
    var empty = result(fetches: 0)
    empty.requests = 0
    empty.hits = 0
    empty.joins = 0
    empty.leaders = 0
    let table = ResultTable(
      columns: columns,
      results: [
        empty, result(fetches: 5), result(fetches: 3, windowNanoseconds: 2_000_000_000),
      ])
    #expect(table.rows.map { $0[1].text } == ["0", "5", "3"])
    #expect(
      marks(table) == [
        [false, false, false, false], [false, false, true, false], [false, true, false, false],
      ])
  }

  /// A run stopped by time: the row that served fewest requests fetched least, which says nothing
  /// of its design, so the count column goes unmarked and is named; throughput is still marked.
  @Test func countsAreNotMarkedWhenTheRowsServedDifferentNumbersOfRequests() {
    var fewer = result(fetches: 2)
    fewer.requests = OutputFixtures.naiveInside.requests / 2
    let table = ResultTable(
      columns: columns,
      results: [result(fetches: 5, windowNanoseconds: 500_000_000), fewer])
    #expect(marks(table) == [[false, false, true, false], [false, false, false, false]])
    #expect(table.countsUnmarked == ["fetches"])
    #expect(
      table.countsUnmarkedLine
        == "no mark in fetches: the rows served different numbers of requests (a run stopped by"
        + " time), so their totals do not compare")
    // The same counts over equal requests are marked, and nothing is named.
    let alike = ResultTable(
      columns: columns,
      results: [result(fetches: 5, windowNanoseconds: 500_000_000), result(fetches: 2)])
    #expect(alike.rows.map { $0[1].isBest } == [false, true])
    #expect(alike.countsUnmarkedLine == nil)
  }

  @Test func aRowWithNoRequestsBesideOneMeasuredRowLeavesNothingToMark() {
    var empty = result(fetches: 0)
    empty.requests = 0
    let table = ResultTable(columns: columns, results: [empty, result(fetches: 5)])
    #expect(!table.hasMarks)
  }

  @Test func aSingleResultIsNeverMarked() {
    let table = ResultTable(columns: columns, results: [result(fetches: 3)])
    #expect(!table.hasMarks)
  }

  @Test func aCellWithNoValueIsShownAsADashAndNeverMarked() {
    var empty = OutputFixtures.naiveInside
    empty.latency = LatencyHistogram()
    let latency: [TableColumn] = [
      .quantity("p50", scale: .latency, best: .lowest) {
        TableWriter.latency($0.latency, atPercentile: 50)
      }
    ]
    let table = ResultTable(
      columns: latency,
      results: [empty, OutputFixtures.naiveInside, OutputFixtures.shardedOutside])
    #expect(
      table.rows.map { $0[0] } == [
        ResultTable.Cell(text: "-", isBest: false),
        ResultTable.Cell(text: "1234.6", isBest: false),
        ResultTable.Cell(text: "41.2", isBest: true),
      ])
  }
}
