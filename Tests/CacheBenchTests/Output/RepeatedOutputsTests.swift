import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// What every output carries for a variant measured several times, and that the gate reads it back.
struct RepeatedOutputsTests {
  typealias Fixtures = RepetitionFixtures

  /// The columns that describe the repetitions (`repetitions`, `ci_level` and the interval bounds).
  static let repetitionColumns: [String] = {
    let start = CSVWriter.columns.firstIndex(of: "repetitions")!
    return Array(CSVWriter.columns[start..<start + 8])
  }()

  /// naive/inside three times; the third repetition has every figure's median (throughput 2000,
  /// latencies 200 ns, 1,100 fetches, 4,096 bytes retained), though none is the middle one in order.
  static let measurements: [VariantResult] = {
    let figures: [(throughput: Double, latency: UInt64, fetches: Int, retained: Int)] = [
      (1000, 300, 1000, 8192), (4000, 100, 1200, 0), (2000, 200, 1100, 4096),
    ]
    return figures.enumerated().map { repetition, figure in
      var result = Fixtures.measurement(
        Fixtures.naiveInside, repetition: repetition, throughput: figure.throughput,
        latency: figure.latency)
      result.fetches = figure.fetches
      result.resources.retainedBytes = figure.retained
      result.actorWait = OutputFixtures.histogram(figure.latency + 1_000)
      result.actorService = OutputFixtures.histogram(figure.latency)
      result.schedulingDelay = OutputFixtures.histogram(figure.latency * 2)
      return result
    }
  }()

  static let repeated = [VariantRepetitions(measurements)]
  /// The repetition whose every figure is the median.
  static var middle: VariantResult { measurements[2] }

  private func fields(_ csv: String) throws -> [String: String] {
    let table = try CSVTable.parse(csv)
    #expect(table.rows.count == 1)
    return Dictionary(uniqueKeysWithValues: zip(table.header, try #require(table.rows.first)))
  }

  @Test(arguments: [
    (["1", "1", "1"], "1"), (["3", "1", "2"], "2"), (["1", "2"], "2"), (["4", "1", "2", "3"], "3"),
    (["0.100000", "0.300000", "0.200000"], "0.200000"), (["10.0", "20.5", "30"], "20.5"),
    (["-5", "-1", "-3"], "-3"), (["10", "n/a", "30"], "n/a"), (["", "5", "7"], ""),
    (["vmhwm", "sampled_1ms", "vmhwm"], "vmhwm"), (["false", "false"], "false"),
  ])
  func aFieldOfSeveralRepetitionsIsTheirMedianOrTheFirstNonNumber(
    fields: [String], expected: String
  ) {
    #expect(CSVWriter.medianField(fields) == expected)
  }

  @Test func theCSVRowHoldsEachFiguresMedianTheRepetitionsAndTheIntervals() throws {
    let row = try fields(
      CSVWriter.render(
        repeated: Self.repeated, scenario: OutputFixtures.scenario,
        metadata: OutputFixtures.metadata))
    let single = try fields(
      CSVWriter.render(
        results: [Self.middle], scenario: OutputFixtures.scenario,
        metadata: OutputFixtures.metadata))
    // Every figure is the median, so the row is the middle repetition's but for the new columns.
    let repetitionColumns = Set(Self.repetitionColumns)
    for column in CSVWriter.columns where !repetitionColumns.contains(column) {
      #expect(row[column] == single[column], "\(column)")
    }
    #expect(row["throughput"] == "2000.0")
    #expect(row["window_s"] == "5.000000")
    #expect(row["requests"] == "10000")
    #expect(row["retained_bytes"] == "4096")
    let expected = [
      "repetitions": "3", "ci_level": "0.7500", "throughput_ci_low": "1000.0",
      "throughput_ci_high": "4000.0", "latency_p50_ci_low_ns": "100",
      "latency_p50_ci_high_ns": "300", "latency_p99_ci_low_ns": "100",
      "latency_p99_ci_high_ns": "300",
    ]
    for (column, value) in expected { #expect(row[column] == value, "\(column)") }
    #expect(single["repetitions"] == "1")
    #expect(single["throughput_ci_low"] == "")
    #expect(single["ci_level"] == "")
  }

  @Test func theCSVTheJSONAndTheBaselineReadBackAsTheSameMetrics() throws {
    let csv = CSVWriter.render(
      repeated: Self.repeated, scenario: OutputFixtures.scenario,
      metadata: OutputFixtures.metadata)
    let json = try JSONWriter.render(
      repeated: Self.repeated, scenario: OutputFixtures.scenario,
      metadata: OutputFixtures.metadata)
    let fromCSV = try ResultDocument.parse(csv, path: "run.csv")
    let fromJSON = try ResultDocument.parse(json, path: "run.json")
    let baseline = ResultDocument(
      kind: .baseline, repeated: Self.repeated, scenario: OutputFixtures.scenario,
      metadata: OutputFixtures.metadata)
    func metrics(_ document: ResultDocument) throws -> [String: Double?] {
      let variant = try #require(document.variants.first)
      return Dictionary(uniqueKeysWithValues: variant.metrics.map { ($0.name, $0.value) })
    }
    #expect(try metrics(fromCSV) == metrics(fromJSON))
    #expect(try metrics(fromCSV) == metrics(baseline))
    let read = try metrics(fromJSON)
    #expect(read["repetitions"] == 3)
    #expect(read["ci_level"] == 0.75)
    #expect(read["throughput"] == 2000)
    #expect(read["throughput_ci_low"] == 1000)
    #expect(read["latency_p99_ci_high_ns"] == 300)
    // The JSON's histograms hold every repetition's requests.
    let document = JSONWriter.document(
      repeated: Self.repeated, scenario: OutputFixtures.scenario,
      metadata: OutputFixtures.metadata)
    #expect(document.variants.first?.histograms["latency"]?.totalCount == 9)
  }

  @Test func aRepeatedRunComparesWithABaselineOfOneRepetitionWithoutJudgingTheIntervals() throws {
    let baseline = ResultDocument(
      kind: .baseline, results: [Self.middle], scenario: OutputFixtures.scenario,
      metadata: OutputFixtures.metadata)
    let current = ResultDocument(
      kind: .result, repeated: Self.repeated, scenario: OutputFixtures.scenario,
      metadata: OutputFixtures.metadata)
    for (old, new) in [(baseline, current), (current, baseline)] {
      let comparison = try Comparison(
        baseline: old, baselineName: "old", current: new, currentName: "new",
        thresholds: GateThresholds())
      #expect(comparison.passed, "\(comparison.failures)")
      for row in comparison.rows where Self.repetitionColumns.contains(row.metric) {
        #expect(row.rule.better == MetricRule.Better.none, "\(row.metric)")
        #expect(!row.verdict.fails, "\(row.metric)")
      }
    }
  }

  @Test func theTablesShowTheMediansAndSaySo() {
    let single = [VariantRepetitions(single: Self.middle)]
    #expect(
      ResultTable(columns: TableWriter.columns, repeated: Self.repeated).rows
        == ResultTable(columns: TableWriter.columns, repeated: single).rows)
    #expect(
      ContentionTableWriter.render(repeated: Self.repeated, calibration: nil)
        == ContentionTableWriter.render(repeated: single, calibration: nil))
    let table = TableWriter.render(repeated: Self.repeated)
    #expect(
      table.contains(
        "each figure is the median of 3 repetitions, measured interleaved; the CSV and JSON give"
          + " its interval\n"))
    #expect(!TableWriter.render(repeated: single).contains("median"))
  }

