import CacheBenchCore

extension Comparison {
  /// How one comparison judges each metric: which rules the two runs' hosts and stop condition leave
  /// in force, and the verdict of every metric of every baseline variant under them.
  struct Judging: Sendable {
    /// Whether both runs come from the same kind of host and toolchain (`hostDifferences`).
    var sameHost: Bool
    /// Judge host-dependent metrics across hosts all the same (`--any-host`).
    var anyHost: Bool
    /// Whether the windows stop after a fixed number of requests.
    var stopsByCount: Bool

    /// The judging of `current` against `baseline`, appending to `notes` what it leaves unjudged and why.
    init(
      _ baseline: ResultDocument, _ current: ResultDocument, options: Options,
      notes: inout [String]
    ) {
      let hostNotes = Self.hostDifferences(baseline, current)
      sameHost = hostNotes.isEmpty
      anyHost = options.anyHost
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
      stopsByCount = baseline.scenario["requests_target"].map { $0.doubleValue != nil } ?? true
      if !stopsByCount {
        notes.append(
          "the runs stop by duration: \(Comparison.requestCountMetrics.joined(separator: ", "))"
            + " depend on speed and are not judged")
      }
    }

    /// A row per metric of each baseline variant (a `missing` one for a variant the current run
    /// lacks), then one per metric only the current run has; and the metrics left out unmeasured, as
    /// `malloc_count of coalescing/inside`.
    func rows(baseline: ResultDocument, current: ResultDocument, thresholds: GateThresholds)
      -> (rows: [Row], unmeasured: [String])
    {
      var rows: [Row] = []
      var unmeasured: [String] = []
      for old in baseline.variants {
        guard let new = current.variants.first(where: { $0.key == old.key }) else {
          rows.append(
            Row(
              variant: old.key, metric: "(variant)", baseline: nil, current: nil,
              rule: .informational, verdict: .missing))
          continue
        }
        for metric in old.metrics {
          let rule = rule(for: metric.name, design: old.design, thresholds: thresholds)
          let currentValue = new.value(of: metric.name)
          let verdict = Self.verdict(metric.value, currentValue, metric: metric.name, rule: rule)
          if verdict == .unmeasured { unmeasured.append("\(metric.name) of \(old.key)") }
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
      return (rows, unmeasured)
    }

    /// The rule of `metric` for `design`, shown only where the hosts or the stop condition make it
    /// meaningless to judge.
    private func rule(for metric: String, design: String, thresholds: GateThresholds) -> MetricRule
    {
      var rule = thresholds.rule(for: metric, design: design)
      if !sameHost && !anyHost && !rule.portable { rule.better = .none }
      if !stopsByCount && Comparison.requestCountMetrics.contains(metric) { rule.better = .none }
      return rule
    }

    /// The verdict on one metric: `baseline` is the baseline's value (nil when unmeasured), `current`
    /// the current run's (nil when absent, `.some(nil)` when unmeasured). A metric neither run
    /// measured (`writes` of a design that takes none) is shown, not judged: nothing was compared, so
    /// the headline does not count it as judged.
    private static func verdict(
      _ baseline: Double?, _ current: Double??, metric: String, rule: MetricRule
    ) -> Verdict {
      switch (baseline, current) {
      case (_, nil): .missing
      case (nil, .some(nil)): .ungated
      case (nil, .some(.some)): .new
      case (.some, .some(nil)):
        if rule.better == .none {
          .ungated
        } else if Comparison.transientlyUnmeasurable.contains(metric) {
          .unmeasured
        } else {
          .missing
        }
      case (.some(let before), .some(.some(let after))):
        rule.judge(baseline: before, current: after)
      }
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
}
