import CacheBenchCore

extension ResultDocument {
  /// CSV columns that describe the run rather than measure it, by what they describe.
  ///
  /// Every other column is a metric, so a column appended to the CSV later is compared as a metric
  /// with no change here; a new *scenario* column must be added to `scenarioColumns`.
  static let metadataColumns = RunRecord.metadataColumns
  /// See `metadataColumns`.
  static let scenarioColumns = CSVWriter.scenarioColumns
  /// See `metadataColumns`. `peak_rss_source` says how a metric was measured, not a measure;
  /// `interrupted` says whether the run was cut short, read into `ResultDocument.interrupted`.
  static let variantColumns = RunRecord.variantColumns

  /// The scenario columns a sweep's CSV (`SweepCSVWriter`) gives per cell: they name the cell
  /// (`VariantMetrics.cell`) rather than the run.
  static let sweepCellColumns = ["concurrency", "threads"]
  /// The columns a sweep's CSV appends that describe the sweep, the same in every row; its ratio
  /// columns are metrics.
  static let sweepScenarioColumns = ["sweep_cells", "reference_variant"]

  /// Reads the document of a `--csv` file: one row per variant, metadata and scenario from the first.
  ///
  /// `variant` and `decode` columns are required; an empty or `n/a` metric field is an unmeasured
  /// metric (`null`), anything else must be a decimal number. Rows of one file must agree on the scenario,
  /// so concatenated runs are refused rather than silently mixed. A sweep's CSV (a `sweep_cell`
  /// column) is one run whose cells are its variants: each keyed by its concurrency and client threads
  /// too (`coalescing/inside c=64`), the sweep's own columns in the scenario, its ratios as metrics.
  init(csv table: CSVTable) throws(SchemaViolation) {
    for required in ["variant", "decode"] where !table.header.contains(required) {
      throw SchemaViolation(field: required, value: "(absent)", reason: "column is required")
    }
    guard let first = table.rows.first else {
      throw SchemaViolation(field: "(rows)", value: "(none)", reason: "there is no variant row")
    }
    kind = .result
    // A CSV written before the column existed is of a run that completed.
    interrupted = table.rows.contains { table.value("interrupted", in: $0) == "true" }
    // A sweep's CSV holds one row per cell: its concurrency and client threads are the cell's, not
    // the run's, and name the variant with its design, decode and shards.
    let isSweep = table.header.contains("sweep_cell")
    let scenarioColumns =
      isSweep
      ? Self.scenarioColumns.filter { !Self.sweepCellColumns.contains($0) }
        + Self.sweepScenarioColumns
      : Self.scenarioColumns
    metadata = .object(
      Self.metadataColumns.compactMap { name in
        table.value(name, in: first).map { (name, Self.typed($0)) }
      })
    scenario = .object(
      scenarioColumns.compactMap { name in
        table.value(name, in: first).map { (name, Self.typed($0)) }
      })
    let described = Set(
      Self.metadataColumns + Self.scenarioColumns + Self.variantColumns
        + (isSweep ? Self.sweepScenarioColumns + ["sweep_cell"] : []))
    var variants: [VariantMetrics] = []
    for (index, row) in table.rows.enumerated() {
      let record = "record \(index + 2)"
      for name in scenarioColumns {
        if let value = table.value(name, in: row), let expected = table.value(name, in: first),
          value != expected
        {
          throw SchemaViolation(
            field: "\(name) in \(record)", value: "'\(value)'",
            reason: "differs from the first row ('\(expected)'): one run per file")
        }
      }
      variants.append(
        try Self.variant(
          row, of: table, record: record, metricsLeavingOut: described, isSweep: isSweep))
    }
    self.variants = variants
  }

  /// The variant of the CSV row `row` (`record` names it in errors): its name, and its metrics, every
  /// column not in `described`; in a sweep, keyed by its cell too.
  private static func variant(
    _ row: [String], of table: CSVTable, record: String, metricsLeavingOut described: Set<String>,
    isSweep: Bool
  ) throws(SchemaViolation) -> VariantMetrics {
    let variant = table.value("variant", in: row) ?? ""
    let decode = table.value("decode", in: row) ?? ""
    let design = table.value("design", in: row) ?? String(variant.prefix { $0 != "(" })
    var metrics: [Metric] = []
    for (column, text) in zip(table.header, row) where !described.contains(column) {
      guard let value = metricValue(text) else {
        throw SchemaViolation(
          field: "\(column) in \(record)", value: "'\(text)'",
          reason: "must be a decimal number or empty")
      }
      metrics.append(Metric(name: column, value: value))
    }
    var cell: String? = nil
    if isSweep {
      let threads = table.value("threads", in: row).flatMap { $0.isEmpty ? nil : "t=\($0) " }
      cell = (threads ?? "") + "c=\(table.value("concurrency", in: row) ?? "")"
    }
    return VariantMetrics(
      variant: variant, design: design, decode: decode,
      shards: table.value("shards", in: row).flatMap { Int($0) }, cell: cell, metrics: metrics)
  }

  /// A metric's CSV field as its value: empty or `n/a` (does not apply, not measured) is `.some(nil)`,
  /// a decimal number its value, anything else `nil`, which the writer never writes.
  static func metricValue(_ text: String) -> Double?? {
    if text.isEmpty || text == CSVWriter.notAvailable { return .some(nil) }
    return CSVWriter.decimal(text).map { .some($0) }
  }

  /// A CSV field as a JSON value: empty is `null`, a decimal number is a number, anything else text.
  static func typed(_ text: String) -> JSONValue {
    if text.isEmpty { return .null }
    if CSVWriter.decimal(text) != nil { return .number(text) }
    return .string(text)
  }
}
