import CacheBenchCore

/// The one record of a run: its metadata and scenario, and per variant its measurements and every
/// field, built once when the run ends, which every output renders.
///
/// The table, the CSV, the JSON result, the Markdown summary, the baseline (`ResultDocument`) and a
/// sweep's CSV all read this record, so a figure has one value and one spelling wherever it is written:
/// `values` holds each column typed (`CSVWriter`'s field table, medians of the repetitions included),
/// `fields` the same as the CSV writes it; the JSON result and the baseline read their metrics from the
/// typed values, and the writers for people (table, Markdown) read the measurements beside them. `RecordField` lists
/// every field with the outputs it reaches; `compare` reads any of the files back into a
/// `ResultDocument` with the same metrics.
struct RunRecord: Sendable {
  /// Who ran it, where and when.
  var metadata: RunMetadata
  /// What was run.
  var scenario: Scenario
  /// The run's floor measurements, if it calibrated.
  var calibration: Calibration?
  /// The ratio lines the run showed (`--repeat` above 1, `--reference`), if any.
  var ratios: ReferenceRatios?
  /// Whether a signal or `--deadline` stopped the run; it then holds the variants that finished.
  var interrupted: Bool
  /// One entry per variant, in run order.
  var variants: [Variant]

  /// One variant: its measurements and its fields.
  struct Variant: Sendable {
    /// Every window the variant was measured in (one without `--repeat`).
    var repetitions: VariantRepetitions
    /// The variant's values in `RunRecord.columns` order, still typed: the median of each over the
    /// repetitions (`RecordValue.median`). The JSON result and the baseline read their metrics here.
    var values: [RecordValue]
    /// `values` as the CSV writes them.
    var fields: [String]

    /// The fields of `repetitions` in the run of `scenario`.
    init(
      _ repetitions: VariantRepetitions, scenario: Scenario, metadata: RunMetadata,
      calibration: Calibration?
    ) {
      self.repetitions = repetitions
      values = CSVWriter.records(
        of: repetitions, scenario: scenario, metadata: metadata, calibration: calibration)
      fields = values.map(\.csvField)
    }

    /// The first measurement, which names the variant.
    var result: VariantResult { repetitions.first }

    /// The field of column `name`, or `nil` for a name that is not a column.
    func field(_ name: String) -> String? {
      RunRecord.columnIndex[name].map { fields[$0] }
    }
  }

  /// The columns of every variant's `fields`, in their contractual order (the CSV header).
  static var columns: [String] { CSVWriter.columns }

  /// The columns that say who ran the run, where and when (`RunMetadata`): the same in every row.
  static let metadataColumns = [
    "timestamp", "tool_version", "swift_version", "git_commit", "host_cores", "host_name",
  ]
  /// The columns of a row that describe its variant rather than measure it: which variant it is, how
  /// `peak_rss` was measured, whether the run was cut short, and the options its design did not do
  /// as asked (`ignored_options`, words, which every reader reads past).
  static let variantColumns = [
    "variant", "design", "decode", "shards", "peak_rss_source", "interrupted", "ignored_options",
  ]
  /// The columns that name a row's variant.
  static let identityColumns = ["variant", "design", "decode", "shards"]

  /// The metric columns' positions in `columns`, and their names: every column but the run's
  /// (`interrupted`), its metadata, its scenario and the variant's name.
  static let metricColumns: [(index: Int, column: String)] = columns.enumerated()
    .filter { index, column in
      column != "interrupted" && !metadataColumns.contains(column)
        && !CSVWriter.scenarioColumns.contains(column) && !identityColumns.contains(column)
    }
    .map { ($0.offset, $0.element) }

  /// Each column's position in `columns`.
  private static let columnIndex: [String: Int] = Dictionary(
    uniqueKeysWithValues: CSVWriter.columns.enumerated().map { ($1, $0) })

  /// The record of a finished run whose variants may each have been measured several times.
  init(
    repeated: [VariantRepetitions], scenario: Scenario, metadata: RunMetadata,
    calibration: Calibration? = nil, ratios: ReferenceRatios? = nil, interrupted: Bool = false
  ) {
    self.metadata = metadata
    self.scenario = scenario
    self.calibration = calibration
    self.ratios = ratios
    self.interrupted = interrupted
    variants = repeated.map {
      Variant($0, scenario: scenario, metadata: metadata, calibration: calibration)
    }
  }

  /// The record of a finished run of one measurement per variant.
  init(
    results: [VariantResult], scenario: Scenario, metadata: RunMetadata,
    calibration: Calibration? = nil, interrupted: Bool = false
  ) {
    self.init(
      repeated: results.map(VariantRepetitions.init(single:)), scenario: scenario,
      metadata: metadata, calibration: calibration, interrupted: interrupted)
  }

  /// Every variant's measurements, in run order: what the writers for people read.
  var repeated: [VariantRepetitions] { variants.map(\.repetitions) }
}
