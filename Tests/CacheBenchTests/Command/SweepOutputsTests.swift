import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// What a sweep writes: every output it accepts, and a refusal of every one it does not; its cells
/// metered for memory and CPU as a run's variants are.
@Suite(.timeLimit(.minutes(2)))
struct SweepOutputsTests {
  /// Each option a sweep refuses, with a value it would otherwise take.
  static let refused: [(option: OptionName, value: String?)] = [
    (.json, "sweep.json"), (.markdown, "sweep.md"), (.histogramCSV, "spectra.csv"),
    (.rawLatencies, "raw.csv"), (.saveBaseline, "sweep-baseline.json"), (.profile, "p.json"),
    (.deadline, "1s"), (.perfControl, "ctl,ack"), (.profileVariant, "coalescing/inside"),
    (.pauseBeforeWindow, nil), (.findings, "all"),
  ]

  @Test func everyRefusedOptionIsInTheTable() {
    #expect(Set(Self.refused.map(\.option)) == SweepConfigurationBuilder.refusedOptions)
  }

  @Test(arguments: refused)
  func anOutputOrHookASweepDoesNotWriteIsRefusedWithOneLineAndNoFile(
    option: OptionName, value: String?
  ) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-sweep-outputs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let given = value.map { directory.appendingPathComponent($0).path }
    let arguments = SubcommandTests.tinySweep + [option.rawValue] + (given.map { [$0] } ?? [])
    #expect(throws: OptionsError.notApplicable(option: option, subcommand: "sweep")) {
      _ = try CommandLineParser.parse(arguments)
    }
    #expect(
      OptionsError.notApplicable(option: option, subcommand: "sweep").description
        == "\(option) does not apply to 'sweep'; see 'cachebench --help'")
    #expect(await CacheBenchCommand.main(arguments: arguments) == 64)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  @Test func aSweepCellIsMeteredAsARunVariantIs() async throws {
    let allocator = ScriptedAllocator(snapshots: [
      // Before the window, at its start, at its end, and once the cell is released.
      AllocatorSnapshot(allocatedBytes: 1_000_000, residentBytes: 4_000_000, mallocCount: 700),
      AllocatorSnapshot(allocatedBytes: 1_000_000, residentBytes: 4_000_000, mallocCount: 700),
      AllocatorSnapshot(allocatedBytes: 1_050_300, residentBytes: 4_100_000, mallocCount: 1_700),
      AllocatorSnapshot(allocatedBytes: 1_002_000, residentBytes: 4_000_000, mallocCount: 1_800),
    ])
    let cpu = CPUTimes(
      userMicroseconds: 1_000, systemMicroseconds: 500, totalNanoseconds: 1_500_000,
      voluntarySwitches: 10, involuntarySwitches: 5)
    var later = cpu
    later.userMicroseconds = 4_000
    later.totalNanoseconds = 4_500_000
    let plan = SweepPlan(
      designs: [.coalescing], placements: [.noDecode], shardCounts: [1], concurrencies: [2])
    // The scripted delta is at least 1.6 KB for each of the at most 30 entries: over this payload,
    // under which the meter would say n/a.
    var scenario = SweepRunnerTests.scenario
    scenario.payloadBytes = 1_024
    var runner = SweepRunner(scenario: scenario, plan: plan)
    runner.meter = ResourceMeter.scripted(
      .available(allocator), histogramBytes: 300, residentSetSize: 9_999, cpu: [cpu, later])
    let results = try await runner.run()
    let resources = try #require(results.first?.result.resources)
    let held = try #require(results.first?.result.heldHistogramCount)
    #expect(resources.allocator?.allocatedDeltaBytes == 50_300)
    #expect(resources.allocator?.mallocCount == 1_000)
    #expect(resources.retainedBytes == 2_000 - held * 300)
    #expect(resources.rssBytes == 9_999)
    #expect(resources.cpu?.userMicroseconds == 3_000)
    #expect(resources.bytesPerEntry != nil)
  }

  @Test func aSweepWritesMemoryAndCPUFiguresInItsCSV() async throws {
    let (rows, log) = try await ExecutableRun.csv(SubcommandTests.tinySweep + ["--quiet"])
    #expect(rows.count == 6)
    let cpu = ["cpu_user_s", "cpu_sys_s", "cpu_total_s", "ctx_switches_vol", "rss_bytes"]
    let jemalloc = [
      "allocated_bytes", "resident_bytes", "allocated_delta_bytes", "malloc_count",
      "mallocs_per_request",
    ]
    let unmeasurable = log.contains("memory columns from jemalloc are n/a")
    for row in rows {
      // A cell whose worker threads could not all flush says so on stderr (a loaded machine).
      let cell = "\(row["variant"] ?? "")/\(row["decode"] ?? "") c=\(row["concurrency"] ?? "")"
      let unflushed = log.contains("\(cell): malloc_count is n/a")
      let measured = jemalloc.filter { !unflushed || !$0.hasPrefix("malloc") }
      for column in cpu + (unmeasurable ? [] : measured) {
        #expect(row[column] != "n/a" && row[column]?.isEmpty == false, "\(column): \(log)")
      }
    }
  }

  /// The round-trip contract for a sweep: its CSV compared with itself passes with every metric
  /// identical, each cell matched by its concurrency too, and so does a baseline made from it, compared
  /// either way with the CSV.
  @Test func aSweepsCSVAndABaselineOfItCompareWithThemselvesAndEachOther() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-sweep-compare-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let csv = directory.appendingPathComponent("sweep.csv").path
    let baseline = directory.appendingPathComponent("sweep-baseline.json").path
    let sweep = [
      "sweep", "--requests", "200", "--warmup", "10", "--latency", "0ms", "--keys", "40",
      "--variants", "coalescing,sharded", "--decode", "none", "--shards", "1..2",
      "--concurrency", "1,2", "--quiet", "--csv", csv,
    ]
    #expect(await CacheBenchCommand.main(arguments: sweep) == 0)
    #expect(await CacheBenchCommand.main(arguments: ["baseline", baseline, csv]) == 0)
    #expect(
      try ResultDocument.read(path: csv).variants.map(\.key) == [
        "coalescing/none c=1", "sharded(1)/none c=1", "sharded(2)/none c=1",
        "coalescing/none c=2", "sharded(1)/none c=2", "sharded(2)/none c=2",
      ])
    for (old, new) in [(csv, csv), (baseline, csv), (csv, baseline), (baseline, baseline)] {
      let comparison = try CompareCommand.compare(
        CompareConfiguration(baselinePath: old, currentPaths: [new]))
      let name =
        "compare \((old as NSString).lastPathComponent) \((new as NSString).lastPathComponent)"
      #expect(comparison.passed, "\(name): \(comparison.failures)")
      let differing = comparison.rows.filter { row in
        row.verdict == .missing || row.verdict == .new || row.baseline != row.current
      }
      #expect(differing.isEmpty, "\(name): \(differing.map { "\($0.variant) \($0.metric)" })")
      #expect(comparison.rows.count > 6 * 100, "\(name): \(comparison.rows.count) rows")
    }
    #expect(await CacheBenchCommand.main(arguments: ["compare", csv, csv]) == 0)
  }
}
