import CacheBenchCore

/// How the A/B gate judges one timing figure: the head revision's value over the base revision's in the
/// same round, and how far past 1 that ratio's interval must lie to be a regression.
///
/// A ratio is `max(head, floor) / max(base, floor)`: figures below `floor` (in the metric's unit) are
/// too small to time against each other (an actor wait of 0 ns against 20 ns is not "infinitely
/// slower"), so both sides are lifted to it. `threshold` is a factor above 1: for a metric where lower is
/// better, the whole interval of the median ratio above `threshold` is a regression, and below
/// `1 / threshold` an improvement; where higher is better, the other way round.
struct PairedRule: Sendable, Equatable {
  /// Which direction is better; a paired rule never judges `equal` or `none` (see `judged`).
  var better: MetricRule.Better
  /// The factor past which the interval must lie, e.g. 1.05; `nil` shows the ratio without judging.
  var threshold: Double?
  /// Values below this, in the metric's unit, count as this when forming the ratio.
  var floor: Double = 0

  /// Whether the rule judges at all.
  var judged: Bool { threshold != nil && (better == .lower || better == .higher) }

  /// The verdict on a median ratio's interval.
  func judge(_ interval: MedianInterval) -> Verdict {
    guard let threshold, judged else { return .ungated }
    guard let bounds = interval.bounds else { return .unmeasured }
    let worse =
      better == .lower ? bounds.lowerBound > threshold : bounds.upperBound < 1 / threshold
    if worse { return .regression }
    let better =
      self.better == .lower ? bounds.upperBound < 1 / threshold : bounds.lowerBound > threshold
    return better ? .improvement : .ok
  }

  /// The rule for a report column: `+5%` (a rise of more than 5% fails), `-5%`, or `info`.
  var summary: String {
    guard let threshold, judged else { return "info" }
    let percent = DecimalText.fixed((threshold - 1) * 100, fractionDigits: 0) + "%"
    return (better == .lower ? "+" : "-") + percent
  }

  /// The timing figures the A/B gate judges, in report order, with their built-in rules.
  ///
  /// Each threshold lies past the farthest interval bound that 20 unchanged A/B gates (10 rounds, a
  /// CPU burner on one core, load 3–10; `scripts/gate-trials`) reached on the example's one-client
  /// profile: `hit_path_ns` 0.995–1.007, `throughput` 0.934–1.070, `cpu_per_request_ns` 0.933–1.071.
  /// The latency and wait rules are for profiles that time them; the concurrent profiles widen them
  /// further in `gate.paired` (their p99 reached 1.248). `cpu_per_request_ns` is not a CSV column:
  /// it is `cpu_total_s` over `requests`, formed here.
  static let builtIn: [(metric: String, rule: PairedRule)] = [
    ("hit_path_ns", PairedRule(better: .lower, threshold: 1.05)),
    ("throughput", PairedRule(better: .higher, threshold: 1.10)),
    ("latency_p50_ns", PairedRule(better: .lower, threshold: 1.25, floor: 1_000)),
    ("latency_p99_ns", PairedRule(better: .lower, threshold: 1.50, floor: 1_000)),
    ("cpu_per_request_ns", PairedRule(better: .lower, threshold: 1.20)),
    ("actor_wait_p50_ns", PairedRule(better: .lower, threshold: 1.50, floor: 1_000)),
    ("actor_busy_wait_p50_ns", PairedRule(better: .lower, threshold: 1.50, floor: 1_000)),
  ]

  /// The value of `metric` in `variant`, including the derived `cpu_per_request_ns`; `nil` when the run
  /// lacks it or could not measure it.
  static func value(of metric: String, in variant: VariantMetrics) -> Double? {
    if metric == "cpu_per_request_ns" {
      guard let cpu = variant.value(of: "cpu_total_s") ?? nil,
        let requests = variant.value(of: "requests") ?? nil, requests > 0
      else { return nil }
      return cpu * 1e9 / requests
    }
    return variant.value(of: metric) ?? nil
  }

  /// The ratio of one round, head over base, each lifted to the floor; `nil` when the base is 0 and
  /// there is no floor.
  func ratio(head: Double, base: Double) -> Double? {
    let denominator = max(base, floor)
    guard denominator > 0 else { return nil }
    return max(head, floor) / denominator
  }
}
