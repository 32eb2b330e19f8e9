import CacheBenchCore

extension ResultDocument {
  /// The document of a finished run, with exactly the metrics and values its CSV has.
  init(
    kind: Kind, results: [VariantResult], scenario: Scenario, metadata: RunMetadata,
    calibration: Calibration? = nil
  ) {
    self.init(
      kind: kind, repeated: results.map(VariantRepetitions.init(single:)), scenario: scenario,
      metadata: metadata, calibration: calibration)
  }

  /// The document of a finished run whose variants may each have been measured several times: the
  /// medians and intervals its CSV has (`CSVWriter.render(repeated:)`).
  init(
    kind: Kind, repeated: [VariantRepetitions], scenario: Scenario, metadata: RunMetadata,
    calibration: Calibration? = nil
  ) {
    self.init(
      kind: kind,
      record: RunRecord(
        repeated: repeated, scenario: scenario, metadata: metadata, calibration: calibration))
  }

  /// The document of `run`, read from the fields every output writes (`RunRecord.Variant.fields`), so
  /// it holds the metrics and values of the run's CSV and JSON result, and `compare` finds a baseline
  /// equal to either: metadata and scenario from the first variant's fields, as the CSV reader takes
  /// them, then the host name, which the CSV does not carry; the metrics by the CSV reader's rule
  /// (`init(csv:)`). A run with no variant has empty metadata and scenario.
  init(kind: Kind, record run: RunRecord) {
    guard let first = run.variants.first else {
      self.init(
        kind: kind, interrupted: false, metadata: .object([]), scenario: .object([]), variants: [])
      return
    }
    let described = Set(Self.metadataColumns + Self.scenarioColumns + Self.variantColumns)
    self.init(
      kind: kind,
      interrupted: run.variants.contains { $0.field("interrupted") == "true" },
      metadata: .object(
        Self.metadataColumns.compactMap { name in first.field(name).map { (name, Self.typed($0)) } }
          + [("host_name", .string(run.metadata.hostName))]),
      scenario: .object(
        Self.scenarioColumns.compactMap { name in first.field(name).map { (name, Self.typed($0)) } }
      ),
      variants: run.variants.map { variant in
        let identity = variant.result.variant
        // Every metric field the writer fills is a number, empty or `n/a` (`RecordFieldTests`).
        let metrics = zip(RunRecord.columns, variant.values).compactMap { column, value in
          described.contains(column) ? nil : Self.metric(column, value)
        }
        return VariantMetrics(
          variant: identity.name, design: identity.design.name, decode: identity.decode.rawValue,
          shards: identity.shards, metrics: metrics)
      })
  }

  /// The metric of a record's column: a reading's number at its declared precision
  /// (`MetricReading.writtenNumber`), which is what the CSV reader parses from its field; `null` where
  /// it does not apply, was not measured or is not finite; a text column by the CSV reader's rule.
  static func metric(_ column: String, _ value: RecordValue) -> Metric {
    switch value {
    case .reading(let reading):
      let number = reading.writtenNumber.flatMap { $0.isFinite ? $0 : nil }
      return Metric(name: column, value: number)
    case .text(let text):
      return Metric(name: column, value: metricValue(text) ?? nil)
    }
  }
}
