import CacheBenchCore

/// The judgement of a current run against a baseline: one row per variant and metric, notes about the
/// two runs, and the exit status.
///
/// Variants are matched by name and decode placement (`sharded(8)/inside`). Every metric of the
/// baseline is judged by its `MetricRule`; a baseline variant or metric the current run lacks, or a
/// judged metric it did not measure, is `missing`, which fails, except the allocator's figures, which a
/// loaded machine can leave unmeasured: those are `unmeasured`, left out with a note. A metric the rules only show (`better:
/// none`) that the current run could not measure is `ungated`: e.g. the contended-Mutex floor, `n/a`
/// when no calibration round got two threads running at once. Metrics and variants only in the current
/// run are reported and enter the gate when the baseline is regenerated.
///
/// Runs that stop by duration (no `requests_target`) do not judge `requestCountMetrics`.
/// When the baseline comes from another host or toolchain (different `host_cores` or `swift_version`;
/// the host name is not compared, since CI machines are fresh clones of one kind) the gate judges only
/// portable metrics, unless `anyHost` says otherwise. The host name is still reported when it differs.
struct Comparison: Sendable {
  /// One judged metric of one variant.
  struct Row: Sendable, Equatable {
    /// The matched variant, `name/decode`.
    var variant: String
    /// The metric name, or `(variant)` for a baseline variant absent from the current run.
    var metric: String
    var baseline: Double?
    var current: Double?
    var rule: MetricRule
    var verdict: Verdict

    /// Current minus baseline, when both were measured.
    var change: Double? {
      guard let baseline, let current else { return nil }
      return current - baseline
    }

    /// The change as a fraction of the baseline, when both were measured and the baseline is not 0.
    var relativeChange: Double? {
      guard let change, let baseline, baseline != 0 else { return nil }
      return change / abs(baseline)
    }
  }

  /// What to compare and how strictly (`ComparisonOptions`).
  typealias Options = ComparisonOptions

  /// The two inputs as named on the command line.
  var baselineName: String
  var currentName: String
  var baseline: ResultDocument
  var current: ResultDocument
  /// What the timing ratios divide by: by default the coalescing variant of each decode placement.
  var reference: RatioReference
  /// Facts the reader must know to trust the verdicts: different hosts, scenario fields only one run
  /// has, variants only in the current run.
  var notes: [String]
  var rows: [Row]
  var options: Options

  /// Rows that fail the gate, improvements included under `failOnImprovement`.
  var failures: [Row] {
    rows.filter { $0.verdict.fails || (options.failOnImprovement && $0.verdict == .improvement) }
  }

  /// Whether the current run is within every threshold.
  var passed: Bool { failures.isEmpty }

  /// Compares `current` with `baseline`; `baselineName` and `currentName` name them in messages.
  ///
  /// Throws when the two cannot be compared at all: an interrupted run, a variant listed twice, a
  /// scenario that differs, or a reference variant the baseline does not have.
  init(
    baseline: ResultDocument, baselineName: String, current: ResultDocument, currentName: String,
    thresholds: GateThresholds, options: Options = Options()
  ) throws(GateError) {
    for (document, name) in [(baseline, baselineName), (current, currentName)] {
      if document.interrupted { throw .interrupted(path: name) }
      var keys: Set<String> = []
      for variant in document.variants where !keys.insert(variant.key).inserted {
        throw .duplicateVariant(path: name, key: variant.key)
      }
    }
    let differences = Self.scenarioDifferences(baseline.scenario, current.scenario)
    if !differences.isEmpty {
      throw .scenarioMismatch(
        baseline: baselineName, current: currentName, differences: differences)
    }
    let reference = RatioReference.selected(
      profile: thresholds.reference, in: baseline.variants)
    if case .variant(let key) = reference, !baseline.variants.isEmpty,
      !baseline.variants.contains(where: { $0.key == key })
    {
      throw .unknownReference(
        path: baselineName, reference: key, available: baseline.variants.map(\.key))
    }
    var notes = Self.scenarioNotes(baseline, current, baselineName, currentName)
    let judging = Judging(baseline, current, options: options, notes: &notes)
    let judged = judging.rows(
      baseline: TimingRatios.adding(to: baseline, reference: reference),
      current: TimingRatios.adding(to: current, reference: reference), thresholds: thresholds)
    for new in current.variants where !baseline.variants.contains(where: { $0.key == new.key }) {
      notes.append("variant \(new.key) is new: not in the baseline, not judged")
    }
    if !judged.unmeasured.isEmpty {
      notes.append(
        "left out, not measured in \(currentName) (its stderr says why): "
          + judged.unmeasured.joined(separator: ", "))
    }
    self.baselineName = baselineName
    self.currentName = currentName
    self.baseline = baseline
    self.current = current
    self.reference = reference
    self.notes = notes
    self.rows = judged.rows
    self.options = options
  }

