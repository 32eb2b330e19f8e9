import CacheBenchCore

/// The A/B gate's judgement of timing figures: rounds of a base and a head revision run interleaved on
/// one machine, each round's head figure divided by its base figure, and the median ratio judged on its
/// interval.
///
/// Round `i` pairs `base[i]` with `head[i]`; the two ran back to back (the script alternates which goes
/// first, ABBA…), so a load that comes and goes on a shared machine falls on both sides of most pairs
/// and cancels in their ratio. A figure is a regression only when the whole interval of its median ratio
/// (`MedianInterval`, the same order-statistic method as `--repeat`, 95% or more) lies past the rule's threshold, so a verdict never rests on one round.
/// No figure from another day or machine enters it.
///
/// Variants are matched by name and decode placement. A variant only one side ran is named in a note
/// and not judged; a figure that fewer than `minimumRounds` rounds measured on both
/// sides is shown as `unmeasured`, never as a pass of something that was not measured.
struct PairedComparison: Sendable {
  /// One metric of one variant.
  struct Row: Sendable, Equatable {
    /// `name/decode`, e.g. `coalescing/inside`.
    var variant: String
    var metric: String
    /// The median of the base rounds and of the head rounds, for the reader; the verdict uses the
    /// ratios.
    var baseMedian: Double?
    var headMedian: Double?
    /// The median ratio head / base and its interval; `nil` when no round measured both.
    var ratio: MedianInterval?
    var rule: PairedRule
    var verdict: Verdict
  }

  /// How the two sides are named in the report, e.g. `base 79147d3` and `head 5ce3587+dirty`.
  var baseName: String
  var headName: String
  var rounds: Int
  var rows: [Row]
  var notes: [String]

  var failures: [Row] { rows.filter { $0.verdict.fails } }
  /// The fewest pairs whose median interval reaches 95% (`MedianInterval.rank(count:)`).
  static let minimumRounds = 6
  var passed: Bool { failures.isEmpty }

  /// Throws `.pairedScenarioMismatch` for the first run, in round order (base, then head), whose
  /// scenario differs from the first base run's, naming the differing fields.
  static func checkOneScenario(
    base: [ResultDocument], head: [ResultDocument], paths: (base: [String], head: [String])
  ) throws(GateError) {
    for round in base.indices {
      for (run, path) in [(base[round], paths.base[round]), (head[round], paths.head[round])] {
        let differences = Comparison.scenarioDifferences(base[0].scenario, run.scenario)
        if !differences.isEmpty {
          throw .pairedScenarioMismatch(
            first: paths.base[0], other: path, differences: differences)
        }
      }
    }
  }

  /// Judges `head` against `base`, round by round; the two lists must be equally long, and every run
  /// must have measured the scenario of the first base run (`Comparison.scenarioDifferences`): a
  /// paired ratio compares two builds on one workload, and one over two workloads is no verdict, so
  /// nothing is judged then. `paths` name the runs in that refusal, by default `base round 1` and
  /// so on. Interrupted runs are the caller's to refuse (it knows their files).
  init(
    base: [ResultDocument], head: [ResultDocument], baseName: String, headName: String,
    rules: [(metric: String, rule: PairedRule)],
    paths: (base: [String], head: [String])? = nil
  ) throws(GateError) {
    guard base.count == head.count, !base.isEmpty else {
      throw .unpairedRounds(base: base.count, head: head.count)
    }
    try Self.checkOneScenario(
      base: base, head: head,
      paths: paths ?? (
        base.indices.map { "base round \($0 + 1)" }, head.indices.map { "head round \($0 + 1)" }
      ))
    self.baseName = baseName
    self.headName = headName
    rounds = base.count
    notes = []
    rows = []
    let baseKeys = Self.keys(base[0])
    let headKeys = Self.keys(head[0])
    let onlyHead = headKeys.filter { !baseKeys.contains($0) }
    let onlyBase = baseKeys.filter { !headKeys.contains($0) }
    if !onlyHead.isEmpty {
      notes.append(
        "not judged, only \(headName) ran: " + onlyHead.joined(separator: ", "))
    }
    if !onlyBase.isEmpty {
      notes.append(
        "not judged, only \(baseName) ran: " + onlyBase.joined(separator: ", "))
    }
    for key in baseKeys where headKeys.contains(key) {
      for (metric, rule) in rules {
        rows.append(Self.row(variant: key, metric: metric, rule: rule, base: base, head: head))
      }
    }
    if rows.contains(where: { $0.verdict == .unmeasured }) {
      notes.append(
        "unmeasured: fewer than \(Self.minimumRounds) rounds measured the figure on both"
          + " sides; not judged")
    }
  }

  /// The variant keys of a run, in run order.
  private static func keys(_ document: ResultDocument) -> [String] {
    document.variants.map(\.key)
  }

  /// The row of one variant and metric over every round.
  private static func row(
    variant key: String, metric: String, rule: PairedRule, base: [ResultDocument],
    head: [ResultDocument]
  ) -> Row {
    func values(_ document: ResultDocument) -> Double? {
      document.variants.first { $0.key == key }.flatMap { PairedRule.value(of: metric, in: $0) }
    }
    var ratios: [Double] = []
    var baseValues: [Double] = []
    var headValues: [Double] = []
    for (one, other) in zip(base, head) {
      if let value = values(one) { baseValues.append(value) }
      if let value = values(other) { headValues.append(value) }
      guard let before = values(one), let after = values(other),
        let ratio = rule.ratio(head: after, base: before)
      else { continue }
      ratios.append(ratio)
    }
    let interval = MedianInterval(ratios)
    let verdict: Verdict
    if let interval, interval.count >= PairedComparison.minimumRounds {
      verdict = rule.judge(interval)
    } else {
      verdict = baseValues.isEmpty && headValues.isEmpty ? .ungated : .unmeasured
    }
    return Row(
      variant: key, metric: metric, baseMedian: MedianInterval(baseValues)?.median,
      headMedian: MedianInterval(headValues)?.median, ratio: interval, rule: rule,
      verdict: verdict)
  }
}
