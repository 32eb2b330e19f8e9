import CacheBenchCore

/// Which rule judges each metric of each variant, and the reference variant of the timing ratios.
///
/// Rules are found in this order, the first that names the metric winning:
/// 1. the profile's `design_thresholds[design][metric]`,
/// 2. the profile's `thresholds[metric]`,
/// 3. the built-in rule of the metric for the variant's design's traits (`builtInRules(forDesign:)`),
/// 4. the built-in rule of the metric (`builtIn`),
/// 5. for a metric nobody named: `MetricRule.informational` (shown, never gated), because guessing
///    the polarity of an unknown figure would make the gate fail on noise or pass on a regression.
///    A metric missing from the current run fails whatever its rule.
/// A profile rule may give only some fields (`{"relative": "30%"}`); the rest come from the rule it
/// replaces.
struct GateThresholds: Sendable, Equatable {
  /// `design/decode` of the variant the `*_ratio` metrics divide by, e.g. `mutex/outside`; `nil` means
  /// the coalescing variant of each variant's own decode placement (`RatioReference`).
  var reference: String?
  /// Profile rules by metric, for every design.
  var metricRules: [String: PartialRule] = [:]
  /// Profile rules by design, then metric.
  var designRules: [String: [String: PartialRule]] = [:]
  /// Profile overrides of the A/B gate's rules (`PairedRule.builtIn`), by metric.
  var pairedRules: [String: PairedPartialRule] = [:]

  /// The A/B gate's rules: the built-in ones with the profile's overrides applied, in report order.
  var paired: [(metric: String, rule: PairedRule)] {
    PairedRule.builtIn.map { metric, rule in
      (metric, pairedRules[metric]?.applied(to: rule) ?? rule)
    }
  }

  /// Some fields of a rule, the others taken from the rule it overrides.
  struct PartialRule: Sendable, Equatable {
    var better: MetricRule.Better?
    var relative: Double?
    var absolute: Double?
    var portable: Bool?

    /// `base` with the fields this one gives replaced.
    func applied(to base: MetricRule) -> MetricRule {
      MetricRule(
        better: better ?? base.better, relative: relative ?? base.relative,
        absolute: absolute ?? base.absolute, portable: portable ?? base.portable)
    }
  }

  /// Some fields of a paired rule, the others taken from the built-in rule.
  struct PairedPartialRule: Sendable, Equatable {
    /// `.some(nil)` shows the ratio without judging it.
    var threshold: Double??
    var floor: Double?

    /// `base` with the fields this one gives replaced.
    func applied(to base: PairedRule) -> PairedRule {
      var rule = base
      if let threshold { rule.threshold = threshold }
      if let floor { rule.floor = floor }
      return rule
    }
  }

  /// The rule for `metric` of a variant of `design`.
  func rule(for metric: String, design: String) -> MetricRule {
    var rule =
      Self.builtInRules(forDesign: design)?[metric] ?? Self.builtIn[metric] ?? .informational
    if let partial = metricRules[metric] { rule = partial.applied(to: rule) }
    if let partial = designRules[design]?[metric] { rule = partial.applied(to: rule) }
    return rule
  }

  /// The rules that hold only for some designs, by the design's traits in the registry
  /// (`RegisteredDesigns`): a design that coalesces (`DesignTraits.coalesces`) and takes no writes shares
  /// one fetch among concurrent misses of a key, so with no failure injection and a request-count stop its
  /// `fetches` and `leaders` equal the distinct keys among the first N requests of the seed's key
  /// sequence, and `duplicate_fetches` is 0, on any host. For the others (`naive`, the writing designs, a
  /// name no registered design has) these counts depend on how requests interleave, so they fall back to
  /// `builtIn`, which leaves them ungated.
  static func builtInRules(forDesign design: String) -> [String: MetricRule]? {
    guard let traits = RegisteredDesigns.registry.design(named: design)?.traits,
      traits.contains(.coalesces), !traits.contains(.takesWrites)
    else { return nil }
    return exactForCoalescing
  }

  /// The counts a coalescing design holds exactly: the metrics whose declaration gives a rule for
  /// coalescing designs (`MetricDeclaration.coalescingRule`).
  static let exactForCoalescing: [String: MetricRule] = MetricCatalogue.coalescingRules

