import Testing

@testable import CacheBench
@testable import CacheBenchCore

/// The A/B gate's judgement on in-memory rounds whose answer is known: an unchanged head passes, a head
/// whose every round is slower fails, and one slow round never decides.
struct PairedComparisonTests {
  typealias Fixtures = GateFixtures

  /// A round: the coalescing fixture with its hit path, throughput and CPU set.
  static func round(
    hitPath: Double, throughput: Double = 40_000, cpuSeconds: Double = 0.5,
    actorWait: Double? = 500
  ) -> ResultDocument {
    var variant = Fixtures.with(Fixtures.coalescing, "hit_path_ns", hitPath)
    variant = Fixtures.with(variant, "throughput", throughput)
    variant = Fixtures.with(variant, "cpu_total_s", cpuSeconds)
    variant = Fixtures.with(variant, "actor_wait_p50_ns", actorWait)
    return Fixtures.run(variants: [variant])
  }

  /// Base rounds with a spread of ±3% around 100 ns, as unchanged code gives.
  static let baseHitPaths: [Double] = [100, 103, 98, 101, 97, 102, 100, 99, 103, 98]

  static func compare(base: [ResultDocument], head: [ResultDocument]) throws -> PairedComparison {
    try PairedComparison(
      base: base, head: head, baseName: "base", headName: "head", rules: PairedRule.builtIn)
  }

  static func row(_ comparison: PairedComparison, _ metric: String) -> PairedComparison.Row? {
    comparison.rows.first { $0.metric == metric }
  }

  /// A round of `hitPath` whose scenario has `keys` keys.
  static func round(hitPath: Double, keys: Int) -> ResultDocument {
    var run = round(hitPath: hitPath)
    run.scenario = .object([
      ("seed", .number("1")), ("keys", .number(keys)), ("requests_target", .number("20000")),
      ("duration_s", .null),
    ])
    return run
  }

