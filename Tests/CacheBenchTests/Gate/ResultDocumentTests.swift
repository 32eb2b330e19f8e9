import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Runs as documents: written as schema-1 JSON, read back from JSON and from CSV alike, refused with
/// a message naming the file and field when malformed.
struct ResultDocumentTests {
  static let run = ResultDocument(
    kind: .baseline, results: [OutputFixtures.naiveInside, OutputFixtures.shardedOutside],
    scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata)

  @Test func aRunsMetricsAreExactlyItsCSVMetricColumns() {
    let described = Set(
      ResultDocument.metadataColumns + ResultDocument.scenarioColumns
        + ResultDocument.variantColumns)
    let metricColumns = CSVWriter.columns.filter { !described.contains($0) }
    for variant in Self.run.variants {
      #expect(variant.metrics.map(\.name) == metricColumns)
    }
    #expect(Self.run.variants.map(\.key) == ["naive/inside", "sharded(8)/outside"])
    #expect(Self.run.variants[1].design == "sharded")
    #expect(Self.run.variants[1].shards == 8)
    #expect(Self.run.variants[0].value(of: "duplicate_fetches") == .some(250))
    #expect(Self.run.variants[0].value(of: "throughput") == .some(3_333.3))
  }

  @Test func theBaselineJSONHasTheSharedShape() throws {
    let json = try JSONParser.parse(Self.run.json.rendered())
    #expect(json["schema"] == .number("1"))
    #expect(json["kind"] == .string("baseline"))
    #expect(json["interrupted"] == .bool(false))
    for key in [
      "timestamp", "tool_version", "swift_version", "git_commit", "host_cores", "host_name",
    ] {
      #expect(json["metadata"]?[key] != nil, "metadata.\(key)")
    }
    #expect(json["metadata"]?["host_name"] == .string("bench-1"))
    #expect(json["scenario"]?["seed"] == .number("42"))
    #expect(json["scenario"]?["zipf_theta"] == .number("0.99"))
    #expect(json["scenario"]?["duration_s"] == .null)
    guard case .array(let variants)? = json["variants"] else {
      Issue.record("no variants array")
      return
    }
    #expect(variants[1]["variant"] == .string("sharded(8)"))
    #expect(variants[1]["design"] == .string("sharded"))
    #expect(variants[1]["decode"] == .string("outside"))
    #expect(variants[1]["shards"] == .number("8"))
    #expect(variants[1]["metrics"]?["fetches"] == .number("1000"))
  }

  @Test func jsonAndCSVOfOneRunReadAsTheSameMetrics() throws {
    let fromJSON = try ResultDocument.parse(Self.run.json.rendered(), path: "run.json")
    let csv = CSVWriter.render(
      results: [OutputFixtures.naiveInside, OutputFixtures.shardedOutside],
      scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata)
    let fromCSV = try ResultDocument.parse(csv, path: "run.csv")
    #expect(fromJSON == Self.run)
    #expect(fromCSV.variants == fromJSON.variants)
    #expect(Comparison.scenarioDifferences(fromJSON.scenario, fromCSV.scenario).isEmpty)
    #expect(fromCSV.hostCores == 2)
    #expect(fromCSV.swiftVersion == "6.3.1")
  }

