import Testing

@testable import CacheBench

/// The reference sections of the docs say exactly what the code writes: the option reference is the
/// help page itself, and each column table is the writer's header in order.
///
/// The results CSV's table (docs/columns.md, "The results CSV") is checked by
/// `CacheBenchCommandTests.theOutputsPageDocumentsEveryCSVColumnInOrder`.
struct ReferenceSectionsTests {
  static let generatedBegin =
    "<!-- BEGIN GENERATED: cachebench --help (scripts/tests/docs-check --update) -->"
  static let generatedEnd = "<!-- END GENERATED -->"

  @Test func theOptionReferenceIsTheHelpPageAsPrinted() throws {
    let page = try DocsPage("docs/options.md")
    let block = try #require(
      page.between(Self.generatedBegin, and: Self.generatedEnd),
      "docs/options.md has no generated option reference")
    #expect(
      block == "```\n\(HelpText.usage)\n```",
      "docs/options.md's option reference differs from HelpText: run scripts/tests/docs-check --update"
    )
  }

  @Test func theOptionReferenceNamesEveryOption() throws {
    let page = try DocsPage("docs/options.md")
    let block = try #require(page.between(Self.generatedBegin, and: Self.generatedEnd))
    for option in OptionName.allCases {
      #expect(block.contains("  \(option.rawValue)"), "\(option.rawValue)")
    }
  }

  @Test func theSweepColumnTableIsTheSweepCSVsOwnColumnsInOrder() throws {
    let page = try DocsPage("docs/columns.md")
    let section = try #require(page.section("## Sweep CSV (`sweep --csv`)"))
    #expect(DocsPage.firstColumn(ofTableIn: section) == SweepCSVWriter.sweepColumns)
  }

  @Test func theHistogramCSVTableIsItsHeaderInOrder() throws {
    let page = try DocsPage("docs/columns.md")
    let section = try #require(page.section("## Histogram CSV (`--histogram-csv`)"))
    #expect(DocsPage.firstColumn(ofTableIn: section) == HistogramCSVWriter.columns)
  }

  @Test func theHistogramCSVTableNamesEveryHistogramInTheOrderWritten() throws {
    let page = try DocsPage("docs/columns.md")
    let section = try #require(page.section("## Histogram CSV (`--histogram-csv`)"))
    let row = try #require(section.split(separator: "\n").first { $0.hasPrefix("| histogram |") })
    let documented = row.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }
      .map { String($0.element) }
    #expect(documented == OutputFixtures.naiveInside.namedHistograms.map(\.name))
  }

  @Test func theRawLatenciesTableIsItsHeaderInOrder() throws {
    let page = try DocsPage("docs/columns.md")
    let section = try #require(page.section("## Raw latencies (`--raw-latencies`)"))
    #expect(DocsPage.firstColumn(ofTableIn: section) == RawLatencyWriter.columns)
  }
}
