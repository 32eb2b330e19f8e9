import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The hyperfine-style ratio lines under the table.
struct RatioLinesWriterTests {
  typealias Fixtures = RepetitionFixtures

  @Test func eachFigureGetsAHeadingAndOneAlignedLinePerVariant() {
    let results =
      Fixtures.repeated(Fixtures.coalescingInside, [(1000, 1000), (1000, 1000), (1000, 1000)])
      + Fixtures.repeated(Fixtures.naiveInside, [(500, 2000), (250, 2000), (1000, 2000)])
      + Fixtures.repeated(Fixtures.shardedInside, [(2000, 500), (1600, 500), (1250, 500)])
    let ratios = ReferenceRatios(
      VariantRepetitions.grouping(results), selection: .design("coalescing"))
    #expect(
      RatioLinesWriter.render(ratios) == """
        ratios to coalescing, median [75% interval] of 3 paired repetitions:
        throughput (higher is faster)
          naive/inside:      2.00× lower [1.00, 4.00] than coalescing/inside, no clear difference
          sharded(8)/inside: 1.60× higher [1.25, 2.00] than coalescing/inside
        latency p50 (lower is faster)
          naive/inside:      2.00× higher [2.00, 2.00] than coalescing/inside
          sharded(8)/inside: 2.00× lower [2.00, 2.00] than coalescing/inside
        latency p99 (lower is faster)
          naive/inside:      2.00× higher [2.00, 2.00] than coalescing/inside
          sharded(8)/inside: 2.00× lower [2.00, 2.00] than coalescing/inside

        """)
  }

  @Test func oneRepetitionGivesRatiosWithoutAnInterval() {
    let results =
      Fixtures.repeated(Fixtures.coalescingInside, [(1000, 1000)])
      + Fixtures.repeated(Fixtures.naiveInside, [(500, 2000)])
    let ratios = ReferenceRatios(
      VariantRepetitions.grouping(results), selection: .variant(Fixtures.coalescingInside))
    let lines = RatioLinesWriter.render(ratios).split(separator: "\n").map(String.init)
    let title =
      "ratios to coalescing/inside, from one repetition (no interval without --repeat):"
    #expect(lines.first == title)
    #expect(lines.dropFirst().first == "throughput (higher is faster)")
    #expect(lines.dropFirst(2).first == "  naive/inside: 2.00× lower than coalescing/inside")
  }

  @Test func aVariantWithFewerPairsSaysHowMany() {
    let results =
      Fixtures.repeated(Fixtures.coalescingInside, [(1000, 1000), (1000, 1000), (1000, 1000)])
      + Fixtures.repeated(Fixtures.naiveInside, [(500, 2000), (250, 2000), (1000, 2000)])
      + Fixtures.repeated(Fixtures.shardedInside, [(2000, 500)])
    let text = RatioLinesWriter.render(
      ReferenceRatios(VariantRepetitions.grouping(results), selection: .design("coalescing")))
    let line = "  sharded(8)/inside: 2.00× higher than coalescing/inside (1 paired repetition)\n"
    #expect(text.contains(line))
    #expect(text.hasPrefix("ratios to coalescing, median [75% interval] of 3 paired repetitions:"))
  }

  @Test func noRatioGivesNoLines() {
    let ratios = ReferenceRatios(
      VariantRepetitions.grouping(Fixtures.repeated(Fixtures.coalescingInside, [(1000, 1000)])),
      selection: .design("coalescing"))
    #expect(RatioLinesWriter.render(ratios).isEmpty)
  }

  @Test(arguments: [
    (1.7412, 1.70, 1.78, "1.74× higher [1.70, 1.78]"),
    (12.34, 11.0, 13.0, "12.3× higher [11.0, 13.0]"), (150, 149, 151, "150× higher [149, 151]"),
    (0.0125, 0.01, 0.02, "80.0× lower [50.0, 100.0]"),
    (0.000745, 0.0007, 0.0008, "1342× lower [1250, 1429]"),
    (0.98, 0.95, 1.01, "1.02× lower [0.99, 1.05]"), (0.5, 0, 1, "2.00× lower [1.00, ∞]"),
    (0, 0, 1, "0×"),
  ])
  func aRatioAndItsBoundsShareTheirDecimalsAndOneBelow1IsSaidAsTimesLower(
    median: Double, low: Double, high: Double, expected: String
  ) throws {
    let interval = try #require(MedianInterval([high, median, low]))
    #expect(RatioLinesWriter.quotient(interval) == expected)
  }

  @Test(arguments: [(0.75, "75%"), (0.9375, "93.8%"), (0.96875, "96.9%"), (0.5, "50%")])
  func aCoverageIsAPercentageWithAtMostOneDecimal(fraction: Double, expected: String) {
    #expect(RatioLinesWriter.percent(fraction) == expected)
  }
}
