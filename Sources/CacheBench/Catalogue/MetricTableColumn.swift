import CacheBenchCore

/// Where and how a declared metric shows in one of the run's two terminal tables: the summary, which
/// the Markdown summary repeats, or the contention table.
///
/// The writers (`TableWriter`, `MarkdownWriter`, `ContentionTableWriter`) take their metric columns from
/// the declarations that carry one, in `position` order, after their fixed columns (variant, decode,
/// shards); so a metric enters a table by its declaration alone. A column reads the same reading as the
/// metric's CSV field (`MetricDeclaration.read`), as a number: a variant measured several times shows
/// the median of its repetitions' numbers.
struct MetricTableColumn: Sendable {
  /// Which terminal table the column belongs to.
  enum Table: Sendable, Equatable {
    /// The per-variant summary printed first and repeated by the Markdown summary.
    case summary
    /// The contention table: queue delay, busy time and service time of the cache's isolation.
    case contention
  }

  /// How a column writes its numbers.
  enum Format: Sendable, Equatable {
    /// Nanoseconds, one unit for the whole column named in its header (`p50 [µs]`); summary only.
    case latencyScale
    /// Events per second, one unit for the whole column named in its header; summary only.
    case throughputScale
    /// An exact count as a plain integer, one that can be the column's best; summary only.
    case count
    /// A plain integer (a median of an even number of repetitions rounded to one).
    case integer
    /// Bytes in binary units (`HumanUnits.bytes`).
    case bytes
    /// A decimal with this many fraction digits.
    case decimal(fractionDigits: Int)
    /// Nanoseconds in `HumanUnits`, each value in its own unit.
    case latency
    /// A fraction as a percentage with one decimal.
    case percent
    /// A fraction as a percentage with one decimal, followed by the mean over the design's isolation
    /// domains when it has more than one (`actor_utilisation_max`).
    case utilisation
    /// Nanoseconds with one decimal under a microsecond, else in `HumanUnits`, as `calibrate` prints
    /// a cost (`CalibrationTableWriter.cost`).
    case cost
    /// A multiple of the variant's floor, two decimals, naming the floor's mechanism (`1.82× empty
    /// actor call`), `, timed` after it when the cell shows the column's fallback; left-aligned.
    case floorMultiple
  }

  var table: Table
  /// The column's header; a scaled column's unit is appended to it (`p50 [µs]`).
  var title: String
  /// The column's place among the table's metric columns, smallest first; spaced by tens so that a
  /// column can be put between two without renumbering.
  var position: Int
  var format: Format
  /// The words that the line under the table names the column's best by (`highest throughput; lowest
  /// latency, …`; a word several columns share is said once), or `nil` when the column's best value is
  /// not marked (`*` on the terminal, bold in Markdown). The best is the value the declaration's
  /// `better` prefers.
  var best: String? = nil

  /// Whether the column's best value is marked.
  var marksBest: Bool { best != nil }
  /// What a cell says when the metric does not apply to the variant; one that was not measured
  /// says `n/a`.
  var notApplicable = "-"
  /// The metric whose reading a cell shows when this one's has no number for the variant (the timed
  /// hit path where the design keeps no busy totals to switch its clock reads off); nil for none.
  var fallback: String? = nil
}