  /// `threads` is read back as scenario, from CSV and JSON alike, so runs on different thread counts are
  /// refused as different scenarios instead of gated against each other.
  @Test func theClientThreadsAreScenarioNotAMetric() throws {
    var scenario = OutputFixtures.scenario
    scenario.threads = 2
    // Not `naiveInside`: its `peak_rss_source` is text, which the --json reader refuses as a metric.
    let results = [OutputFixtures.shardedOutside]
    let fromCSV = try ResultDocument.parse(
      CSVWriter.render(results: results, scenario: scenario, metadata: OutputFixtures.metadata),
      path: "run.csv")
    let fromJSON = try ResultDocument.parse(
      try JSONWriter.render(
        results: results, scenario: scenario, metadata: OutputFixtures.metadata),
      path: "run.json")
    for document in [fromCSV, fromJSON] {
      #expect(document.scenario["threads"] == .number("2"))
      for variant in document.variants {
        #expect(variant.value(of: "threads") == nil)
      }
    }
    let withoutThreads = ResultDocument(
      kind: .baseline, results: results, scenario: OutputFixtures.scenario,
      metadata: OutputFixtures.metadata)
    #expect(withoutThreads.scenario["threads"] == .null)
    #expect(
      throws: GateError.scenarioMismatch(
        baseline: "baseline.json", current: "run.csv", differences: ["threads null vs 2"])
    ) {
      try Comparison(
        baseline: withoutThreads, baselineName: "baseline.json", current: fromCSV,
        currentName: "run.csv", thresholds: GateThresholds())
    }
  }

  @Test func aJSONResultIsReadWithTheMetricsOfItsCSV() throws {
    // naive/inside has every memory figure, so its peak_rss_source is text: a column that describes
    // peak_rss_bytes, not a metric, which the reader must skip rather than refuse.
    let results = [OutputFixtures.naiveInside, OutputFixtures.shardedOutside]
    let json = try JSONWriter.render(
      results: results, scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata)
    #expect(json.contains("\"peak_rss_source\": \"vmhwm\""))
    let fromJSON = try ResultDocument.parse(json, path: "result.json")
    let fromCSV = try ResultDocument.parse(
      CSVWriter.render(
        results: results, scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata),
      path: "result.csv")
    #expect(fromJSON.variants.map(\.key) == fromCSV.variants.map(\.key))
    // The CSV writes `ignore_cancellation` as text, the JSON as a boolean: the same scenario.
    #expect(fromJSON.scenario["ignore_cancellation"] == .bool(false))
    #expect(fromCSV.scenario["ignore_cancellation"] == .string("false"))
    #expect(Comparison.scenarioDifferences(fromCSV.scenario, fromJSON.scenario).isEmpty)
    for (read, expected) in zip(fromJSON.variants, fromCSV.variants) {
      // The JSON's metrics are keyed and sorted by name.
      #expect(
        read.metrics.sorted { $0.name < $1.name } == expected.metrics.sorted { $0.name < $1.name })
    }
  }

  @Test func anEmptyCSVFieldIsAnUnmeasuredMetricNotZero() throws {
    var result = OutputFixtures.shardedOutside
    result.fetchLatency = LatencyHistogram()
    let csv = CSVWriter.render(
      results: [result], scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata)
    let document = try ResultDocument.parse(csv, path: "run.csv")
    #expect(document.variants[0].value(of: "fetch_latency_p50_ns") == .some(nil))
  }

  @Test func aResultWrittenByAnotherWriterWithExtraMembersIsRead() throws {
    let text = """
      {"schema": 1, "kind": "result", "interrupted": false, "written_by": "reports",
       "metadata": {"host_cores": 2, "swift_version": "6.3.1", "extra": [1]},
       "scenario": {"seed": 1},
       "variants": [{"variant": "sharded(4)", "decode": "none", "note": "x",
                     "metrics": {"requests": 10, "latency_p50_ns": null}}]}
      """
    let document = try ResultDocument.parse(text, path: "r.json")
    #expect(document.kind == .result)
    #expect(document.variants[0].design == "sharded")
    #expect(document.variants[0].shards == nil)
    #expect(
      document.variants[0].metrics == [
        Metric(name: "requests", value: 10), Metric(name: "latency_p50_ns", value: nil),
      ])
  }

  /// A malformed input and the message naming its file, field and value.
  @Test(arguments: [
    (
      #"{"schema": 2, "kind": "result"}"#,
      "'f': unsupported schema 2: this cachebench reads schema 1"
    ),
    (
      #"{"schema": 1, "kind": "draft", "metadata": {}, "scenario": {}, "variants": []}"#,
      "'f': invalid value \"draft\" for 'kind': must be \"result\" or \"baseline\""
    ),
    (
      #"{"schema": 1, "kind": "result", "metadata": {}, "scenario": {}}"#,
      "'f': invalid value (absent) for 'variants': is required"
    ),
    (
      #"{"schema": 1, "kind": "result", "metadata": {}, "scenario": {}, "variants": [{"variant": "naive", "decode": "inside", "metrics": {"hits": "12"}}]}"#,
      "'f': invalid value \"12\" for 'variants[0].metrics.hits': must be a number or null"
    ),
    (
      "{\"schema\": 1,",
      "'f' is not valid JSON: line 1, column 14: expected a member name in quotes"
    ),
    (
      "variant,decode,hits\r\nnaive,inside,12x\r\n",
      "'f': invalid value '12x' for 'hits in record 2': must be a decimal number or empty"
    ),
    (
      "variant,hits\r\nnaive,12\r\n", "'f': invalid value (absent) for 'decode': column is required"
    ),
    ("variant,decode,hits\r\n", "'f': invalid value (none) for '(rows)': there is no variant row"),
    (
      "variant,decode\r\nnaive\r\n",
      "'f' is not valid CSV: record 2: has 1 fields, the header has 2"
    ),
    (
      "variant,decode,seed\r\nnaive,inside,1\r\nmutex,inside,2\r\n",
      "'f': invalid value '2' for 'seed in record 3': differs from the first row ('1'): one run per file"
    ),
  ])
  func malformedInputIsRefusedNamingFileFieldAndValue(text: String, message: String) {
    let error = #expect(throws: GateError.self) { try ResultDocument.parse(text, path: "f") }
    #expect(error?.description == message)
  }

  @Test func aMissingFileIsReportedWithTheSystemsReason() {
    #expect(
      throws: GateError.unreadable(
        path: "/nonexistent.csv", reason: "open failed (No such file or directory)")
    ) { try ResultDocument.read(path: "/nonexistent.csv") }
  }

  @Test func theMedianOfRepetitionsTakesEachMetricsMiddleValue() throws {
    func run(throughput: Double, extra: Bool = false) -> ResultDocument {
      var variant = GateFixtures.with(GateFixtures.coalescing, "throughput", throughput)
      if extra { variant = GateFixtures.with(variant, "future", 1) }
      return GateFixtures.run(variants: [variant, GateFixtures.mutex])
    }
    let merged = try ResultDocument.median(
      of: [run(throughput: 30), run(throughput: 90, extra: true), run(throughput: 40)],
      names: ["a", "b", "c"])
    #expect(merged.variants[0].value(of: "throughput") == .some(40))
    #expect(merged.variants[0].value(of: "fetches") == .some(1_695))
    #expect(merged.variants[0].value(of: "future") == nil, "absent from some run: absent")
    #expect(merged.metadata["repetitions"] == .number("3"))
    let even = try ResultDocument.median(
      of: [run(throughput: 30), run(throughput: 40)], names: ["a", "b"])
    #expect(even.variants[0].value(of: "throughput") == .some(35))
  }

  @Test func aMetricSomeRepetitionsCouldNotMeasureIsTheMedianOfThoseThatDidAndNoted() throws {
    func run(mallocs: Double?) -> ResultDocument {
      GateFixtures.run(variants: [
        GateFixtures.with(GateFixtures.coalescing, "malloc_count", mallocs), GateFixtures.mutex,
      ])
    }
    let runs = [run(mallocs: 100), run(mallocs: nil), run(mallocs: 300)]
    let merged = try ResultDocument.median(of: runs, names: ["a", "b", "c"])
    #expect(merged.variants[0].value(of: "malloc_count") == .some(200))
    #expect(
      ResultDocument.partlyMeasured(runs) == [
        "malloc_count of coalescing/outside: measured in 2 of 3 runs, the median of those"
      ])
    let never = [run(mallocs: nil), run(mallocs: nil)]
    #expect(
      try ResultDocument.median(of: never, names: ["a", "b"]).variants[0].value(of: "malloc_count")
        == .some(nil))
    #expect(ResultDocument.partlyMeasured(never).isEmpty)
    #expect(ResultDocument.partlyMeasured([run(mallocs: 1), run(mallocs: 2)]).isEmpty)
  }

  @Test func repetitionsOfDifferentRunsAreNotMerged() {
    let other = GateFixtures.run(variants: [GateFixtures.mutex])
    #expect(throws: GateError.self) {
      try ResultDocument.median(of: [GateFixtures.run(), other], names: ["a", "b"])
    }
  }
}
