import CacheBenchCore

/// One field of the run record (`RunRecord`) and every place it reaches: the option and profile key
/// that set it, its CSV column, its key in the JSON result and in a baseline, its column in the table
/// and the Markdown summary, and what the gate does with it.
///
/// `all` is built from the writers' own lists (the CSV's field table, the reader's sections, the
/// table's columns, the profile's fields, the gate's rules), so it states what the code does rather
/// than what it should; `RecordFieldTests` holds each output to it, so a field that reaches one output
/// but not another fails a test unless `exemptions` names it with the reason, and
/// `docs/outputs.md` holds the table `markdownTable()` renders.
struct RecordField: Sendable, Equatable {
  /// Where in the record a field sits, which decides its keys.
  enum Section: String, Sendable {
    /// The run as a whole: the JSON result's and the baseline's top-level members.
    case run
    /// Who ran it, where and when (`RunMetadata`).
    case metadata
    /// What was run: one value per run, compared for equality by `compare`.
    case scenario
    /// Which variant a row is.
    case variant
    /// A figure of the variant's window.
    case metric
  }

  /// The field's name: its CSV column where it has one, and its JSON and baseline key.
  var name: String
  var section: Section

  /// The header of the field's CSV column, `nil` when the CSV does not carry it.
  var csvColumn: String? { CSVWriter.columns.contains(name) ? name : nil }

  /// The paths of the field in the JSON result (`variants[].metrics.hits`), empty when it has none.
  var jsonKeys: [String] {
    switch section {
    case .run: [name]
    case .metadata: ["metadata.\(name)"]
    case .scenario: ["scenario.\(name)"]
    case .variant: ["variants[].\(name)"] + (Self.scenarioSummaries[name].map { [$0] } ?? [])
    case .metric: ["variants[].metrics.\(name)"]
    }
  }

  /// The paths of the field in a baseline (`ResultDocument.json`), empty when it has none.
  var baselineKeys: [String] {
    switch section {
    case .run: [name]
    case .metadata: ["metadata.\(name)"]
    case .scenario: ["scenario.\(name)"]
    case .variant: ["variants[].\(name)"]
    case .metric:
      // The reader keeps out the variant columns that describe rather than measure.
      ResultDocument.variantColumns.contains(name) ? [] : ["variants[].metrics.\(name)"]
    }
  }

  /// The option that sets the field, if one does.
  var option: OptionName? { Self.options[name] }

  /// The profile key that sets the field, if a profile can.
  var profileKey: String? {
    option.flatMap { option in ScenarioFields.all.first { $0.option == option }?.field }
  }

  /// The header of the table's and the Markdown summary's column showing the field, if one does.
  var tableHeader: String? { Self.tableHeaders[name] }

  /// What `compare` does with the field, in a few words: a metric's default rule
  /// (`MetricRule.summary`, the design-specific one after it), or the part the field plays.
  var gateRule: String {
    switch section {
    case .run: return "an interrupted run is not compared"
    case .metadata:
      return ["host_cores", "swift_version"].contains(name)
        ? "differs: only portable metrics judged" : "reported"
    case .scenario: return "must be equal"
    case .variant:
      switch name {
      case "variant", "decode": return "matches variants"
      case "design": return "selects design rules"
      default: return "reported"
      }
    case .metric:
      guard !ResultDocument.variantColumns.contains(name) else { return "not compared" }
      var rule = GateThresholds().rule(for: name, design: "").summary
      if let coalescing = GateThresholds.exactForCoalescing[name] {
        rule += ", \(coalescing.summary) for coalescing"
      }
      if Comparison.requestCountMetrics.contains(name) { rule += ", info by duration" }
      if Comparison.transientlyUnmeasurable.contains(name) { rule += ", n/a left out" }
      return rule
    }
  }

  /// Every field, in CSV column order, then those the CSV does not carry.
  static let all: [RecordField] =
    CSVWriter.columns.map { RecordField(name: $0, section: section(ofColumn: $0)) }
    + [RecordField(name: "host_name", section: .metadata)]

  /// The section of the CSV column `column`, by the lists the readers and writers keep.
  private static func section(ofColumn column: String) -> Section {
    if column == "interrupted" { return .run }
    if RunRecord.metadataColumns.contains(column) { return .metadata }
    if CSVWriter.scenarioColumns.contains(column) { return .scenario }
    if RunRecord.identityColumns.contains(column) { return .variant }
    return .metric
  }

