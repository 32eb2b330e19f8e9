import CacheBenchCore

/// How the gate judges one metric: which direction is better and how much change is noise.
///
/// A change is within the threshold while its size is at most `allowance(baseline:)`, the larger of
/// `absolute` (in the metric's own unit) and `relative` × |baseline|. Beyond it, a change in the
/// better direction is an improvement and one in the worse direction a regression; for `.equal`
/// either direction is a regression, and `.none` is shown but never judged.
struct MetricRule: Sendable, Equatable {
  /// Which direction of change is better.
  enum Better: String, Sendable, CaseIterable {
    /// Smaller is better: latency, duplicate fetches, allocations.
    case lower
    /// Larger is better: throughput.
    case higher
    /// Any change is a regression: a count the scenario fixes, such as `requests`.
    case equal
    /// Not gated: shown for information, e.g. raw times, which depend on the host's load.
    case none
  }

  var better: Better
  /// Allowed change as a fraction of the baseline value (0.25 is 25%).
  var relative: Double = 0
  /// Allowed change in the metric's unit, whatever the baseline.
  var absolute: Double = 0
  /// Whether the metric is the same on any host and toolchain (a count fixed by the seed), so it is
  /// still gated when the baseline comes from another machine.
  var portable: Bool = false

  /// Exact: no change allowed, smaller is better, the same on every host.
  static let exact = MetricRule(better: .lower, portable: true)
  /// Shown, never judged.
  static let informational = MetricRule(better: .none)

  /// The largest change that is still noise.
  func allowance(baseline: Double) -> Double {
    max(absolute, relative * abs(baseline))
  }

  /// What the change from `baseline` to `current` means under this rule.
  func judge(baseline: Double, current: Double) -> Verdict {
    let change = current - baseline
    guard better != .none else { return .ungated }
    guard abs(change) > allowance(baseline: baseline) else { return .ok }
    switch better {
    case .lower: return change > 0 ? .regression : .improvement
    case .higher: return change < 0 ? .regression : .improvement
    case .equal: return .regression
    case .none: return .ungated
    }
  }

  /// The rule in a few characters for a report column: `exact`, `=`, `-25%`, `+10%|2`, `info`.
  ///
  /// The sign is the direction that would be a regression: `+5%` means an increase of more than 5% fails.
  var summary: String {
    let limit: String
    switch (relative > 0, absolute > 0) {
    case (false, false): limit = "0"
    case (true, false): limit = Self.percent(relative)
    case (false, true): limit = Self.plain(absolute)
    case (true, true): limit = Self.percent(relative) + "|" + Self.plain(absolute)
    }
    switch better {
    case .none: return "info"
    case .equal: return relative == 0 && absolute == 0 ? "exact" : "=±" + limit
    case .lower: return relative == 0 && absolute == 0 ? "exact" : "+" + limit
    case .higher: return relative == 0 && absolute == 0 ? "exact" : "-" + limit
    }
  }

  /// A fraction as a percentage, e.g. `50%`.
  private static func percent(_ fraction: Double) -> String {
    plain(fraction * 100) + "%"
  }

  /// A number without a needless fraction, else with two decimals.
  private static func plain(_ value: Double) -> String {
    value == value.rounded() ? String(Int64(value)) : DecimalText.fixed(value, fractionDigits: 2)
  }
}

/// The outcome for one metric of one variant.
enum Verdict: String, Sendable, Equatable {
  /// Within the threshold.
  case ok
  /// Worse than the baseline beyond the threshold (or any change, for an exact metric).
  case regression
  /// Better than the baseline beyond the threshold: fine, unless `--fail-on-improvement`.
  case improvement
  /// Present in the baseline, absent or unmeasured in the current run: a failure.
  case missing
  /// Judged, but the current run could not measure it for a reason outside the code under test (the
  /// allocator's statistics when a worker thread could not flush its cache in time,
  /// `Comparison.transientlyUnmeasurable`): left out of the verdict, with a note, never a regression.
  case unmeasured
  /// In the current run only: reported; it enters the gate when the baseline is regenerated.
  case new
  /// Shown, not judged: a raw time, a metric with no rule, or a host-dependent metric compared
  /// across hosts.
  case ungated

  /// Whether the verdict fails the gate by itself (improvements fail only on request).
  var fails: Bool { self == .regression || self == .missing }
}