  /// The judged metrics a run may fail to measure for a reason outside the code under test: jemalloc's
  /// figures, `malloc_count` and `mallocs_per_request` `n/a` when a worker thread could not flush its
  /// allocator cache within the sweep's limit (on a loaded machine, about one variant in forty), any of
  /// them when a statistics read fails. Unmeasured, they are left out with a note
  /// (`Verdict.unmeasured`); any other judged metric the current run lacks is `missing`, which fails.
  static let transientlyUnmeasurable: Set<String> = Set(
    MetricCatalogue.all.filter(\.transientlyUnmeasurable).map(\.name))

  /// Counts that are exact only when the window stops after a fixed number of requests.
  /// Declared with each metric (`MetricDeclaration.countsRequests`), in column order.
  static let requestCountMetrics = MetricCatalogue.all.filter(\.countsRequests).map(\.name)

  /// Scenario fields added to the record after baselines were first written, each with the value
  /// every run had before: a run that does not record one ran at that value. A baseline written before
  /// `caller` existed is a pool run, and a `--caller main` run must not be judged against its figures
  /// as if the two measured one scenario.
  static let scenarioDefaults: [String: JSONValue] = [
    "caller": .string("pool"), "cancel_at": .string("wait"), "decode_checkpoint": .number("0"),
  ]

  /// Scenario fields the runs record with different values, e.g. `keys 2000 vs 1000`, a field one run
  /// does not record taken at its `scenarioDefaults` value (and skipped when it has none); numbers are
  /// compared by value, so `1.0` and `1` agree, and a flag the CSV writes as text agrees with the
  /// JSON's boolean, so `"false"` and `false` agree.
  static func scenarioDifferences(_ baseline: JSONValue, _ current: JSONValue) -> [String] {
    guard case .object(let members) = baseline else { return [] }
    func flag(_ value: JSONValue) -> JSONValue {
      if case .string(let text) = value, text == "true" || text == "false" {
        return .bool(text == "true")
      }
      return value
    }
    var keys = members.map(\.key)
    if case .object(let others) = current {
      keys += others.map(\.key).filter { key in baseline[key] == nil }
    }
    var differences: [String] = []
    for key in keys {
      guard let one = baseline[key] ?? Self.scenarioDefaults[key],
        let other = current[key] ?? Self.scenarioDefaults[key]
      else { continue }
      let same =
        if let a = one.doubleValue, let b = other.doubleValue { a == b } else {
          flag(one) == flag(other)
        }
      if !same {
        differences.append("\(key) \(one.summary) vs \(other.summary)")
      }
    }
    return differences
  }

  /// Notes for scenario fields that only one of the runs records, which cannot be checked.
  private static func scenarioNotes(
    _ baseline: ResultDocument, _ current: ResultDocument, _ baselineName: String,
    _ currentName: String
  ) -> [String] {
    var notes: [String] = []
    if case .object(let members) = baseline.scenario {
      for member in members where current.scenario[member.key] == nil {
        notes.append("scenario field \(member.key) is recorded only in \(baselineName)")
      }
    }
    if case .object(let members) = current.scenario {
      for member in members where baseline.scenario[member.key] == nil {
        notes.append("scenario field \(member.key) is recorded only in \(currentName)")
      }
    }
    return notes
  }
}
