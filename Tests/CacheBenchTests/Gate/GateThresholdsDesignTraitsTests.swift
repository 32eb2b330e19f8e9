import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The gate's built-in rules for a user's design follow its traits in the registry the entry point
/// bound, exactly as they do for the built-in designs.
struct GateThresholdsDesignTraitsTests {
  static let countsHeldExactlyForCoalescing = ["fetches", "leaders", "duplicate_fetches"]

  /// The rule `GateThresholds()` gives `metric` of `design` while a registry holds a design `mine`
  /// with `traits`.
  private func rule(
    for metric: String, design: String, whenMineHas traits: DesignTraits
  ) throws -> MetricRule {
    let registry = try DesignRegistry.withBuiltIn(adding: [
      .hookless(name: "mine", traits: traits)
    ])
    return RegisteredDesigns.$registry.withValue(registry) {
      GateThresholds().rule(for: metric, design: design)
    }
  }

  /// A user design's traits and the rule its fetch counts get.
  static let rulesByTraits: [(traits: DesignTraits, rule: MetricRule)] = [
    (.coalesces, .exact),
    ([.coalesces, .sharded], .exact),
    ([.coalesces, .lockIsolated, .supportsRetention, .measuredByDefault], .exact),
    ([], .informational),
    ([.sharded, .supportsRetention, .measuredByDefault], .informational),
    ([.coalesces, .takesWrites], .informational),
  ]

  @Test(arguments: rulesByTraits)
  func aUserDesignsFetchCountsAreExactWhenItCoalescesAndTakesNoWrites(
    traits: DesignTraits, expected: MetricRule
  ) throws {
    for metric in Self.countsHeldExactlyForCoalescing {
      #expect(try rule(for: metric, design: "mine", whenMineHas: traits) == expected, "\(metric)")
    }
  }

  @Test(arguments: [DesignTraits.coalesces, []])
  func theTraitsChangeNoOtherMetricsRule(traits: DesignTraits) throws {
    #expect(try rule(for: "hits", design: "mine", whenMineHas: traits) == .informational)
    #expect(try rule(for: "joins", design: "mine", whenMineHas: traits) == .informational)
    #expect(try rule(for: "errors", design: "mine", whenMineHas: traits) == .exact)
    #expect(
      try rule(for: "requests", design: "mine", whenMineHas: traits)
        == MetricRule(better: .equal, portable: true))
    #expect(
      try rule(for: "throughput_ratio", design: "mine", whenMineHas: traits) == .informational)
  }

  @Test func aNameNoRegisteredDesignHasIsNotGatedOnItsFetchCounts() throws {
    for metric in Self.countsHeldExactlyForCoalescing {
      #expect(
        try rule(for: metric, design: "theirs", whenMineHas: .coalesces) == .informational,
        "\(metric)")
      // Outside the entry point only the built-in designs are registered.
      #expect(GateThresholds().rule(for: metric, design: "mine") == .informational, "\(metric)")
    }
  }

  @Test func theBuiltInCoalescingDesignsStayExactBesideAUserDesign() throws {
    for design in ["coalescing", "sharded", "mutex"] {
      #expect(try rule(for: "fetches", design: design, whenMineHas: []) == .exact, "\(design)")
    }
    for design in ["naive", "repository", "naive-repository"] {
      #expect(
        try rule(for: "fetches", design: design, whenMineHas: .coalesces) == .informational,
        "\(design)")
    }
  }

  @Test func aProfileRuleForTheDesignOverridesItsTraitRule() throws {
    let registry = try DesignRegistry.withBuiltIn(adding: [
      .hookless(name: "mine", traits: .coalesces)
    ])
    var thresholds = GateThresholds()
    thresholds.designRules["mine"] = ["fetches": GateThresholds.PartialRule(relative: 0.1)]
    let (fetches, leaders) = RegisteredDesigns.$registry.withValue(registry) {
      (
        thresholds.rule(for: "fetches", design: "mine"),
        thresholds.rule(for: "leaders", design: "mine")
      )
    }
    #expect(fetches == MetricRule(better: .lower, relative: 0.1, portable: true))
    #expect(leaders == .exact)
  }
}
