import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The gate's verdicts on in-memory runs: green on an identical run, red naming the metric on each
/// kind of regression.
struct ComparisonTests {
  typealias Fixtures = GateFixtures

  @Test func anIdenticalRunPassesWithEveryGatedMetricOK() throws {
    let comparison = try Fixtures.compare(Fixtures.run())
    #expect(comparison.passed)
    #expect(comparison.rows.allSatisfy { $0.verdict == .ok || $0.verdict == .ungated })
    #expect(comparison.rows.contains { $0.metric == "throughput_ratio" && $0.verdict == .ok })
  }

  /// The naive design run in place of coalescing: overlapping misses each fetch.
  @Test func theNaiveDesignInPlaceOfCoalescingFailsOnFetchesAndDuplicates() throws {
    var naiveInPlace = Fixtures.with(Fixtures.coalescing, "fetches", 1_741)
    naiveInPlace = Fixtures.with(naiveInPlace, "leaders", 1_741)
    naiveInPlace = Fixtures.with(naiveInPlace, "duplicate_fetches", 46)
    let comparison = try Fixtures.compare(Fixtures.run(variants: [naiveInPlace, Fixtures.mutex]))
    #expect(!comparison.passed)
    #expect(
      comparison.failures.map(\.metric).sorted() == ["duplicate_fetches", "fetches", "leaders"])
    #expect(comparison.failures.allSatisfy { $0.variant == "coalescing/outside" })
    let report = comparison.report(.text)
    #expect(report.hasPrefix("gate FAIL: 3 regressions"))
    #expect(report.contains("coalescing/outside  duplicate_fetches"))
  }

  @Test(arguments: [
    // A single extra duplicate fetch on a coalescing design is a regression: the count is exact.
    ("duplicate_fetches", 1.0, Verdict.regression),
    ("errors", 1, .regression),
    ("requests", 19_999, .regression),
    ("requests", 20_001, .regression),
    // Against a reference that did not move, the ratio 0.8 falls to 0.3 (-62.5%, beyond 50%)
    // or to 0.5 (-37.5%, within).
    ("throughput", 15_000, .regression),
    ("throughput", 25_000, .ok),
    ("throughput", 70_000, .improvement),
    // The split between hits and joins depends on timing, and raw times are never gated.
    ("hits", 17_000, .ungated),
    ("latency_p99_ns", 9_000_000, .ungated),
    ("latency_p99_ns", 1_000, .ungated),
  ])
  func eachMetricIsJudgedByItsRule(metric: String, value: Double, verdict: Verdict) throws {
    let current = Fixtures.run(variants: [
      Fixtures.with(Fixtures.coalescing, metric, value), Fixtures.mutex,
    ])
    let comparison = try Fixtures.compare(current)
    // Throughput itself is a raw time; it is judged through its ratio to the reference.
    let judgedMetric = metric == "throughput" ? "throughput_ratio" : metric
    let judged = comparison.rows.filter { $0.verdict != .ok && $0.verdict != .ungated }
    if verdict == .ok || verdict == .ungated {
      #expect(judged.isEmpty, "\(judged)")
      #expect(comparison.rows.contains { $0.metric == judgedMetric && $0.verdict == verdict })
    } else {
      #expect(judged.map(\.metric) == [judgedMetric])
      #expect(judged.map(\.verdict) == [verdict])
    }
  }

  @Test func aMetricMissingFromTheCurrentRunFails() throws {
    let current = Fixtures.run(variants: [
      Fixtures.without(Fixtures.coalescing, "fetch_latency_p50_ns"), Fixtures.mutex,
    ])
    let comparison = try Fixtures.compare(current)
    #expect(!comparison.passed)
    #expect(comparison.failures.map(\.metric) == ["fetch_latency_p50_ns"])
    #expect(comparison.failures.map(\.verdict) == [.missing])
  }

  @Test func aMetricMeasuredInTheBaselineButUnmeasuredNowFails() throws {
    let current = Fixtures.run(variants: [
      Fixtures.with(Fixtures.coalescing, "errors", nil), Fixtures.mutex,
    ])
    let failures = try Fixtures.compare(current).failures
    #expect(failures.map(\.metric) == ["errors"])
  }

  @Test func anAllocatorFigureTheCurrentRunCouldNotMeasureIsLeftOutWithANoteNotARegression() throws
  {
    let baseline = Fixtures.run(
      kind: .baseline,
      variants: [Fixtures.with(Fixtures.coalescing, "mallocs_per_request", 1.2), Fixtures.mutex])
    let current = Fixtures.run(variants: [
      Fixtures.with(Fixtures.coalescing, "mallocs_per_request", nil), Fixtures.mutex,
    ])
    let comparison = try Fixtures.compare(current, baseline: baseline)
    #expect(comparison.passed)
    let row = try #require(comparison.rows.first { $0.metric == "mallocs_per_request" })
    #expect(row.verdict == .unmeasured)
    #expect(
      comparison.notes.contains {
        $0.hasPrefix("left out, not measured in current.csv")
          && $0.hasSuffix("mallocs_per_request of coalescing/outside")
      })
    #expect(comparison.report(.text).contains("1 left out unmeasured"))
  }

  @Test func anAllocatorFigureThatGotWorseIsStillARegression() throws {
    let baseline = Fixtures.run(
      kind: .baseline,
      variants: [Fixtures.with(Fixtures.coalescing, "mallocs_per_request", 1.2), Fixtures.mutex])
    let current = Fixtures.run(variants: [
      Fixtures.with(Fixtures.coalescing, "mallocs_per_request", 3.0), Fixtures.mutex,
    ])
    let comparison = try Fixtures.compare(current, baseline: baseline)
    #expect(comparison.failures.map(\.metric) == ["mallocs_per_request"])
  }

  /// An unchanged rerun measured on the 2-core machine: `malloc_count` +12.0% and `throughput_ratio`
  /// -53.5%, which the old default thresholds failed.
  @Test func theDefaultThresholdsPassAnUnchangedRerunsNoise() throws {
    let baseline = Fixtures.run(
      kind: .baseline,
      variants: [Fixtures.with(Fixtures.coalescing, "malloc_count", 50_000), Fixtures.mutex])
    var noisy = Fixtures.with(Fixtures.coalescing, "malloc_count", 56_000)
    noisy = Fixtures.with(noisy, "throughput", 40_000 * 0.465)
    let comparison = try Fixtures.compare(
      Fixtures.run(variants: [noisy, Fixtures.mutex]), baseline: baseline,
      thresholds: GateThresholds(reference: "mutex/outside"))
    #expect(comparison.passed, "\(comparison.failures)")
    let ratio = try #require(comparison.rows.first { $0.metric == "throughput_ratio" })
    #expect(ratio.verdict == .ungated)
  }

  @Test func aShownButUnjudgedMetricUnmeasuredNowDoesNotFail() throws {
    let baseline = Fixtures.run(
      kind: .baseline,
      variants: [
        Fixtures.with(Fixtures.coalescing, "floor_mutex_contended_ns", 2_500), Fixtures.mutex,
      ])
    let current = Fixtures.run(variants: [
      Fixtures.with(Fixtures.coalescing, "floor_mutex_contended_ns", nil), Fixtures.mutex,
    ])
    let comparison = try Fixtures.compare(current, baseline: baseline)
    #expect(comparison.passed)
    let row = comparison.rows.first { $0.metric == "floor_mutex_contended_ns" }
    #expect(row?.verdict == .ungated)
  }

  @Test func aVariantMissingFromTheCurrentRunFails() throws {
    let comparison = try Fixtures.compare(Fixtures.run(variants: [Fixtures.mutex]))
    #expect(comparison.failures.map(\.variant) == ["coalescing/outside"])
    #expect(comparison.failures.map(\.metric) == ["(variant)"])
  }

  @Test func aMissingReferenceVariantFailsEveryRatio() throws {
    let comparison = try Fixtures.compare(Fixtures.run(variants: [Fixtures.coalescing]))
    let failing = Set(comparison.failures.map(\.metric))
    // The judged ratio fails; the latency ratios, shown but not judged, are ungated like any
    // unmeasured metric the rules only show.
    #expect(failing.isSuperset(of: ["(variant)", "throughput_ratio"]))
    #expect(!failing.contains("latency_p50_ratio"))
  }

  @Test func aMetricOnlyInTheCurrentRunIsReportedAsNewWithoutFailing() throws {
    let current = Fixtures.run(variants: [
      Fixtures.with(Fixtures.coalescing, "malloc_count", 123_456), Fixtures.mutex,
    ])
    let comparison = try Fixtures.compare(current)
    #expect(comparison.passed)
    #expect(comparison.rows.contains { $0.metric == "malloc_count" && $0.verdict == .new })
  }

  @Test func aMetricWithNoRuleIsShownButNeverGated() throws {
    let baseline = Fixtures.run(variants: [
      Fixtures.with(Fixtures.coalescing, "future_metric", 10), Fixtures.mutex,
    ])
    let current = Fixtures.run(variants: [
      Fixtures.with(Fixtures.coalescing, "future_metric", 1_000), Fixtures.mutex,
    ])
    let comparison = try Fixtures.compare(current, baseline: baseline)
    #expect(comparison.passed)
    #expect(comparison.rows.contains { $0.metric == "future_metric" && $0.verdict == .ungated })
  }

  @Test func improvementsPassUnlessFailOnImprovementIsGiven() throws {
    let current = Fixtures.run(variants: [
      Fixtures.with(Fixtures.coalescing, "throughput", 80_000), Fixtures.mutex,
    ])
    #expect(try Fixtures.compare(current).passed)
    var options = Comparison.Options()
    options.failOnImprovement = true
    let strict = try Fixtures.compare(current, options: options)
    #expect(!strict.passed)
    #expect(strict.failures.map(\.metric) == ["throughput_ratio"])
  }

  @Test func aBaselineFromAnotherHostJudgesOnlyPortableMetricsUnlessAnyHost() throws {
    let current = Fixtures.run(
      variants: [
        Fixtures.with(Fixtures.with(Fixtures.coalescing, "throughput", 10_000), "fetches", 1_700),
        Fixtures.mutex,
      ],
      metadata: Fixtures.metadata(hostCores: 8))
    let comparison = try Fixtures.compare(current)
    #expect(comparison.failures.map(\.metric) == ["fetches"])
    #expect(comparison.notes.contains { $0.contains("host_cores 2 vs 8") })
    var options = Comparison.Options()
    options.anyHost = true
    let all = try Fixtures.compare(current, options: options)
    #expect(all.failures.map(\.metric) == ["fetches", "throughput_ratio"])
  }

  @Test func aDifferentToolchainCountsAsAnotherHost() throws {
    let current = Fixtures.run(metadata: Fixtures.metadata(swiftVersion: "6.2"))
    let comparison = try Fixtures.compare(current)
    #expect(comparison.notes.contains { $0.contains("swift_version 6.3.1 vs 6.2") })
    let ratio = try #require(comparison.rows.first { $0.metric == "throughput_ratio" })
    #expect(ratio.verdict == .ungated)
  }

  @Test func runsStoppedByDurationDoNotJudgeTheCountsThatFollowFromTheRequestCount() throws {
    var baseline = Fixtures.run(kind: .baseline)
    baseline.scenario = .object([
      ("seed", .number("1")), ("requests_target", .null), ("duration_s", .number("2.000000")),
    ])
    var current = Fixtures.run(variants: [
      Fixtures.with(
        Fixtures.with(Fixtures.with(Fixtures.coalescing, "requests", 25_000), "fetches", 1_900),
        "duplicate_fetches", 2),
      Fixtures.mutex,
    ])
    current.scenario = baseline.scenario
    let comparison = try Fixtures.compare(current, baseline: baseline)
    #expect(comparison.failures.map(\.metric) == ["duplicate_fetches"])
    #expect(comparison.notes.contains { $0.hasPrefix("the runs stop by duration") })
  }

  @Test func runsOfDifferentScenariosAreNotCompared() {
    var current = Fixtures.run()
    current.scenario = .object([
      ("seed", .number("2")), ("keys", .number("2000.0")), ("requests_target", .number("20000")),
      ("duration_s", .null),
    ])
    #expect(
      throws: GateError.scenarioMismatch(
        baseline: "baseline.json", current: "current.csv", differences: ["seed 1 vs 2"])
    ) { try Fixtures.compare(current) }
  }

  @Test func aFieldTheBaselinePredatesIsTakenAtTheValueEveryEarlierRunHad() {
    let baseline = JSONValue.object([("seed", .number("1")), ("keys", .number("2000"))])
    let pool = JSONValue.object([
      ("seed", .number("1")), ("keys", .number("2000")), ("caller", .string("pool")),
      ("cancel_at", .string("wait")), ("decode_checkpoint", .number("0")),
    ])
    #expect(Comparison.scenarioDifferences(baseline, pool).isEmpty)
    #expect(Comparison.scenarioDifferences(pool, baseline).isEmpty)
    let main = JSONValue.object([
      ("seed", .number("1")), ("keys", .number("2000")), ("caller", .string("main")),
      ("decode_checkpoint", .number("4")), ("threads", .number("2")),
    ])
    #expect(
      Comparison.scenarioDifferences(baseline, main) == [
        "caller \"pool\" vs \"main\"", "decode_checkpoint 0 vs 4",
      ])
    #expect(
      Comparison.scenarioDifferences(main, baseline) == [
        "caller \"main\" vs \"pool\"", "decode_checkpoint 4 vs 0",
      ])
  }

  @Test func anInterruptedRunIsNotCompared() {
    var current = Fixtures.run()
    current.interrupted = true
    #expect(throws: GateError.interrupted(path: "current.csv")) { try Fixtures.compare(current) }
  }

  @Test func aVariantListedTwiceIsRefused() {
    let current = Fixtures.run(variants: [Fixtures.mutex, Fixtures.mutex])
    #expect(throws: GateError.duplicateVariant(path: "current.csv", key: "mutex/outside")) {
      try Fixtures.compare(current)
    }
  }

  @Test func aReferenceTheBaselineLacksIsRefused() {
    #expect(throws: GateError.self) {
      try Fixtures.compare(
        Fixtures.run(), thresholds: GateThresholds(reference: "sharded(8)/inside"))
    }
  }

  @Test func theMarkdownAndJSONReportsNameTheFailingMetric() throws {
    let current = Fixtures.run(variants: [
      Fixtures.with(Fixtures.coalescing, "duplicate_fetches", 3), Fixtures.mutex,
    ])
    let comparison = try Fixtures.compare(current)
    let markdown = comparison.report(.markdown)
    #expect(markdown.hasPrefix("### cachebench gate FAIL"))
    #expect(
      markdown.contains(
        "| coalescing/outside | duplicate_fetches | 0 | 3 | +3 | exact | regression |"))
    let json = try JSONParser.parse(comparison.report(.json))
    #expect(json["status"] == .string("fail"))
    #expect(json["exit_code"] == .number("2"))
    guard case .array(let rows)? = json["comparisons"] else {
      Issue.record("no comparisons array")
      return
    }
    let failing = rows.filter { $0["verdict"] == .string("regression") }
    #expect(failing.map { $0["metric"] } == [.string("duplicate_fetches")])
  }
}

/// Report cells: a small ratio keeps three significant digits instead of printing as 0.000.
struct ComparisonNumberTests {
  @Test func smallFiguresKeepThreeSignificantDigitsAndOthersKeepTheirDecimals() {
    #expect(Comparison.number(0.000745) == "0.000745")
    #expect(Comparison.number(0.0512) == "0.0512")
    #expect(Comparison.number(-0.00333) == "-0.00333")
    #expect(Comparison.number(0.25) == "0.250")
    #expect(Comparison.number(12.3456) == "12.346")
    #expect(Comparison.number(1234.56) == "1234.6")
    #expect(Comparison.number(42) == "42")
    #expect(Comparison.number(nil) == "n/a")
  }
}
