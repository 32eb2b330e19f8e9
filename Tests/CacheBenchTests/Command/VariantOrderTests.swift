import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Variants run, and are reported, in the order `--variants` and `--decode` give them.
@Suite(.timeLimit(.minutes(2)))
struct VariantOrderTests {
  @Test(arguments: [
    (
      "mutex,sharded,coalescing,naive", "none",
      "mutex/none sharded(8)/none coalescing/none naive/none"
    ),
    ("naive,mutex", "outside,inside", "naive/outside naive/inside mutex/outside mutex/inside"),
    (
      "coalescing,naive", "none,inside",
      "coalescing/none coalescing/inside naive/none naive/inside"
    ),
  ])
  func theVariantsOfARunAreInTheOrderTheOptionsGive(
    designs: String, placements: String, expected: String
  ) throws {
    let command = try CommandLineParser.parse(["--variants", designs, "--decode", placements])
    guard case .run(let configuration) = command else {
      Issue.record("not a run: \(command)")
      return
    }
    #expect(configuration.scenario.variants.map(\.description).joined(separator: " ") == expected)
  }

  @Test func aRepeatedRunReportsItsVariantsInTheOrderGiven() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-order-\(UUID().uuidString).csv").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let status = await CacheBenchCommand.main(
      arguments: CacheBenchCommandTests.tinyRun + [
        "--quiet", "--variants", "mutex,sharded,coalescing,naive", "--decode", "none",
        "--repeat", "2", "--csv", path,
      ])
    #expect(status == 0)
    let table = try CSVTable.parse(String(contentsOfFile: path, encoding: .utf8))
    #expect(
      table.rows.map { table.value("variant", in: $0) }
        == ["mutex", "sharded(8)", "coalescing", "naive"])
    #expect(table.rows.allSatisfy { table.value("repetitions", in: $0) == "2" })
  }
}
