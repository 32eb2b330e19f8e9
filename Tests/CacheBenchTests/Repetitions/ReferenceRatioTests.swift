import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// What each variant is divided by, and the paired ratios with their interval.
struct ReferenceRatioTests {
  typealias Fixtures = RepetitionFixtures

  static let fourVariants = [
    Fixtures.naiveInside, Fixtures.naiveOutside, Fixtures.coalescingInside,
    Fixtures.coalescingOutside,
  ]

  @Test func aDesignIsTheReferenceOfEachPlacementAndNotOfItself() {
    let selection = ReferenceSelection.design("coalescing")
    let references = Self.fourVariants.map {
      selection.reference(for: $0, in: Self.fourVariants)?.description
    }
    #expect(
      references == [
        "coalescing/inside", "coalescing/outside", "coalescing/inside", "coalescing/outside",
      ])
  }

  @Test func aVariantIsTheReferenceOfEveryPlacement() {
    let selection = ReferenceSelection.variant(Fixtures.coalescingInside)
    #expect(
      Self.fourVariants.map { selection.reference(for: $0, in: Self.fourVariants) }
        == Array(repeating: Fixtures.coalescingInside, count: 4))
  }

  @Test(arguments: [
    ("coalescing", ReferenceSelection.design("coalescing")),
    ("coalescing/outside", .variant(RepetitionFixtures.coalescingOutside)),
    ("sharded(8)/inside", .variant(RepetitionFixtures.shardedInside)),
    ("sharded/inside", .variant(RepetitionFixtures.shardedInside)),
    ("sharded", .design("sharded")),
  ])
  func aNameSelectsADesignOrAVariant(name: String, expected: ReferenceSelection) {
    let variants = Self.fourVariants + [Fixtures.shardedInside]
    #expect(ReferenceSelection.named(name, in: variants) == expected)
  }

  @Test(arguments: ["fast", "mutex", "coalescing/none", "sharded(4)/inside", ""])
  func aNameOfNoDesignOrVariantOfTheRunSelectsNothing(name: String) {
    #expect(ReferenceSelection.named(name, in: Self.fourVariants + [Fixtures.shardedInside]) == nil)
  }

  @Test func theDefaultIsCoalescingWhenMeasuredElseTheFirstDesign() {
    #expect(ReferenceSelection.defaultSelection(in: Self.fourVariants) == .design("coalescing"))
    #expect(
      ReferenceSelection.defaultSelection(in: [Fixtures.shardedInside, Fixtures.naiveInside])
        == .design("sharded"))
    #expect(ReferenceSelection.defaultSelection(in: []) == nil)
  }

  @Test func repetitionIIsDividedByTheReferencesRepetitionI() throws {
    // Each repetition of naive is exactly twice as fast as the reference's same repetition, though
    // both vary four-fold from one repetition to the next: paired, the ratio is 2 with no spread.
    let results =
      Fixtures.repeated(Fixtures.coalescingInside, [(1000, 500), (500, 500), (2000, 500)])
      + Fixtures.repeated(Fixtures.naiveInside, [(2000, 1000), (1000, 1500), (4000, 2000)])
    let groups = VariantRepetitions.grouping(results.reversed())
    let ratios = ReferenceRatio.ratios(groups, selection: .design("coalescing"))
    #expect(ratios.map(\.figure) == ["throughput", "latency_p50", "latency_p99"])
    #expect(ratios.allSatisfy { $0.variant == Fixtures.naiveInside })
    #expect(ratios.allSatisfy { $0.reference == Fixtures.coalescingInside })
    let throughput = try #require(ratios.first { $0.figure == "throughput" }).ratio
    #expect(throughput == MedianInterval([2, 2, 2]))
    #expect(throughput.bounds == 2...2)
    #expect(throughput.confidence == 0.75)
    // Latency 1000, 1500, 2000 ns over 500 ns: ratios 2, 3, 4.
    let latency = try #require(ratios.first { $0.figure == "latency_p50" }).ratio
    #expect(latency.median == 3)
    #expect(latency.bounds == 2...4)
  }

  @Test func aRepetitionTheReferenceLacksIsLeftOutOfThePairs() throws {
    let results =
      Fixtures.repeated(Fixtures.coalescingInside, [(1000, 500)])
      + Fixtures.repeated(Fixtures.naiveInside, [(2000, 1000), (1000, 1500), (4000, 2000)])
    let ratios = ReferenceRatio.ratios(
      VariantRepetitions.grouping(results), selection: .design("coalescing"))
    let throughput = try #require(ratios.first).ratio
    #expect(throughput.count == 1)
    #expect(throughput.median == 2)
    #expect(throughput.bounds == nil)
  }

  @Test func aVariantWithoutAReferenceForItsPlacementHasNoRatio() {
    let results =
      Fixtures.repeated(Fixtures.coalescingInside, [(1000, 500)])
      + Fixtures.repeated(Fixtures.naiveOutside, [(2000, 1000)])
    #expect(
      ReferenceRatio.ratios(VariantRepetitions.grouping(results), selection: .design("coalescing"))
        .isEmpty)
  }
}