  @Test func theMarkdownSaysFiguresAreMediansAndShowsTheRatioLines() {
    let results =
      Fixtures.repeated(Fixtures.coalescingInside, [(1000, 1000), (1000, 1000), (1000, 1000)])
      + Fixtures.repeated(Fixtures.naiveInside, [(500, 2000), (250, 2000), (1000, 2000)])
    let repeated = VariantRepetitions.grouping(results)
    let ratios = ReferenceRatios(repeated, selection: .design("coalescing"))
    let markdown = MarkdownWriter.render(
      repeated: repeated, scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata,
      ratios: ratios)
    #expect(markdown.contains("\nEach figure is the median of 3 repetitions"))
    #expect(markdown.contains("\n```text\n" + RatioLinesWriter.render(ratios) + "```\n"))
    #expect(markdown.contains("naive/inside: 2.00× lower [1.00, 4.00] than coalescing/inside"))
  }

  @Test func theJSONCarriesTheRatiosOnlyWhenTheRunShowedThem() throws {
    let results =
      Fixtures.repeated(Fixtures.coalescingInside, [(1000, 1000), (1000, 1000), (1000, 1000)])
      + Fixtures.repeated(Fixtures.naiveInside, [(500, 2000), (250, 2000), (1000, 2000)])
    let repeated = VariantRepetitions.grouping(results)
    let ratios = ReferenceRatios(repeated, selection: .design("coalescing"))
    let document = JSONWriter.document(
      repeated: repeated, scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata,
      ratios: ratios)
    let throughput = try #require(document.ratios?.first)
    #expect(throughput.variant == "naive/inside")
    #expect(throughput.reference == "coalescing/inside")
    #expect(throughput.figure == "throughput")
    #expect(throughput.median == 0.5)
    #expect(throughput.low == 0.25)
    #expect(throughput.high == 1)
    #expect(throughput.confidence == 0.75)
    #expect(throughput.repetitions == 3)
    #expect(document.ratios?.map(\.figure) == ["throughput", "latency_p50", "latency_p99"])
    let text = try JSONWriter.render(
      results: [OutputFixtures.naiveInside], scenario: OutputFixtures.scenario,
      metadata: OutputFixtures.metadata)
    #expect(!text.contains("\"ratios\""))
    let decoded = try JSONDecoder().decode(
      JSONResult.self,
      from: Data(
        try JSONWriter.render(
          repeated: repeated, scenario: OutputFixtures.scenario,
          metadata: OutputFixtures.metadata, ratios: ratios
        ).utf8))
    #expect(decoded.ratios == document.ratios)
  }

  @Test func theHistogramCSVPoolsTheRepetitions() throws {
    let text = HistogramCSVWriter.render(repeated: Self.repeated)
    let table = try CSVTable.parse(text)
    let latencyRows = table.rows.filter { table.value("histogram", in: $0) == "latency" }
    let last = try #require(latencyRows.last)
    #expect(table.value("total_count", in: last) == "9")
    #expect(table.value("value_ns", in: last) == "300")
  }
}
