import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The `--json` document: its shape, its figures, and that it reads back.
struct JSONWriterTests {
  private func render(_ results: [VariantResult]) throws -> String {
    try JSONWriter.render(
      results: results, scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata)
  }

  private func decoded(_ text: String) throws -> JSONResult {
    try JSONDecoder().decode(JSONResult.self, from: Data(text.utf8))
  }

  @Test func aRenderedDocumentDecodesToTheDocumentItWasMadeFrom() throws {
    let results = [OutputFixtures.naiveInside, OutputFixtures.shardedOutside]
    let text = try render(results)
    let expected = JSONWriter.document(
      results: results, scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata)
    #expect(try decoded(text) == expected)
    #expect(text.hasSuffix("}\n"))
  }

  @Test func theTopLevelCarriesSchemaKindMetadataAndEveryScenarioOption() throws {
    let document = try decoded(try render([OutputFixtures.naiveInside]))
    #expect(document.schema == 1)
    #expect(document.kind == "result")
    #expect(!document.interrupted)
    #expect(
      document.metadata
        == JSONResult.Metadata(
          timestamp: "2026-11-29T15:04:36Z", toolVersion: "0.1.0", swiftVersion: "6.3.1",
          gitCommit: "0123abc", hostCores: 2, hostName: "bench-1"))
    #expect(
      document.scenario
        == JSONResult.ScenarioRecord(
          variants: ["naive/inside", "sharded(8)/outside"], shards: 8, keys: 1_000,
          distribution: "zipf", zipfTheta: 0.99, seed: 42, concurrency: 16, requestsTarget: 10_000,
          durationSeconds: nil, warmup: 500, fetchLatencyConfiguredNanoseconds: 1_000_000,
          payloadBytes: 4_096, decodeCostNanoseconds: 20_000, fetchLatencyDistribution: "1ms",
          failRate: 0, ignoreCancellation: false, fetchLimit: nil, threads: nil, caller: "pool",
          invalidateRate: 0,
          cancelRate: 0, cancelAt: "wait", decodeCheckpoint: 0, capacity: nil,
          timeToLiveNanoseconds: nil, writeRate: 0))
  }

  /// A scenario option in the CSV but not in the JSON could not be told apart in JSON (`--capacity` was
  /// such an option): every scenario column of the CSV is a key of the JSON's `scenario`.
  @Test func everyScenarioColumnOfTheCSVIsAKeyOfTheJSONScenario() throws {
    let text = try render([OutputFixtures.naiveInside])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let scenario = try #require(object["scenario"] as? [String: Any])
    let missing = CSVWriter.scenarioColumns.filter { !scenario.keys.contains($0) }
    #expect(missing.isEmpty, "in the CSV, not in the JSON: \(missing)")
  }

  @Test func metricKeysAreTheCSVMetricColumnsWithTheCSVFigures() throws {
    let document = try decoded(try render([OutputFixtures.shardedOutside]))
    let variant = try #require(document.variants.first)
    #expect(variant.variant == "sharded(8)")
    #expect(variant.design == "sharded")
    #expect(variant.decode == "outside")
    #expect(variant.shards == 8)
    // `interrupted` is the document's own member and scenario columns live under `scenario`.
    let metricColumns = CSVWriter.columns.drop { $0 != "requests" }
      .filter { $0 != "interrupted" && !ResultDocument.scenarioColumns.contains($0) }
    #expect(Set(variant.metrics.keys) == Set(metricColumns))
    #expect(variant.metrics["requests"] == .number(250_000))
    #expect(variant.metrics["duplicate_fetches"] == .number(0))
    #expect(variant.metrics["throughput"] == .number(125_000))
    #expect(variant.metrics["window_s"] == .number(2))
    #expect(variant.metrics["latency_p99_ns"] == .number(41_234))
    #expect(variant.metrics["latency_mean_ns"] == .number(41_234))
    #expect(variant.metrics["fetch_latency_p50_ns"] == .number(1_090_000))
  }

  @Test func everyMetricOfAFullyMeasuredResultIsANumber() throws {
    var result = OutputFixtures.naiveInside
    result.actorWait = OutputFixtures.histogram(1_500)
    result.actorService = OutputFixtures.histogram(250)
    result.schedulingDelay = OutputFixtures.histogram(40_000)
    result.actorBusyWait = OutputFixtures.histogram(900)
    result.utilisation = IsolationUtilisation(
      busyNanoseconds: [1_000, 3_000], windowNanoseconds: 4_000)
    result.clientSpread = ClientSpread(requestsPerClient: [10, 20, 30])
    var calibration = CalibrationFixtures.roundFigures
    calibration.sleepOvershoots[2].overshoot = 150_000
    // The repository figures exist for the repository designs; a fully measured result has them.
    result.repository = RepositoryFigures(writes: 3, conflicts: 1, staleServedAfterWrite: 0)
    result.staleRejected = 2
    result.decodes = 4
    result.decodesOnActor = 4
    result.decodeCancellation = DecodeCancellationFigures(
      checkpoint: 0, callerDecodes: 4, decodesElsewhere: 0, decodesCancelled: 2, decodesStopped: 0,
      wastedNanoseconds: 30_000, decodeNanoseconds: 80_000)
    let document = try decoded(
      try JSONWriter.render(
        results: [result], scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata,
        calibration: calibration))
    // instructions_per_request is filled in only by scripts/valgrind from callgrind's counts.
    // peak_rss_source names how peak_rss_bytes was measured; it is text by design.
    // fetch_queue_* apply only with --fetch-limit, the intervals only with two repetitions or more.
    let measuredOutsideTheRun: Set = [
      "instructions_per_request", "peak_rss_source", "fetch_queue_p50_ns", "fetch_queue_p99_ns",
      "fetch_queue_max_ns", "rate_achieved", "backlog", "start_lag_max_ns",
      "latency_actual_p50_ns", "latency_actual_p99_ns", "latency_actual_max_ns", "ci_level",
      "throughput_ci_low", "throughput_ci_high", "latency_p50_ci_low_ns", "latency_p50_ci_high_ns",
      "latency_p99_ci_low_ns", "latency_p99_ci_high_ns",
      // The main actor's figures apply only with --caller main.
      "main_delay_p50_ns", "main_delay_p99_ns", "main_delay_max_ns", "main_delay_samples",
      "main_hitches", "main_hangs", "main_actor_decodes",
      // Words, null for a design that ignored nothing the run asked.
      "ignored_options",
      // Only for a design whose isolation figures came from its instrumented executor or lock.
      "isolation_jobs",
    ]
    for (name, value) in try #require(document.variants.first).metrics
    where !measuredOutsideTheRun.contains(name) {
      guard case .number = value else {
        Issue.record("metric \(name) is \(value), not a number")
        continue
      }
    }
  }

  @Test func whatWasNotMeasuredIsNullNeverZero() throws {
    var result = OutputFixtures.naiveInside
    result.fetchLatency = LatencyHistogram()
    let text = try render([result])
    let variant = try #require(try decoded(text).variants.first)
    #expect(variant.metrics["fetch_latency_p50_ns"] == .null)
    #expect(variant.metrics["fetch_latency_p99_ns"] == .null)
    let fetch = try #require(variant.histograms["fetch_latency"])
    #expect(fetch.totalCount == 0)
    #expect(fetch.min == nil && fetch.max == nil && fetch.mean == nil)
    #expect(fetch.buckets.isEmpty)
    #expect(text.contains("\"fetch_latency_p50_ns\": null"))
    #expect(text.contains("\"buckets\": []"))
    #expect(text.contains("\"min\": null"))
  }

  @Test func aHistogramRebuiltFromItsBucketsHasTheSamePercentiles() throws {
    var histogram = LatencyHistogram()
    for value: UInt64 in [3, 3, 900, 2_048, 2_049, 51_234, 1_000_000, 1_000_447, 7_654_321] {
      histogram.record(value)
    }
    var result = OutputFixtures.naiveInside
    result.latency = histogram
    let record = try #require(
      try decoded(try render([result])).variants.first?.histograms["latency"])
    #expect(record.unit == "ns")
    #expect(record.significantDigits == 3)
    #expect(record.highestTrackableValue == 1 << 40)
    #expect(record.totalCount == 9)
    #expect(record.saturatedCount == 0)
    #expect(record.min == 3)
    #expect(record.max == 7_654_321)
    #expect(record.mean == histogram.mean)
    #expect(record.buckets.map(\.count) == [2, 1, 2, 1, 2, 1])
    var rebuilt = LatencyHistogram(
      highestTrackableValue: record.highestTrackableValue,
      significantDigits: record.significantDigits)
    for bucket in record.buckets {
      for _ in 0..<bucket.count { rebuilt.record(bucket.value) }
    }
    // As documented, a reader clamps to the exact max, which the buckets alone cannot give.
    for percentile in [1.0, 25, 50, 75, 90, 99] {
      #expect(
        min(rebuilt.value(atPercentile: percentile), record.max ?? 0)
          == histogram.value(atPercentile: percentile),
        "p\(percentile)")
    }
  }

  @Test func bucketsAreWrittenAsPairsOnOneLineEach() throws {
    let text = try render([OutputFixtures.shardedOutside])
    let bucket = try #require(OutputFixtures.shardedOutside.latency.nonEmptyBuckets.first)
    #expect(text.contains("\"buckets\": [\n") && text.contains("  [\(bucket.value), 3]\n"))
  }

  @Test func aUniformDurationRunHasNullThetaAndTarget() throws {
    var scenario = OutputFixtures.scenario
    scenario.distribution = .uniform
    scenario.stop = .duration(.milliseconds(2_500))
    let text = try JSONWriter.render(
      results: [], scenario: scenario, metadata: OutputFixtures.metadata)
    let document = try decoded(text)
    #expect(document.scenario.zipfTheta == nil)
    #expect(document.scenario.requestsTarget == nil)
    #expect(document.scenario.durationSeconds == 2.5)
    #expect(document.scenario.distribution == "uniform")
    #expect(text.contains("\"zipf_theta\": null"))
  }

  @Test(arguments: [
    ("", MetricValue.null), ("12", .number(12)), ("3333.3", .number(3333.3)), ("nan", .text("nan")),
    ("n/a", .null), ("vmhwm", .text("vmhwm")),
  ])
  func aCSVFieldBecomesNullANumberOrTextNeverADroppedValue(field: String, expected: MetricValue) {
    #expect(MetricValue(csvField: field) == expected)
  }
}
