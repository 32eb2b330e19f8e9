import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The metric catalogue is what the CSV's metric columns, the gate's built-in rules and the
/// comparison's lists are made of.
struct MetricCatalogueTests {
  /// The CSV columns that are metrics but no declaration's: the repetition columns, which describe
  /// the repetitions a row is the median of rather than one measurement.
  static let repetitionColumns: Set<String> = [
    "repetitions", "ci_level", "throughput_ci_low", "throughput_ci_high", "latency_p50_ci_low_ns",
    "latency_p50_ci_high_ns", "latency_p99_ci_low_ns", "latency_p99_ci_high_ns",
  ]

  @Test func everyDeclaredMetricIsACSVColumnInTheMetricSectionInCatalogueOrder() {
    let names = MetricCatalogue.all.map(\.name)
    #expect(Set(names).count == names.count)
    let metricColumns = RunRecord.metricColumns.map(\.column).filter {
      !Self.repetitionColumns.contains($0) && !RunRecord.variantColumns.contains($0)
    }
    #expect(metricColumns == names)
  }

  @Test func theGatesBuiltInRulesAreTheDeclaredOnesAndTheTimingRatios() {
    for metric in MetricCatalogue.all {
      #expect(GateThresholds.builtIn[metric.name] == metric.rule, "\(metric.name)")
      #expect(GateThresholds.exactForCoalescing[metric.name] == metric.coalescingRule)
    }
    for ratio in TimingRatios.ratios {
      #expect(GateThresholds.builtIn[ratio.name] == .informational)
    }
    #expect(
      Set(GateThresholds.builtIn.keys)
        == Set(MetricCatalogue.rules.keys).union(TimingRatios.ratios.map(\.name)))
  }

  /// What the gate held before the rules were declared with their metrics.
  @Test func theDerivedGateListsHoldWhatTheHandWrittenOnesDid() {
    #expect(Set(Comparison.requestCountMetrics) == ["requests", "fetches", "leaders"])
    #expect(
      Comparison.transientlyUnmeasurable == [
        "allocated_bytes", "resident_bytes", "allocated_delta_bytes", "resident_delta_bytes",
        "malloc_count", "mallocs_per_request", "bytes_per_entry", "retained_bytes",
      ])
    #expect(
      GateThresholds.exactForCoalescing == [
        "fetches": .exact, "leaders": .exact, "duplicate_fetches": .exact,
      ])
    let judged = GateThresholds.builtIn.filter { $0.value.better != .none }
    #expect(
      judged == [
        "decode_on_actor_share": MetricRule(better: .equal, absolute: 0.05, portable: true),
        "requests": MetricRule(better: .equal, portable: true),
        "errors": .exact, "cancellations": .exact, "stale_rejected": .exact,
        "stale_served_after_write": .exact, "writes": .exact,
        "mallocs_per_request": MetricRule(better: .lower, relative: 0.10, absolute: 1.5),
        "instructions_per_request": MetricRule(better: .lower, relative: 0.01),
        "hit_path_floor_ratio": MetricRule(better: .lower, relative: 1.0),
        "allocated_bytes": MetricRule(better: .lower, relative: 0.25),
        "resident_bytes": MetricRule(better: .lower, relative: 0.50),
        "peak_rss_bytes": MetricRule(better: .lower, relative: 0.25),
      ])
  }

  /// A reading becomes text only in the CSV writer, as the hand-written fields wrote it.
  @Test(arguments: [
    (MetricReading.notApplicable, ""), (.notMeasured, "n/a"), (.whole(-8_192), "-8192"),
    (.fixed(5_113.472, fractionDigits: 1), "5113.5"),
    (.seconds(nanoseconds: 230_941_000), "0.230941"),
  ])
  func aReadingIsWrittenAtTheEdge(reading: MetricReading, field: String) {
    #expect(reading.csvField == field)
  }

  /// The rows of docs/columns.md's results CSV table (`| # | column | unit / format |`) by column:
  /// the line's index, and the text of its last cell.
  static func csvTableRows(_ lines: [String]) -> [String: (line: Int, text: String)] {
    var rows: [String: (line: Int, text: String)] = [:]
    for (index, line) in lines.enumerated() where line.hasPrefix("| ") && line.hasSuffix(" |") {
      let cells = line.dropFirst(2).dropLast(2).split(
        separator: " | ", maxSplits: 2, omittingEmptySubsequences: false)
      guard cells.count == 3, Int(cells[0]) != nil else { continue }
      rows[String(cells[1])] = (index, String(cells[2]))
    }
    return rows
  }

  /// docs/columns.md with each declared metric's row made from its declaration, and a row appended
  /// to the table for each CSV column it lacks (a new metric's, from its declaration).
  static func columnsPage(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let rows = csvTableRows(lines)
    for (position, column) in CSVWriter.columns.enumerated() {
      guard let metric = MetricCatalogue.byName[column] else { continue }
      let line = "| \(position + 1) | \(column) | \(metric.doc) |"
      if let row = rows[column] {
        lines[row.line] = line
      } else if let last = csvTableRows(lines).values.map(\.line).max() {
        lines.insert(line, at: last + 1)
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Each declared metric's row in docs/columns.md is its declaration's doc line. With
  /// `CACHEBENCH_UPDATE_DOCS=1`, rewrites those rows first (and adds the row of a new metric), so
  /// `CACHEBENCH_UPDATE_DOCS=1 swift test --filter MetricCatalogueTests` regenerates them.
  @Test func theColumnsPageDescribesEachMetricAsItsDeclarationDoes() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/columns.md")
    if ProcessInfo.processInfo.environment["CACHEBENCH_UPDATE_DOCS"] == "1" {
      let text = try String(contentsOf: url, encoding: .utf8)
      try Self.columnsPage(text).write(to: url, atomically: true, encoding: .utf8)
    }
    let page = try String(contentsOf: url, encoding: .utf8)
    let rows = Self.csvTableRows(page.split(separator: "\n").map(String.init))
    for metric in MetricCatalogue.all {
      #expect(
        rows[metric.name]?.text == metric.doc,
        "\(metric.name): regenerate docs/columns.md (CACHEBENCH_UPDATE_DOCS=1)")
    }
  }
}