  @Test func aHeadRoundOfAnotherScenarioIsRefusedBeforeAnythingIsJudged() throws {
    let base = Self.baseHitPaths.map { Self.round(hitPath: $0) }
    var head = Self.baseHitPaths.map { Self.round(hitPath: $0) }
    head[3] = Self.round(hitPath: 100, keys: 1000)
    #expect(
      throws: GateError.pairedScenarioMismatch(
        first: "base round 1", other: "head round 4", differences: ["keys 2000 vs 1000"])
    ) { try Self.compare(base: base, head: head) }
  }

  @Test func aBaseRoundOfAnotherScenarioIsRefusedToo() throws {
    var base = Self.baseHitPaths.map { Self.round(hitPath: $0) }
    let head = Self.baseHitPaths.map { Self.round(hitPath: $0) }
    base[1] = Self.round(hitPath: 100, keys: 500)
    #expect(
      throws: GateError.pairedScenarioMismatch(
        first: "base round 1", other: "base round 2", differences: ["keys 2000 vs 500"])
    ) { try Self.compare(base: base, head: head) }
  }

  @Test func anUnchangedHeadWithinItsSpreadPasses() throws {
    let base = Self.baseHitPaths.map { Self.round(hitPath: $0) }
    let head = Self.baseHitPaths.reversed().map { Self.round(hitPath: $0) }
    let comparison = try Self.compare(base: base, head: head)
    #expect(comparison.passed)
    #expect(Self.row(comparison, "hit_path_ns")?.verdict == .ok)
  }

  @Test func aHitPathTwentyPercentSlowerInEveryRoundIsARegression() throws {
    let base = Self.baseHitPaths.map { Self.round(hitPath: $0) }
    let head = Self.baseHitPaths.map { Self.round(hitPath: $0 * 1.2) }
    let comparison = try Self.compare(base: base, head: head)
    #expect(!comparison.passed)
    let row = try #require(Self.row(comparison, "hit_path_ns"))
    #expect(row.verdict == .regression)
    #expect(comparison.failures.map(\.metric) == ["hit_path_ns"])
    #expect(
      comparison.sentence(row)
        == "coalescing/outside hit_path_ns 1.200× [1.200, 1.200] slower than base (threshold 1.050×): regression"
    )
  }

  /// Nine rounds 20% slower and one 5% faster: the interval (2nd to 9th of ten) rests on the slow
  /// rounds, so the verdict stands; the reverse, one round slow by 10×, is noise.
  @Test func oneOutlyingRoundNeitherHidesNorMakesARegression() throws {
    let base = Array(repeating: Self.round(hitPath: 100), count: 10)
    let mostlySlow = (0..<10).map { Self.round(hitPath: $0 == 3 ? 95 : 120) }
    #expect(
      try Self.row(Self.compare(base: base, head: mostlySlow), "hit_path_ns")?.verdict
        == .regression)
    let oneSpike = (0..<10).map { Self.round(hitPath: $0 == 4 ? 1_000 : 101) }
    #expect(try Self.row(Self.compare(base: base, head: oneSpike), "hit_path_ns")?.verdict == .ok)
  }

  /// Higher is better for throughput: a head with 30% less is a regression, with 30% more an
  /// improvement, which does not fail.
  @Test func lowerThroughputIsARegressionAndHigherAnImprovement() throws {
    let base = (0..<8).map { _ in Self.round(hitPath: 100, throughput: 1_000_000) }
    let slower = (0..<8).map { _ in Self.round(hitPath: 100, throughput: 700_000) }
    let faster = (0..<8).map { _ in Self.round(hitPath: 100, throughput: 1_300_000) }
    #expect(
      try Self.row(Self.compare(base: base, head: slower), "throughput")?.verdict == .regression)
    let improved = try Self.compare(base: base, head: faster)
    #expect(Self.row(improved, "throughput")?.verdict == .improvement)
    #expect(improved.passed)
  }

  /// CPU per request is formed from `cpu_total_s` and `requests`, which the CSV carries.
  @Test func cpuPerRequestIsTheRunsCPUOverItsRequests() throws {
    let base = (0..<6).map { _ in Self.round(hitPath: 100, cpuSeconds: 0.4) }
    let head = (0..<6).map { _ in Self.round(hitPath: 100, cpuSeconds: 0.6) }
    let row = try #require(Self.row(try Self.compare(base: base, head: head), "cpu_per_request_ns"))
    #expect(row.baseMedian == 0.4 * 1e9 / 20_000)
    #expect(row.ratio?.median == 1.5)
    #expect(row.verdict == .regression)
  }

  /// An actor wait of 0 ns against 20 ns is no regression: both are lifted to the 1 µs floor.
  @Test func figuresBelowTheFloorAreNotTimedAgainstEachOther() throws {
    let base = (0..<6).map { _ in Self.round(hitPath: 100, actorWait: 0) }
    let head = (0..<6).map { _ in Self.round(hitPath: 100, actorWait: 20) }
    let row = try #require(Self.row(try Self.compare(base: base, head: head), "actor_wait_p50_ns"))
    #expect(row.ratio?.median == 1)
    #expect(row.verdict == .ok)
  }

  /// Five rounds give no 95% interval: the figure is unmeasured, never a pass of the unmeasured.
  @Test func fewerThanSixRoundsJudgeNothing() throws {
    let base = (0..<5).map { _ in Self.round(hitPath: 100) }
    let head = (0..<5).map { _ in Self.round(hitPath: 300) }
    let comparison = try Self.compare(base: base, head: head)
    #expect(Self.row(comparison, "hit_path_ns")?.verdict == .unmeasured)
    #expect(comparison.notes.contains { $0.hasPrefix("unmeasured: fewer than 6 rounds") })
  }

  @Test func aVariantOnlyOneSideRanIsNamedAndNotJudged() throws {
    let base = (0..<6).map { _ in Fixtures.run(variants: [Fixtures.coalescing]) }
    let head = (0..<6).map { _ in Fixtures.run(variants: [Fixtures.coalescing, Fixtures.mutex]) }
    let comparison = try Self.compare(base: base, head: head)
    #expect(comparison.notes.contains("not judged, only head ran: mutex/outside"))
    #expect(!comparison.rows.contains { $0.variant == "mutex/outside" })
  }

  @Test func unequalRoundCountsAreRefused() {
    #expect(throws: GateError.unpairedRounds(base: 6, head: 5)) {
      try Self.compare(
        base: (0..<6).map { _ in Fixtures.run() }, head: (0..<5).map { _ in Fixtures.run() })
    }
  }

  /// A profile's `gate.paired` section replaces a threshold or turns a figure off.
  @Test func aProfileOverridesAPairedRule() throws {
    let section = try JSONParser.parse(
      #"{"paired": {"hit_path_ns": {"threshold": "30%"}, "latency_p99_ns": {"threshold": "none"}}}"#
    )
    let thresholds = try GateThresholds(profileSection: section, path: "p.json")
    let rules = Dictionary(uniqueKeysWithValues: thresholds.paired.map { ($0.metric, $0.rule) })
    #expect(rules["hit_path_ns"]?.threshold == 1.3)
    #expect(rules["latency_p99_ns"]?.judged == false)
    #expect(rules["throughput"] == PairedRule(better: .higher, threshold: 1.10))
  }

  @Test func aPairedRuleForAFigureTheGateDoesNotTimeIsRefused() throws {
    let section = try JSONParser.parse(#"{"paired": {"fetches": {"threshold": "5%"}}}"#)
    #expect(throws: ProfileError.self) {
      try GateThresholds(profileSection: section, path: "p.json")
    }
  }
}