  /// Outputs a field does not reach although its section would send it there, and why.
  static let exemptions: [(field: String, output: String, reason: String)] = [
    (
      "host_name", "CSV",
      "a CSV row repeats what every host shares; the JSON result and baseline name the host"
    ),
    (
      "peak_rss_source", "baseline",
      "it says how `peak_rss_bytes` was measured, a word, not a figure"
    ),
    (
      "ignored_options", "baseline",
      "it names the options a design did not do as asked, words, not a figure; stderr says each"
    ),
  ]

  /// Members of the JSON result that are structure, not fields: the shape's version and kind, and
  /// what the CSV cannot hold (histograms, the ratio lines, the run's findings: statements in words,
  /// `Findings`, whose members are in no field).
  static let jsonStructure = ["schema", "kind", "variants[].histograms", "ratios", "findings"]

  /// Members of a baseline that are structure, not fields.
  static let baselineStructure = ["schema", "kind"]

  /// The scenario's summary of a variant field: the JSON result's `scenario` lists the variants and
  /// the shard count of the run besides each variant's own.
  private static let scenarioSummaries = [
    "variant": "scenario.variants", "shards": "scenario.shards",
  ]

  /// The option of each field an option sets.
  private static let options: [String: OptionName] = [
    "seed": .seed, "keys": .keys, "distribution": .distribution, "zipf_theta": .zipfTheta,
    "concurrency": .concurrency, "requests_target": .requests, "duration_s": .duration,
    "warmup": .warmup, "fetch_latency_configured_ns": .latency, "payload_bytes": .payloadBytes,
    "decode_cost_ns": .decodeCost, "variant": .variants, "design": .variants, "decode": .decode,
    "shards": .shards, "fetch_latency_distribution": .latency, "fail_rate": .failRate,
    "ignore_cancellation": .ignoreCancellation, "fetch_limit": .fetchLimit, "rate_target": .rate,
    "invalidate_rate": .invalidateRate, "cancel_rate": .cancelRate, "capacity": .capacity,
    "ttl_ns": .ttl, "write_rate": .writeRate, "threads": .threads, "caller": .caller,
    "cancel_at": .cancelAt, "decode_checkpoint": .decodeCheckpoint,
    "repetitions": .repetitions,
    "interrupted": .deadline,
  ]

  /// The table column of each field the table shows (`TableWriter.columns`, which the Markdown
  /// summary renders too), in the table's units: the fixed columns, each declared metric's summary
  /// column (`MetricDeclaration.table`), and each derived figure's (`cpu/req`) under the first field
  /// it is formed from (`MetricDeclaration.formedFrom`).
  private static let tableHeaders: [String: String] = {
    var headers = ["variant": "variant", "decode": "decode", "shards": "shards"]
    for (metric, column) in MetricCatalogue.columns(of: .summary, in: MetricCatalogue.all) {
      headers[metric.name] = column.title
    }
    for (metric, column) in MetricCatalogue.columns(of: .summary, in: MetricCatalogue.derived) {
      if let field = metric.formedFrom.first { headers[field] = column.title }
    }
    return headers
  }()

  /// The field's declaration in the metric catalogue, if it is a declared metric.
  var metric: MetricDeclaration? {
    section == .metric ? MetricCatalogue.byName[name] : nil
  }

  /// The field table of `docs/outputs.md`: one row per field, `-` where it has no such place; a
  /// declared metric's unit and meaning are its declaration's (`MetricCatalogue`).
  static func markdownTable() -> String {
    func code(_ text: String?) -> String { text.map { "`\($0)`" } ?? "-" }
    func codes(_ texts: [String]) -> String {
      texts.isEmpty ? "-" : texts.map { "`\($0)`" }.joined(separator: ", ")
    }
    var text = "| field | option | profile key | CSV column | JSON key | baseline key | table"
    text += " | gate | unit | meaning |\n"
    text += "|---|---|---|---|---|---|---|---|---|---|\n"
    for field in all {
      let metric = field.metric
      let cells = [
        field.name, code(field.option?.rawValue), code(field.profileKey), code(field.csvColumn),
        codes(field.jsonKeys), codes(field.baselineKeys), code(field.tableHeader),
        field.gateRule, metric?.unit.rawValue ?? "-", metric?.doc ?? "-",
      ]
      text += "| " + cells.joined(separator: " | ") + " |\n"
    }
    return text
  }
}
