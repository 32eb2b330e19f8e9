import Testing

@testable import CacheBench
@testable import CacheBenchCore

/// The A/B gate's rules and the timing ratios come from the declarations that carry them.
struct PairedRuleCatalogueTests {
  /// What `PairedRule.builtIn` held when it was written by hand.
  @Test func theBuiltInPairedRulesAreTheOnesWrittenByHandBefore() {
    let rules = PairedRule.builtIn
    #expect(
      rules.map(\.metric) == [
        "hit_path_ns", "throughput", "latency_p50_ns", "latency_p99_ns", "cpu_per_request_ns",
        "actor_wait_p50_ns", "actor_busy_wait_p50_ns",
      ])
    #expect(
      rules.map { $0.rule } == [
        PairedRule(better: .lower, threshold: 1.05),
        PairedRule(better: .higher, threshold: 1.10),
        PairedRule(better: .lower, threshold: 1.25, floor: 1_000),
        PairedRule(better: .lower, threshold: 1.50, floor: 1_000),
        PairedRule(better: .lower, threshold: 1.20),
        PairedRule(better: .lower, threshold: 1.50, floor: 1_000),
        PairedRule(better: .lower, threshold: 1.50, floor: 1_000),
      ])
  }

  @Test func aDeclarationMarkedForTheABGateIsJudgedThereAndLeavesWithIt() {
    let declared = MetricDeclaration("answer_ns", .nanoseconds, better: .higher, doc: "") { _ in
      .whole(42)
    }.paired(PairedThreshold(threshold: 1.30, floor: 10, position: 55))
    let rules = PairedRule.rules(from: MetricCatalogue.figures + [declared])
    let index = rules.firstIndex { $0.metric == "answer_ns" }
    #expect(index == rules.firstIndex { $0.metric == "cpu_per_request_ns" }.map { $0 + 1 })
    #expect(
      rules.first { $0.metric == "answer_ns" }?.rule
        == PairedRule(better: .higher, threshold: 1.30, floor: 10))
    let removed = PairedRule.rules(from: MetricCatalogue.figures.filter { $0.name != "throughput" })
    #expect(removed.map(\.metric) == PairedRule.builtIn.map(\.metric).filter { $0 != "throughput" })
  }

  /// `cpu_per_request_ns` is written by no file: the gate forms it from the two it divides.
  @Test func aDerivedFigureIsFormedFromTheMetricsItDivides() {
    var variant = GateFixtures.with(GateFixtures.coalescing, "cpu_total_s", 0.5)
    variant = GateFixtures.with(variant, "requests", 20_000)
    #expect(PairedRule.value(of: "cpu_per_request_ns", in: variant) == 0.5 * 1e9 / 20_000)
    let unmeasured = GateFixtures.with(variant, "cpu_total_s", nil)
    #expect(PairedRule.value(of: "cpu_per_request_ns", in: unmeasured) == nil)
    #expect(!MetricCatalogue.all.contains { $0.name == "cpu_per_request_ns" })
  }

  /// What `TimingRatios.ratios` held when it was written by hand; one declared joins them.
  @Test func theTimingRatiosAreTheDeclaredOnes() {
    #expect(
      TimingRatios.ratios.map(\.name) == [
        "throughput_ratio", "latency_p50_ratio", "latency_p99_ratio",
      ])
    #expect(
      TimingRatios.ratios.map(\.metric) == ["throughput", "latency_p50_ns", "latency_p99_ns"])
    let declared = MetricDeclaration("answer", .count, better: .lower, doc: "") { _ in .whole(42) }
      .timingRatio("answer_ratio")
    let ratios = TimingRatios.ratios(from: MetricCatalogue.all + [declared])
    #expect(ratios.last?.name == "answer_ratio" && ratios.last?.metric == "answer")
    let removed = TimingRatios.ratios(from: MetricCatalogue.all.filter { $0.name != "throughput" })
    #expect(removed.map(\.name) == ["latency_p50_ratio", "latency_p99_ratio"])
  }
}
