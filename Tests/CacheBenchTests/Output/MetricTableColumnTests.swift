import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The terminal tables, the Markdown summary, the A/B gate's rules and the timing ratios take their
/// metrics from the catalogue's declarations: a declaration added shows up in each, one removed
/// leaves it, and the built-in lists are what they were when written by hand.
struct MetricTableColumnTests {
  /// A figure of 42 for every variant, in `table` as `title` at `position`.
  static func answer(
    in table: MetricTableColumn.Table, as title: String, at position: Int
  ) -> MetricDeclaration {
    MetricDeclaration("answer", .count, better: .lower, doc: "count: always 42") { _ in
      .whole(42)
    }.shown(in: table, as: title, at: position, .integer)
  }

  static let results = [OutputFixtures.naiveInside, OutputFixtures.shardedOutside]
  static var repeated: [VariantRepetitions] { results.map(VariantRepetitions.init(single:)) }
  static let record = RunRecord(
    results: results, scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata)

  /// The header line of the terminal summary, split into its column headers.
  static func summaryHeaders(_ metrics: [MetricDeclaration]) -> [String] {
    let text = TableWriter.render(repeated: repeated, metrics: metrics)
    return text.split(separator: "\n")[0].split(separator: "  ").map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
  }

  /// The header row of the Markdown summary's table, split into its cells.
  static func markdownHeaders(_ metrics: [MetricDeclaration]) -> [String] {
    let text = MarkdownWriter.render(record, metrics: metrics)
    let line = text.split(separator: "\n").first { $0.hasPrefix("| variant") } ?? ""
    return line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }

  /// The header line of the contention table, split into its column headers.
  static func contentionHeaders(_ metrics: [MetricDeclaration]) -> [String] {
    let text = ContentionTableWriter.render(repeated: repeated, calibration: nil, metrics: metrics)
    return text.split(separator: "\n")[0].split(separator: "  ").map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
  }

  /// The cells of a summary row, none of which holds a space.
  static func cells(_ row: Substring) -> [String] {
    row.split(separator: " ").map(String.init)
  }

