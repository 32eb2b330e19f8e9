import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// `--repeat` end to end through the tool's entry point, on a tiny zero-latency run: every output
/// carries the medians and intervals, and the gate's readers take them back.
@Suite(.timeLimit(.minutes(2)))
struct CacheBenchCommandRepeatTests {
  @Test func aRepeatedRunWritesMediansIntervalsAndRatiosThatCompareAndBaselineRead() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-repeat-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    let status = await CacheBenchCommand.main(
      arguments: CacheBenchCommandTests.tinyRun + [
        "--quiet", "--variants", "naive,coalescing", "--decode", "none", "--repeat", "3",
        "--csv", path("run.csv"), "--json", path("run.json"), "--markdown", path("run.md"),
      ])
    #expect(status == 0)

    let table = try CSVTable.parse(String(contentsOfFile: path("run.csv"), encoding: .utf8))
    #expect(table.rows.map { table.value("variant", in: $0) } == ["naive", "coalescing"])
    for row in table.rows {
      #expect(table.value("requests", in: row) == "300")
      #expect(table.value("repetitions", in: row) == "3")
      #expect(table.value("ci_level", in: row) == "0.7500")
      let throughput = try #require(table.value("throughput", in: row).flatMap(Double.init))
      let low = try #require(table.value("throughput_ci_low", in: row).flatMap(Double.init))
      let high = try #require(table.value("throughput_ci_high", in: row).flatMap(Double.init))
      #expect(low <= throughput && throughput <= high)
    }

    let json = try JSONDecoder().decode(
      JSONResult.self, from: Data(contentsOf: URL(fileURLWithPath: path("run.json"))))
    #expect(json.variants.allSatisfy { $0.histograms["latency"]?.totalCount == 3 * 300 })
    let ratios = try #require(json.ratios)
    #expect(ratios.map(\.figure) == ["throughput", "latency_p50", "latency_p99"])
    for ratio in ratios {
      #expect(ratio.variant == "naive/none")
      #expect(ratio.reference == "coalescing/none")
      #expect(ratio.repetitions == 3)
      let low = try #require(ratio.low)
      let high = try #require(ratio.high)
      #expect(low <= ratio.median && ratio.median <= high)
    }

    let markdown = try String(contentsOfFile: path("run.md"), encoding: .utf8)
    #expect(
      markdown.contains("ratios to coalescing, median [75% interval] of 3 paired repetitions:"))
    #expect(markdown.contains("\n  naive/none: "))

    // The CSV and the JSON of one run are the same figures to the gate, and its baseline reads both.
    #expect(
      await CacheBenchCommand.main(arguments: ["compare", path("run.csv"), path("run.json")]) == 0)
    #expect(
      await CacheBenchCommand.main(arguments: [
        "baseline", path("baseline.json"), path("run.csv"), path("run.json"),
      ]) == 0)
    #expect(
      await CacheBenchCommand.main(arguments: ["compare", path("baseline.json"), path("run.csv")])
        == 0)
  }
}
