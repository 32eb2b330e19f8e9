import CacheBenchCore

/// One per-variant metric, declared once: its name, unit, direction, default gate rule, doc line and
/// how to read it from a measurement.
///
/// The CSV columns (`CSVWriter`), the JSON result's and the baseline's metrics (which read the CSV's
/// fields), the gate's built-in rules (`GateThresholds.builtIn`, `exactForCoalescing`) and compare's
/// metric lists, the unit and meaning columns of `docs/outputs.md`'s field table and each metric's
/// row in `docs/columns.md` all derive from `MetricCatalogue.all`, so a metric is added by adding its
/// declaration there (and regenerating the docs: `CACHEBENCH_UPDATE_DOCS=1 swift test --filter
/// 'RecordFieldTests|MetricCatalogueTests'`). So do the terminal tables' and the Markdown summary's
/// metric columns (`table`), the A/B gate's rules (`paired`) and the timing ratios (`timingRatio`).
struct MetricDeclaration: Sendable {
  /// The unit a metric is written in.
  enum Unit: String, Sendable {
    case count
    case nanoseconds = "ns"
    case seconds = "s"
    case bytes
    case perSecond = "1/s"
    /// A dimensionless fraction or ratio.
    case ratio
  }

  /// What a metric measures, from its unit.
  enum Kind: String, Sendable {
    case count, duration, ratio, bytes, rate
  }

  /// The name: the CSV column, the JSON result's and the baseline's key.
  var name: String
  var unit: Unit
  /// Which direction of change is better, whether or not the gate judges it.
  var better: MetricRule.Better
  /// The gate's rule for every design (`GateThresholds.builtIn`); `nil` shows it without judging.
  var rule: MetricRule?
  /// The gate's rule for a design that coalesces and takes no writes, when it differs
  /// (`GateThresholds.exactForCoalescing`).
  var coalescingRule: MetricRule? = nil
  /// Whether the count is exact only when the window stops after a fixed number of requests
  /// (`Comparison.requestCountMetrics`).
  var countsRequests = false
  /// Whether the run may fail to measure it for a reason outside the code under test: the allocator's
  /// statistics (`Comparison.transientlyUnmeasurable`).
  var transientlyUnmeasurable = false
  /// One line for the docs: its unit or format, then what it means, as `docs/columns.md`'s results
  /// CSV table shows it (Markdown).
  var doc: String
  /// How the metric is read from a measurement.
  var read: @Sendable (MetricSource) -> MetricReading
  /// The terminal table column that shows it, if any (`TableWriter`, `MarkdownWriter`,
  /// `ContentionTableWriter`); set with `shown(in:as:at:_:)`.
  var table: MetricTableColumn? = nil
  /// How the A/B gate judges it, if it does (`PairedRule.builtIn`); set with `paired(_:)`.
  var paired: PairedThreshold? = nil
  /// The name of its ratio to a reference variant of the same run, if it has one (`TimingRatios`);
  /// set with `timingRatio(_:)`.
  var timingRatio: String? = nil
  /// For a figure no file writes (`MetricCatalogue.derived`): how it is formed from the written
  /// metrics of a result read back (the value of each by name, `nil` when absent or unmeasured).
  var fromMetrics: (@Sendable (_ value: (String) -> Double?) -> Double?)? = nil
  /// For a derived figure: the written metrics it is formed from, in the order its formula takes them;
  /// the field table lists its table column under the first (`RecordField`).
  var formedFrom: [String] = []

  /// A declaration; the gate fields default to a metric shown and never judged.
  init(
    _ name: String, _ unit: Unit, better: MetricRule.Better, rule: MetricRule? = nil,
    coalescingRule: MetricRule? = nil, countsRequests: Bool = false,
    transientlyUnmeasurable: Bool = false, doc: String,
    read: @escaping @Sendable (MetricSource) -> MetricReading
  ) {
    self.name = name
    self.unit = unit
    self.better = better
    self.rule = rule
    self.coalescingRule = coalescingRule
    self.countsRequests = countsRequests
    self.transientlyUnmeasurable = transientlyUnmeasurable
    self.doc = doc
    self.read = read
  }

  var kind: Kind {
    switch unit {
    case .count: .count
    case .nanoseconds, .seconds: .duration
    case .bytes: .bytes
    case .perSecond: .rate
    case .ratio: .ratio
    }
  }
}
