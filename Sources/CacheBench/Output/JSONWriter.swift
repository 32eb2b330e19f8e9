import CacheBenchCore
import Foundation

/// Renders a run as the `--json` document (`JSONResult`, schema 1).
///
/// The text is the one JSON writer's, `JSONValue.rendered()`, of the document made a `JSONValue`
/// (`JSONValueEncoder`): indented, keys sorted, so the same run gives the same bytes and two files
/// diff line by line, and arrays of plain numbers (a histogram's buckets) on one line each: a
/// histogram of thousands of buckets takes thousands of lines, not four times as many. UTF-8, ending
/// in a newline.
enum JSONWriter {
  /// The document of a run: `results` in order, under `scenario` and `metadata`.
  static func document(
    results: [VariantResult], scenario: Scenario, metadata: RunMetadata, interrupted: Bool = false,
    calibration: Calibration? = nil
  ) -> JSONResult {
    document(
      repeated: results.map(VariantRepetitions.init(single:)), scenario: scenario,
      metadata: metadata, interrupted: interrupted, calibration: calibration)
  }

  /// The document of a run whose variants may each have been measured several times: one record per
  /// variant, its metrics the medians the CSV has (`CSVWriter.values(of:)`), its histograms pooled
  /// over the repetitions (`VariantRepetitions.pooledHistograms`), and `ratios` when given.
  static func document(
    repeated: [VariantRepetitions], scenario: Scenario, metadata: RunMetadata,
    interrupted: Bool = false, calibration: Calibration? = nil, ratios: ReferenceRatios? = nil
  ) -> JSONResult {
    document(
      RunRecord(
        repeated: repeated, scenario: scenario, metadata: metadata, calibration: calibration,
        ratios: ratios, interrupted: interrupted))
  }

  /// The document of `run`: its metadata, its scenario, per variant the metrics its fields hold and
  /// its histograms, and the run's findings (`Findings`, every one).
  static func document(_ run: RunRecord) -> JSONResult {
    let metadata = run.metadata
    return JSONResult(
      schema: JSONResult.currentSchema,
      kind: JSONResult.resultKind,
      interrupted: run.interrupted,
      metadata: JSONResult.Metadata(
        timestamp: metadata.timestamp,
        toolVersion: metadata.toolVersion,
        swiftVersion: metadata.swiftVersion,
        gitCommit: metadata.gitCommit,
        hostCores: metadata.hostCores,
        hostName: metadata.hostName),
      scenario: scenarioRecord(run.scenario),
      variants: run.variants.map(variantRecord),
      ratios: run.ratios.flatMap {
        $0.ratios.isEmpty ? nil : $0.ratios.map(JSONResult.RatioRecord.init)
      },
      findings: Findings.evaluate(repeated: run.repeated, scenario: run.scenario).enumerated()
        .map { JSONResult.FindingRecord($1, rank: $0 + 1) })
  }

  /// The document of a run as JSON text; see `JSONWriter`.
  static func render(
    results: [VariantResult], scenario: Scenario, metadata: RunMetadata, interrupted: Bool = false,
    calibration: Calibration? = nil
  ) throws(OutputError) -> String {
    try render(
      repeated: results.map(VariantRepetitions.init(single:)), scenario: scenario,
      metadata: metadata, interrupted: interrupted, calibration: calibration)
  }

  /// The document of a run with repetitions as JSON text; see `document(repeated:)`.
  static func render(
    repeated: [VariantRepetitions], scenario: Scenario, metadata: RunMetadata,
    interrupted: Bool = false, calibration: Calibration? = nil, ratios: ReferenceRatios? = nil
  ) throws(OutputError) -> String {
    try render(
      RunRecord(
        repeated: repeated, scenario: scenario, metadata: metadata, calibration: calibration,
        ratios: ratios, interrupted: interrupted))
  }

  /// The document of `run` as JSON text; see `JSONWriter`.
  static func render(_ run: RunRecord) throws(OutputError) -> String {
    do {
      return try JSONValueEncoder.encode(document(run)).rendered()
    } catch {
      // The document's types throw nothing of their own; kept for what an encoding may throw.
      throw .encodingFailed(format: "JSON", reason: "\(error)")
    }
  }

  /// One variant's identity, its metrics from its fields, and its named histograms.
  ///
  /// The metrics are `RunRecord.metricColumns`, the fields `RecordField` puts in the metric section: the document's own
  /// `interrupted` member carries the run's flag, and the scenario's fields live under `scenario`.
  private static func variantRecord(_ variant: RunRecord.Variant) -> JSONResult.VariantRecord {
    let result = variant.result
    var metrics: [String: MetricValue] = [:]
    for (index, column) in RunRecord.metricColumns {
      metrics[column] = MetricValue(variant.values[index])
    }
    var histograms: [String: HistogramRecord] = [:]
    for (name, histogram) in variant.repetitions.pooledHistograms {
      histograms[name] = HistogramRecord(histogram)
    }
    return JSONResult.VariantRecord(
      variant: result.variant.name,
      design: result.variant.design.name,
      decode: result.variant.decode.rawValue,
      shards: result.variant.shards,
      metrics: metrics,
      histograms: histograms)
  }

  /// Every option of `scenario` under its CSV name, `nil` for what does not apply.
  private static func scenarioRecord(_ scenario: Scenario) -> JSONResult.ScenarioRecord {
    var requestsTarget: Int? = nil
    var durationSeconds: Double? = nil
    switch scenario.stop {
    case .requests(let count): requestsTarget = count
    case .duration(let duration): durationSeconds = Double(DecimalText.seconds(duration))
    }
    return JSONResult.ScenarioRecord(
      variants: scenario.variants.map(\.description),
      shards: scenario.shards,
      keys: scenario.keys,
      distribution: scenario.distribution.recordName,
      zipfTheta: scenario.distribution.recordTheta,
      seed: scenario.seed,
      concurrency: scenario.concurrency,
      requestsTarget: requestsTarget,
      durationSeconds: durationSeconds,
      warmup: scenario.warmupRequests,
      fetchLatencyConfiguredNanoseconds: DecimalText.nanoseconds(scenario.fetchLatency),
      payloadBytes: scenario.payloadBytes,
      decodeCostNanoseconds: DecimalText.nanoseconds(scenario.decodeCost),
      fetchLatencyDistribution: scenario.latencyDistribution.description,
      failRate: scenario.fetcher.failRate,
      ignoreCancellation: scenario.fetcher.ignoresCancellation,
      fetchLimit: scenario.fetcher.fetchLimit,
      rateTarget: scenario.openLoop?.rate,
      threads: scenario.threads,
      caller: scenario.caller.rawValue,
      invalidateRate: scenario.invalidateRate,
      cancelRate: scenario.cancelRate,
      cancelAt: scenario.cancelMoment.rawValue,
      decodeCheckpoint: scenario.decodeCheckpoint,
      capacity: scenario.capacity,
      timeToLiveNanoseconds: scenario.timeToLive.map(DecimalText.nanoseconds),
      writeRate: scenario.writeRate)
  }
}
