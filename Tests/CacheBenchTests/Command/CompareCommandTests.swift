import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The gate end to end through the public entry point: run a profile, save a baseline, compare, and
/// fail with exit 2 on an injected regression.
@Suite(.timeLimit(.minutes(2)))
struct CompareCommandTests {
  static let profile = """
    {
      "_comment": "tiny: two coalescing designs, zero-latency fetcher",
      "variants": ["coalescing", "mutex"], "decode": ["none"],
      "keys": 50, "requests": 300, "warmup": 20, "concurrency": 4, "latency": "0ms",
      "gate": {"reference": "mutex/none"}
    }
    """

  private func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-compare-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// Runs the tiny profile, saving a baseline and a CSV of the same run; returns their paths.
  private func runProfile(in directory: URL) async throws -> (
    profile: String, baseline: String, csv: String
  ) {
    let profile = directory.appendingPathComponent("tiny.json").path
    try Self.profile.write(toFile: profile, atomically: true, encoding: .utf8)
    let baseline = directory.appendingPathComponent("base.json").path
    let csv = directory.appendingPathComponent("current.csv").path
    let status = await CacheBenchCommand.main(arguments: [
      "run", "--profile", profile, "--save-baseline", baseline, "--csv", csv,
    ])
    #expect(status == 0)
    return (profile, baseline, csv)
  }

  /// `csv` with the `column` field of the row of `variant` replaced by `value`.
  private func inject(_ value: String, column: String, variant: String, into csv: String) throws
    -> String
  {
    let table = try CSVTable.parse(csv)
    let columnIndex = try #require(table.header.firstIndex(of: column))
    var rows = table.rows
    for index in rows.indices where table.value("variant", in: rows[index]) == variant {
      rows[index][columnIndex] = value
    }
    return ([table.header] + rows).map(CSVWriter.record).joined()
  }

