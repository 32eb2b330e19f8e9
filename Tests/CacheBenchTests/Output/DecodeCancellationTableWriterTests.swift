import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The decode-after-cancellation figures as the table, the CSV and the Markdown summary show them.
struct DecodeCancellationTableWriterTests {
  /// A run that cancels reads at their decode.
  private static let scenario: Scenario = {
    var scenario = OutputFixtures.scenario
    scenario.cancelRate = 0.1
    return scenario
  }()

  /// `OutputFixtures.shardedOutside` at `placement`, whose decodes all ran in an entry's task: none
  /// in a cancelled caller's own, and, as the meter counted them, `elsewhere` for marked requests.
  private func result(_ placement: DecodePlacement, elsewhere: Int) -> VariantResult {
    var result = OutputFixtures.shardedOutside
    result.variant = Variant(design: .sharded, decode: placement, shards: 8)
    result.decodeCancellation = DecodeCancellationFigures(
      checkpoint: 0, callerDecodes: 0, decodesElsewhere: elsewhere, decodesCancelled: 0,
      decodesStopped: 0, wastedNanoseconds: 0, decodeNanoseconds: 1_000_000)
    return result
  }

  @Test(arguments: [(DecodePlacement.concurrent, "7"), (.task, "7"), (.detached, "")])
  func decodesElsewhereIsCountedExceptForADetachedDecodeWhichCarriesNoMark(
    placement: DecodePlacement, csv: String
  ) throws {
    let result = result(placement, elsewhere: placement == .detached ? 0 : 7)
    let column = try #require(CSVWriter.columns.firstIndex(of: "decodes_elsewhere"))
    let values = CSVWriter.values(
      of: result, scenario: Self.scenario, metadata: OutputFixtures.metadata)
    #expect(values[column] == csv)

    let table = DecodeCancellationTableWriter.render(
      repeated: [VariantRepetitions(single: result)], scenario: Self.scenario)
    let row = try #require(table.split(separator: "\n").last)
    let cells = row.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    #expect(Array(cells[4...5]) == ["0", csv.isEmpty ? "n/a" : csv], "\(table)")

    let markdown = MarkdownWriter.render(
      results: [result], scenario: Self.scenario, metadata: OutputFixtures.metadata)
    #expect(markdown.contains("\nDecode after cancellation (cancelled at wait, no checkpoint):\n"))
    #expect(
      markdown.contains(
        csv.isEmpty
          ? "in a detached task carry no mark and are not counted"
          : "(\(csv) decodes of marked requests ran elsewhere)"), "\(markdown)")
  }

  @Test func theMarkdownNamesTheCheckpointOnlyWhenThereIsOne() {
    var scenario = Self.scenario
    scenario.decodeCheckpoint = 4
    let markdown = MarkdownWriter.render(
      results: [result(.task, elsewhere: 1)], scenario: scenario,
      metadata: OutputFixtures.metadata)
    #expect(
      markdown.contains(
        "\nDecode after cancellation (cancelled at wait, a checkpoint every 4 chunks):\n"))
  }
}