  @Test func theSummaryAndTheMarkdownShowTheDeclaredColumnsInTheirOrder() {
    let declared = MetricCatalogue.columns(of: .summary).map(\.column.title)
    #expect(
      declared == [
        "throughput", "p50", "p99", "p99.9", "max", "hits", "joins", "fetches", "dup_fetches",
        "alloc_delta", "B/entry", "mallocs/req", "peak_rss", "cpu/req",
      ])
    let shown = Self.summaryHeaders(MetricCatalogue.figures).map {
      $0.split(separator: " [").first.map(String.init) ?? $0
    }
    #expect(shown == ["variant", "decode", "shards"] + declared)
    let markdown = Self.markdownHeaders(MetricCatalogue.figures).map {
      $0.split(separator: " [").first.map(String.init) ?? $0
    }
    #expect(markdown == ["variant", "decode", "shards"] + declared)
  }

  @Test func aDeclarationMarkedForTheSummaryIsAColumnOfTheTableAndTheMarkdown() {
    let metrics = MetricCatalogue.figures + [Self.answer(in: .summary, as: "answer", at: 75)]
    let headers = Self.summaryHeaders(metrics)
    #expect(headers.firstIndex(of: "answer") == headers.firstIndex(of: "joins").map { $0 + 1 })
    let table = TableWriter.render(repeated: Self.repeated, metrics: metrics)
    let column = headers.firstIndex(of: "answer") ?? 0
    for row in table.split(separator: "\n")[2...3] {
      #expect(Self.cells(row)[column] == "42", "\(row)")
    }
    #expect(Self.markdownHeaders(metrics).contains("answer"))
    let markdown = MarkdownWriter.render(Self.record, metrics: metrics)
    #expect(markdown.contains("| 0 | 42 | 1000 |"))
    #expect(!Self.summaryHeaders(MetricCatalogue.figures).contains("answer"))
    #expect(!Self.markdownHeaders(MetricCatalogue.figures).contains("answer"))
  }

  @Test func aDeclarationLeftOutOfTheCatalogueLeavesTheTableAndTheMarkdown() {
    let metrics = MetricCatalogue.figures.filter { $0.name != "joins" }
    #expect(!Self.summaryHeaders(metrics).contains("joins"))
    #expect(!Self.markdownHeaders(metrics).contains("joins"))
    #expect(Self.summaryHeaders(MetricCatalogue.figures).contains("joins"))
    #expect(Self.markdownHeaders(MetricCatalogue.figures).contains("joins"))
  }

  @Test func aCellSaysNAWhenNotMeasuredAndTheColumnsWordWhenNotApplicable() {
    let unmeasured = MetricDeclaration("unmeasured", .count, better: .lower, doc: "") { _ in
      .notMeasured
    }.shown(in: .summary, as: "unmeasured", at: 1_000, .integer)
    let inapplicable = MetricDeclaration("inapplicable", .count, better: .lower, doc: "") { _ in
      .notApplicable
    }.shown(in: .summary, as: "inapplicable", at: 1_010, .integer, notApplicable: "none")
    let table = TableWriter.render(
      repeated: Self.repeated, metrics: MetricCatalogue.figures + [unmeasured, inapplicable])
    for row in table.split(separator: "\n")[2...3] {
      #expect(Self.cells(row).suffix(2) == ["n/a", "none"], "\(row)")
    }
  }

  /// A column with a fallback shows the fallback's figure where its own metric has none, and a floor
  /// multiple says so (`, timed`) after naming the variant's floor.
  @Test func aCellWithoutItsMetricShowsItsFallbackAndAFloorMultipleSaysSo() {
    let fallback = MetricDeclaration("fallback_multiple", .ratio, better: .lower, doc: "") { _ in
      .fixed(2.5, fractionDigits: 2)
    }
    let missing = MetricDeclaration("missing_multiple", .ratio, better: .lower, doc: "") { _ in
      .notApplicable
    }.shown(
      in: .contention, as: "falls back", at: 2_000, .floorMultiple, notApplicable: "n/a",
      fallback: "fallback_multiple")
    let present = MetricDeclaration("present_multiple", .ratio, better: .lower, doc: "") { _ in
      .fixed(1.25, fractionDigits: 2)
    }.shown(
      in: .contention, as: "its own", at: 2_010, .floorMultiple, notApplicable: "n/a",
      fallback: "fallback_multiple")
    let alone = MetricDeclaration("alone_cost", .nanoseconds, better: .lower, doc: "") { _ in
      .notApplicable
    }.shown(in: .contention, as: "alone", at: 2_020, .cost, notApplicable: "n/a")
    let text = ContentionTableWriter.render(
      repeated: Self.repeated, calibration: nil,
      metrics: MetricCatalogue.figures + [fallback, missing, present, alone])
    for (row, result) in zip(text.split(separator: "\n")[2...3], Self.results) {
      let floor = Calibration.floorMechanism(of: result.variant.design).name
      #expect(row.contains("  2.50× \(floor), timed  1.25× \(floor)  "), "\(row)")
      #expect(!row.contains("1.25× \(floor), timed"), "\(row)")
      #expect(row.hasSuffix("  n/a"), "\(row)")
    }
  }

  @Test func aDeclarationMarkedForTheContentionTableIsAColumnThereAndLeavesWithIt() {
    let declared = MetricCatalogue.columns(of: .contention).map(\.column.title)
    #expect(
      declared == [
        "wait p50", "wait p99", "busy p50", "busy p99", "sched p50", "sched p99", "service p50",
        "service p99", "util", "on actor", "hit path", "vs floor",
      ])
    #expect(Self.contentionHeaders(MetricCatalogue.figures) == ["variant", "decode"] + declared)
    let added = MetricCatalogue.figures + [Self.answer(in: .contention, as: "answer", at: 95)]
    let headers = Self.contentionHeaders(added)
    #expect(headers.firstIndex(of: "answer") == headers.firstIndex(of: "util").map { $0 + 1 })
    let text = ContentionTableWriter.render(
      repeated: Self.repeated, calibration: nil, metrics: added)
    #expect(text.split(separator: "\n")[2].contains("  42  "))
    #expect(!Self.summaryHeaders(added).contains("answer"))
    let removed = MetricCatalogue.figures.filter { $0.name != "sched_delay_p50_ns" }
    #expect(!Self.contentionHeaders(removed).contains("sched p50"))
    #expect(Self.contentionHeaders(removed).contains("sched p99"))
  }

  @Test func everyTableColumnHasAPlaceOfItsOwnAndMarksOnlyWhatItCanCompare() {
    for table in [MetricTableColumn.Table.summary, .contention] {
      let columns = MetricCatalogue.columns(of: table)
      #expect(Set(columns.map(\.column.position)).count == columns.count, "\(table)")
      #expect(Set(columns.map(\.column.title)).count == columns.count, "\(table)")
    }
    for (metric, column) in MetricCatalogue.columns(of: .summary) where column.marksBest {
      #expect([.latencyScale, .throughputScale, .count].contains(column.format), "\(metric.name)")
      #expect(metric.better == .lower || metric.better == .higher, "\(metric.name)")
    }
    for (metric, column) in MetricCatalogue.columns(of: .contention) {
      #expect(!column.marksBest, "\(metric.name): the contention table marks nothing")
    }
  }

  @Test func aMarkedColumnIsNamedInTheLinesThatExplainTheMarks() {
    #expect(
      TableWriter.legend
        == "* best in its column: highest throughput; lowest latency, fetches and duplicate fetches"
    )
    let answered = MetricDeclaration("answered", .count, better: .higher, doc: "") {
      .whole(Int64($0.result.requests))
    }.shown(in: .summary, as: "answered", at: 15, .count, best: "answers")
    let metrics = MetricCatalogue.figures + [answered]
    var naive = OutputFixtures.naiveInside
    naive.duplicateFetches = 0
    let results = [naive, OutputFixtures.shardedOutside]
    let table = TableWriter.render(
      repeated: results.map(VariantRepetitions.init(single:)), metrics: metrics)
    let words = "highest throughput and answers; lowest latency, fetches and duplicate fetches"
    #expect(table.contains("\n* best in its column: \(words)\n"), "\(table)")
    let record = RunRecord(
      results: results, scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata)
    #expect(
      MarkdownWriter.render(record, metrics: metrics).contains(
        "\n**Bold**: best in its column (\(words)).\n"))
  }
}
