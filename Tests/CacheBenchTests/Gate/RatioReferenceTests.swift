import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// What `compare`'s timing ratios divide by: as under a run's table, the coalescing variant of each
/// variant's own decode placement, unless the profile names one variant for all.
struct RatioReferenceTests {
  typealias Fixtures = GateFixtures

  /// A variant with round throughputs, its other metrics the fixture's.
  static func variant(_ design: String, _ decode: String, throughput: Double) -> VariantMetrics {
    var variant = Fixtures.with(Fixtures.coalescing, "throughput", throughput)
    variant.variant = design
    variant.design = design.hasPrefix("sharded") ? "sharded" : design
    variant.decode = decode
    return variant
  }

  /// Coalescing inside first, so a single reference would be `coalescing/inside` for every row.
  static let placements = Fixtures.run(variants: [
    variant("coalescing", "inside", throughput: 10_000),
    variant("coalescing", "outside", throughput: 40_000),
    variant("sharded(8)", "inside", throughput: 20_000),
    variant("sharded(8)", "outside", throughput: 60_000),
  ])

  /// `throughput_ratio` of each variant in `comparison`, by variant key.
  static func ratios(_ comparison: Comparison) -> [String: Double?] {
    var ratios: [String: Double?] = [:]
    for row in comparison.rows where row.metric == "throughput_ratio" {
      ratios[row.variant] = row.current
    }
    return ratios
  }

  @Test func withNoProfileReferenceEachPlacementIsDividedByItsOwnCoalescingVariant() throws {
    let comparison = try Fixtures.compare(
      Self.placements, baseline: Self.placements, thresholds: GateThresholds())
    #expect(comparison.reference == .design("coalescing"))
    #expect(
      Self.ratios(comparison) == [
        "coalescing/inside": 1, "coalescing/outside": 1, "sharded(8)/inside": 2,
        "sharded(8)/outside": 1.5,
      ])
    #expect(
      comparison.report(.text).contains(
        "\nratios relative to: coalescing of the same decode placement (coalescing/inside,"
          + " coalescing/outside)\n"))
    #expect(
      comparison.report(.markdown).contains(
        "\n- ratios relative to: `coalescing` of the same decode placement (`coalescing/inside`,"
          + " `coalescing/outside`)\n"))
    #expect(comparison.jsonReport["reference"] == .string("coalescing"))
    #expect(
      comparison.jsonReport["reference_variants"]
        == .array([.string("coalescing/inside"), .string("coalescing/outside")]))
  }

  @Test func aProfilesReferenceVariantDividesEveryPlacement() throws {
    let comparison = try Fixtures.compare(
      Self.placements, baseline: Self.placements,
      thresholds: GateThresholds(reference: "coalescing/inside"))
    #expect(comparison.reference == .variant("coalescing/inside"))
    #expect(
      Self.ratios(comparison) == [
        "coalescing/inside": 1, "coalescing/outside": 4, "sharded(8)/inside": 2,
        "sharded(8)/outside": 6,
      ])
    #expect(comparison.report(.text).contains("\nratios relative to: coalescing/inside\n"))
  }

  @Test(arguments: [
    (
      ["mutex", "coalescing", "coalescing"], ["outside", "inside", "outside"],
      RatioReference.design("coalescing"), ["coalescing/outside", "coalescing/inside"]
    ),
    // No coalescing variant: the first variant's design, as `run` picks it; mutex/outside has none.
    (
      ["naive", "mutex", "mutex"], ["inside", "inside", "outside"], .design("naive"),
      ["naive/inside"]
    ),
  ])
  func theDefaultIsTheCoalescingDesignElseTheFirstVariantsDesign(
    designs: [String], decodes: [String], expected: RatioReference, keys: [String]
  ) {
    let variants = zip(designs, decodes).map { design, decode in
      VariantMetrics(variant: design, design: design, decode: decode, metrics: [])
    }
    let reference = RatioReference.selected(profile: nil, in: variants)
    #expect(reference == expected)
    #expect(reference.keys(in: variants) == keys)
  }

  /// A sweep's cells are matched by their cell too: `sharded(2)/inside c=64` over `coalescing/inside c=64`.
  @Test func aSweepCellIsDividedByTheCoalescingCellOfItsOwnConcurrency() {
    func cell(_ design: String, _ cell: String) -> VariantMetrics {
      VariantMetrics(
        variant: design, design: design.hasPrefix("sharded") ? "sharded" : design, decode: "inside",
        cell: cell, metrics: [])
    }
    let variants = [
      cell("coalescing", "c=8"), cell("coalescing", "c=64"), cell("sharded(2)", "c=8"),
      cell("sharded(2)", "c=64"),
    ]
    let reference = RatioReference.selected(profile: nil, in: variants)
    #expect(reference.key(for: variants[3], in: variants) == "coalescing/inside c=64")
    #expect(
      reference.summary(in: variants)
        == "coalescing of the same decode placement and cell (coalescing/inside c=8,"
        + " coalescing/inside c=64)")
  }
}