  /// Built-in rules by metric name, for every design.
  ///
  /// - Counts fixed by the scenario (`requests`, `writes`) or by the absence of failure injection
  ///   (`errors`, `cancellations`, `stale_rejected`), and the correctness check
  ///   `stale_served_after_write`, are exact. `conflicts` depends on how writes interleave: shown only.
  /// - Raw times (`*_ns`, `*_s`, `throughput`) are never gated: they move with the host's load. So do
  ///   the timing ratios by default: `throughput_ratio`, the variant's throughput over the reference
  ///   variant's in the same run, moved by -52% to +229% between medians of three runs with no change
  ///   to the code on a 2-core machine shared with compile jobs, and -53.5% in one unchanged single
  ///   run; the latency ratios moved by up to 2.2x (request latency of a mostly-hit workload is
  ///   bimodal). They are shown, not judged, so an unchanged rerun passes; a profile for a quiet
  ///   machine can judge them (`"throughput_ratio": {"better": "higher", "relative": "50%"}`). The
  ///   gate still bites through the exact counts and `instructions_per_request`.
  /// - `mallocs_per_request` allows 10% or 1.5 allocations: over 60 unchanged runs of the example's
  ///   `ci.json` at load 3–5, a reentrant design's ranged 0.21–1.33 (duplicate fetches allocate, and
  ///   their number varies), while the coalescing designs' stayed within 0.07. A profile where every
  ///   request takes the same path (`ci-hits.json`: one client, all hits; 0.000–0.003 over the same
  ///   runs) holds it to 0.1, so one more allocation per request fails there.
  /// - Byte totals allow 25%, `resident_bytes` 50%: over 160 unchanged runs each of the example's
  ///   `ci.json` and `ci-hits.json` at load 3–5, `allocated_bytes` spread by at most 4.1% and
  ///   `peak_rss_bytes` by 1.6% (of the median), but `resident_bytes` by up to 36% where it is a few
  ///   MiB (`ci-hits.json`: pages jemalloc has not yet returned), and 25% failed one of 14 single-run
  ///   comparisons there.
  /// - `malloc_count` is shown, not judged: unchanged reruns moved it by +12% to +30% (libdispatch's
  ///   helper threads and the thread-cache flush), past any rule tight enough to matter, and with a
  ///   request-count stop it is `mallocs_per_request` times the requests, which is judged.
  /// - `hit_path_floor_ratio` (the calibration's uncontended hit over the floor of its mechanism, e.g.
  ///   an empty actor call) is judged for gross slowdowns only: lower, 100% (twice the baseline
  ///   fails), so a several-times slower lookup fails the stored-baseline gate too. The raw
  ///   `hit_path_ns` is not judged here: two machines of the same kind measured 185 and 92 ns for the
  ///   same design and commit, with their empty actor calls at 102 and 58 ns, so the ratio (1.82 and
  ///   1.50) carries across machines where the nanoseconds do not. The A/B gate
  ///   (`scripts/ci-gate --against`) judges small changes of `hit_path_ns` on paired rounds instead.
  /// - `instructions_per_request` (filled only by `scripts/valgrind callgrind`) counts work, not time:
  ///   runs of `Profiles/callgrind.json` under callgrind spread by less than 0.1%, so 1% is far above
  ///   noise yet below any change to the hit path worth noticing. It is not portable: another
  ///   toolchain compiles other instructions, and glibc picks its string functions by CPU.
  /// - `repetitions`, `ci_level` and the `*_ci_*` interval bounds of a `--repeat` run are named by no
  ///   rule, so they are shown and never judged: an interval's width measures the host's noise, not
  ///   the code, and a baseline of one repetition has none.
  /// - `decode_on_actor_share` is where the language put the decode, not how fast it ran: 0 or 1 for
  ///   every placement of the built-in actor designs, on any load. A change beyond 0.05 either way is a
  ///   regression on any host: a design, or a toolchain's isolation rules (SE-0461), moved the decode on
  ///   or off the actor. `decodes` follows the request count and the hit rate: shown only.
  ///
  /// Each rule is declared with its metric (`MetricDeclaration.rule`, `MetricCatalogue`); a metric
  /// that declares none is shown, not judged. The timing ratios (`TimingRatios`), which the gate
  /// computes rather than the run records, are shown only.
  static let builtIn: [String: MetricRule] = MetricCatalogue.rules.merging(
    TimingRatios.ratios.map { ($0.name, MetricRule.informational) },
    uniquingKeysWith: { rule, _ in rule })
}
