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

  /// The timing figures the A/B gate judges, in report order, with their built-in rules: those of the
  /// declared figures (`MetricCatalogue.figures`) that carry a `PairedThreshold`, in its order.
  ///
  /// Each threshold lies past the farthest interval bound that 20 unchanged A/B gates (10 rounds, a
  /// CPU burner on one core, load 3–10; `scripts/gate-trials`) reached on the example's one-client
  /// profile: `hit_path_ns` 0.995–1.007, `throughput` 0.934–1.070, `cpu_per_request_ns` 0.933–1.071.
  /// The latency and wait rules are for profiles that time them; the concurrent profiles widen them
  /// further in `gate.paired` (their p99 reached 1.248). `cpu_per_request_ns` is not a CSV column:
  /// it is `cpu_total_s` over `requests`, a derived figure (`MetricCatalogue.derived`).
  static let builtIn: [(metric: String, rule: PairedRule)] = rules(from: MetricCatalogue.figures)

  /// The rules of the declarations of `metrics` that carry a `PairedThreshold`, in its order; each
  /// judges in the direction its declaration calls better.
  static func rules(from metrics: [MetricDeclaration]) -> [(metric: String, rule: PairedRule)] {
    metrics.compactMap { metric in
      metric.paired.map { (metric, $0) }
    }
    .sorted { $0.1.position < $1.1.position }
    .map { metric, paired in
      (
        metric.name,
        PairedRule(better: metric.better, threshold: paired.threshold, floor: paired.floor)
      )
    }
  }

  /// The value of `metric` in `variant`, a derived figure formed from the metrics it is made of
  /// (`MetricDeclaration.fromMetrics`); `nil` when the run lacks it or could not measure it.
  static func value(of metric: String, in variant: VariantMetrics) -> Double? {
    if let formula = MetricCatalogue.derivedByName[metric]?.fromMetrics {
      return formula { variant.value(of: $0) ?? nil }
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
