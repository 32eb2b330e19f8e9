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
  /// The variant the timing ratios divide by.
  var reference: String
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
    var notes = Self.scenarioNotes(baseline, current, baselineName, currentName)
    let differences = Self.scenarioDifferences(baseline.scenario, current.scenario)
    if !differences.isEmpty {
      throw .scenarioMismatch(
        baseline: baselineName, current: currentName, differences: differences)
    }
    let hostNotes = Self.hostDifferences(baseline, current)
    let sameHost = hostNotes.isEmpty
    if !sameHost {
      notes.append(
        "baseline from another host or toolchain (\(hostNotes.joined(separator: ", "))): "
          + (options.anyHost
            ? "all metrics are judged (--any-host)"
            : "only portable metrics are judged; --any-host judges all"))
    }
    if let baselineHost = baseline.hostName, let currentHost = current.hostName,
      baselineHost != currentHost
    {
      notes.append("host name differs: \(baselineHost) vs \(currentHost)")
    }

    // With a duration stop, how many requests (and so how many distinct keys) a window serves depends
    // on the machine's speed, so the counts that follow from the request count are not exact.
    let stopsByCount = baseline.scenario["requests_target"].map { $0.doubleValue != nil } ?? true
    if !stopsByCount {
      notes.append(
        "the runs stop by duration: \(Self.requestCountMetrics.joined(separator: ", "))"
          + " depend on speed and are not judged")
    }

    let reference = thresholds.reference ?? baseline.variants.first?.key ?? ""
    if !baseline.variants.isEmpty, !baseline.variants.contains(where: { $0.key == reference }) {
      throw .unknownReference(
        path: baselineName, reference: reference, available: baseline.variants.map(\.key))
    }
    let baselineWithRatios = TimingRatios.adding(to: baseline, reference: reference)
    let currentWithRatios = TimingRatios.adding(to: current, reference: reference)

    var rows: [Row] = []
    var unmeasured: [String] = []
    for old in baselineWithRatios.variants {
      guard let new = currentWithRatios.variants.first(where: { $0.key == old.key }) else {
        rows.append(
          Row(
            variant: old.key, metric: "(variant)", baseline: nil, current: nil,
            rule: .informational, verdict: .missing))
        continue
      }
      for metric in old.metrics {
        var rule = thresholds.rule(for: metric.name, design: old.design)
        if !sameHost && !options.anyHost && !rule.portable { rule.better = .none }
        if !stopsByCount && Self.requestCountMetrics.contains(metric.name) { rule.better = .none }
        let currentValue = new.value(of: metric.name)
        let verdict: Verdict
        switch (metric.value, currentValue) {
        case (_, nil): verdict = .missing
        case (nil, .some(nil)): verdict = rule.better == .none ? .ungated : .ok
        case (nil, .some(.some)): verdict = .new
        case (.some, .some(nil)):
          if rule.better == .none {
            verdict = .ungated
          } else if Self.transientlyUnmeasurable.contains(metric.name) {
            verdict = .unmeasured
            unmeasured.append("\(metric.name) of \(old.key)")
          } else {
            verdict = .missing
          }
        case (.some(let before), .some(.some(let after))):
          verdict = rule.judge(baseline: before, current: after)
        }
        rows.append(
          Row(
            variant: old.key, metric: metric.name, baseline: metric.value,
            current: currentValue ?? nil, rule: rule, verdict: verdict))
      }
      for metric in new.metrics where old.value(of: metric.name) == nil {
        rows.append(
          Row(
            variant: old.key, metric: metric.name, baseline: nil, current: metric.value,
            rule: thresholds.rule(for: metric.name, design: new.design), verdict: .new))
      }
    }
    for new in current.variants where !baseline.variants.contains(where: { $0.key == new.key }) {
      notes.append("variant \(new.key) is new: not in the baseline, not judged")
    }
    if !unmeasured.isEmpty {
      notes.append(
        "left out, not measured in \(currentName) (its stderr says why): "
          + unmeasured.joined(separator: ", "))
    }

    self.baselineName = baselineName
    self.currentName = currentName
    self.baseline = baseline
    self.current = current
    self.reference = reference
    self.notes = notes
    self.rows = rows
    self.options = options
  }

  /// The judged metrics a run may fail to measure for a reason outside the code under test: jemalloc's
  /// figures, `malloc_count` and `mallocs_per_request` `n/a` when a worker thread could not flush its
  /// allocator cache within the sweep's limit (on a loaded machine, about one variant in forty), any of
  /// them when a statistics read fails. Unmeasured, they are left out with a note
  /// (`Verdict.unmeasured`); any other judged metric the current run lacks is `missing`, which fails.
  static let transientlyUnmeasurable: Set<String> = [
    "allocated_bytes", "resident_bytes", "allocated_delta_bytes", "resident_delta_bytes",
    "malloc_count", "mallocs_per_request", "bytes_per_entry", "retained_bytes",
  ]

  /// Counts that are exact only when the window stops after a fixed number of requests.
  static let requestCountMetrics = ["requests", "fetches", "leaders"]

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

  /// `host_cores` and `swift_version` differences, e.g. `host_cores 2 vs 8`; a fact one side lacks
  /// is not a difference.
  private static func hostDifferences(_ baseline: ResultDocument, _ current: ResultDocument)
    -> [String]
  {
    var differences: [String] = []
    if let a = baseline.hostCores, let b = current.hostCores, a != b {
      differences.append("host_cores \(a) vs \(b)")
    }
    if let a = baseline.swiftVersion, let b = current.swiftVersion, a != b {
      differences.append("swift_version \(a) vs \(b)")
    }
    return differences
  }
}