  @Test func aRunComparedWithItsOwnBaselinePasses() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (profile, baseline, csv) = try await runProfile(in: directory)
    let document = try ResultDocument.read(path: baseline)
    #expect(document.kind == .baseline)
    #expect(document.variants.map(\.key) == ["coalescing/none", "mutex/none"])
    let status = await CacheBenchCommand.main(arguments: [
      "compare", baseline, csv, "--profile", profile,
    ])
    #expect(status == 0)
  }

  /// The round-trip contract: one run written as CSV, as a `--json` result and as a baseline reads back
  /// through `compare`'s reader with every metric identical, whichever kinds are compared, and every
  /// comparison of the run with itself passes.
  @Test func everyKindOfOutputReadsBackIdenticalAndComparesWithEveryOther() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let profile = directory.appendingPathComponent("tiny.json").path
    try Self.profile.write(toFile: profile, atomically: true, encoding: .utf8)
    let paths = ["base.json", "run.csv", "run.json"].map {
      directory.appendingPathComponent($0).path
    }
    let status = await CacheBenchCommand.main(arguments: [
      "run", "--profile", profile, "--save-baseline", paths[0], "--csv", paths[1], "--json",
      paths[2],
      "--quiet",
    ])
    #expect(status == 0)
    let documents = try paths.map { try ResultDocument.read(path: $0) }
    for (document, path) in zip(documents, paths) {
      #expect(document.variants.map(\.key) == ["coalescing/none", "mutex/none"], "\(path)")
    }
    for baseline in paths {
      for current in paths {
        let comparison = try CompareCommand.compare(
          CompareConfiguration(
            baselinePath: baseline, currentPaths: [current], profilePath: profile))
        let name =
          "compare \((baseline as NSString).lastPathComponent)"
          + " \((current as NSString).lastPathComponent)"
        #expect(comparison.passed, "\(name): \(comparison.failures)")
        // Every metric of the baseline is in the current file, with the same value (or unmeasured in
        // both), and no metric is only in one of them.
        let differing = comparison.rows.filter { row in
          row.verdict == .missing || row.verdict == .new || row.baseline != row.current
        }
        #expect(differing.isEmpty, "\(name): \(differing.map { "\($0.variant) \($0.metric)" })")
        #expect(comparison.rows.count > 2 * 100, "\(name): \(comparison.rows.count) rows")
      }
    }
  }

  /// `compare` divides the `*_ratio` metrics by the coalescing design, as `run`'s ratio lines do,
  /// wherever it stands in the baseline; a profile's `gate.reference` still wins.
  @Test func theRatiosDivideByTheCoalescingVariantUnlessTheProfileNamesAnother() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let csv = directory.appendingPathComponent("run.csv").path
    let status = await CacheBenchCommand.main(arguments: [
      "run", "--variants", "mutex,coalescing", "--decode", "none", "--keys", "50",
      "--requests", "300", "--warmup", "20", "--concurrency", "4", "--latency", "0ms",
      "--quiet", "--csv", csv,
    ])
    #expect(status == 0)
    let comparison = try CompareCommand.compare(
      CompareConfiguration(baselinePath: csv, currentPaths: [csv]))
    #expect(comparison.reference == .design("coalescing"))
    #expect(comparison.report(.text).contains("ratios relative to: coalescing/none\n"))

    let profile = directory.appendingPathComponent("tiny.json").path
    try Self.profile.write(toFile: profile, atomically: true, encoding: .utf8)
    let named = try CompareCommand.compare(
      CompareConfiguration(baselinePath: csv, currentPaths: [csv], profilePath: profile))
    #expect(named.reference == .variant("mutex/none"))
  }

  @Test func anInjectedDuplicateFetchFailsTheGateWithExitTwoNamingTheMetric() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (profile, baseline, csv) = try await runProfile(in: directory)
    let regressed = directory.appendingPathComponent("regressed.csv").path
    try inject(
      "3", column: "duplicate_fetches", variant: "coalescing",
      into: try String(contentsOfFile: csv, encoding: .utf8)
    ).write(toFile: regressed, atomically: true, encoding: .utf8)

    let status = await CacheBenchCommand.main(arguments: [
      "compare", baseline, regressed, "--profile", profile,
    ])
    #expect(status == 2)
    let comparison = try CompareCommand.compare(
      CompareConfiguration(
        baselinePath: baseline, currentPaths: [regressed], profilePath: profile))
    #expect(comparison.failures.map(\.metric) == ["duplicate_fetches"])
    let report = comparison.report(.text)
    #expect(report.hasPrefix("gate FAIL: 1 regression"))
    #expect(report.contains("\nfailing:\n"))
    #expect(report.contains("coalescing/none  duplicate_fetches"))
  }

  @Test func aMetricDroppedFromTheCurrentRunFailsTheGate() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (_, baseline, csv) = try await runProfile(in: directory)
    let table = try CSVTable.parse(try String(contentsOfFile: csv, encoding: .utf8))
    let dropped = try #require(table.header.firstIndex(of: "errors"))
    let text = ([table.header] + table.rows).map { row in
      var row = row
      row.remove(at: dropped)
      return CSVWriter.record(row)
    }.joined()
    let current = directory.appendingPathComponent("dropped.csv").path
    try text.write(toFile: current, atomically: true, encoding: .utf8)
    #expect(await CacheBenchCommand.main(arguments: ["compare", baseline, current]) == 2)
  }

  @Test func theBaselineCommandWritesTheMedianOfRepetitions() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (profile, first, _) = try await runProfile(in: directory)
    let second = directory.appendingPathComponent("second.json").path
    #expect(
      await CacheBenchCommand.main(arguments: [
        "run", "--profile", profile, "--save-baseline", second,
      ]) == 0)
    let merged = directory.appendingPathComponent("merged.json").path
    #expect(await CacheBenchCommand.main(arguments: ["baseline", merged, first, second]) == 0)
    let document = try ResultDocument.read(path: merged)
    #expect(document.kind == .baseline)
    #expect(document.metadata["repetitions"] == .number("2"))
    #expect(
      await CacheBenchCommand.main(arguments: [
        "compare", merged, first, second, "--profile", profile,
      ]) == 0)
  }

  @Test(arguments: [
    (1, "baseline written to base.json (from 1 run)"),
    (3, "baseline written to base.json (median of 3 runs)"),
  ])
  func theBaselineCommandSaysHowManyRunsItMerged(runs: Int, expected: String) {
    #expect(BaselineCommand.writtenLine(path: "base.json", runs: runs) == expected)
  }

  @Test func aBadProfileExitsWithTheUsageCodeBeforeRunning() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let profile = directory.appendingPathComponent("bad.json").path
    try #"{"keys": 10, "shard": 2}"#.write(toFile: profile, atomically: true, encoding: .utf8)
    let baseline = directory.appendingPathComponent("base.json").path
    let status = await CacheBenchCommand.main(arguments: [
      "run", "--profile", profile, "--save-baseline", baseline,
    ])
    #expect(status == 64)
    #expect(!FileManager.default.fileExists(atPath: baseline))
  }

  @Test(arguments: [
    ["compare", "/nonexistent/base.json", "/nonexistent/current.csv"],
    ["compare", "base.json"],
    ["run", "--profile", "/nonexistent/profile.json"],
    ["baseline", "/nonexistent/out.json", "/nonexistent/run.json"],
  ])
  func badInputToTheGateExitsWithTheUsageCode(arguments: [String]) async {
    #expect(await CacheBenchCommand.main(arguments: arguments) == 64)
  }

  @Test func theBaselineCommandRefusesAnUnwritablePathBeforeReadingTheRuns() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (_, baseline, _) = try await runProfile(in: directory)
    let before = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    let status = await CacheBenchCommand.main(arguments: [
      "baseline", directory.appendingPathComponent("missing/merged.json").path, baseline,
    ])
    #expect(status == 64)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == before)
  }

  @Test func aBaselineInAMissingDirectoryFailsBeforeRunning() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let status = await CacheBenchCommand.main(arguments: [
      "run", "--requests", "10", "--warmup", "0", "--latency", "0ms",
      "--save-baseline", directory.appendingPathComponent("missing/base.json").path,
    ])
    #expect(status == 64)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }
}
