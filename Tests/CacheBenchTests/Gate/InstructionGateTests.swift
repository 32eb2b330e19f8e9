import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The instruction-count part of the gate: `Profiles/callgrind.json`, its committed baseline, and how
/// `compare` judges `instructions_per_request` in the `results.json` that `scripts/valgrind callgrind`
/// writes. No valgrind runs here; the committed baseline stands in for a run, doctored where a test needs
/// a regression.
@Suite(.timeLimit(.minutes(2)))
struct InstructionGateTests {
  /// The repository's root, found from this file's path.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let profile = root.appendingPathComponent("Profiles/callgrind.json").path
  static let baseline = root.appendingPathComponent("Profiles/baselines/callgrind.json").path

  private func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-instructions-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// Writes the committed baseline, as a run's result, with `variant`'s `instructions_per_request`
  /// multiplied by `factor`; returns the file's path.
  private func doctoredRun(_ factor: Double, variant: String, in directory: URL) throws -> String {
    var document = try ResultDocument.read(path: Self.baseline)
    document.kind = .result
    let index = try #require(document.variants.firstIndex { $0.key == variant })
    let metric = try #require(
      document.variants[index].metrics.firstIndex { $0.name == "instructions_per_request" })
    let value = try #require(document.variants[index].metrics[metric].value)
    document.variants[index].metrics[metric].value = (value * factor * 10).rounded() / 10
    let path = directory.appendingPathComponent("run.json").path
    try document.json.rendered().write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func theProfileHoldsInstructionsPerRequestToOnePercentAndNotTheTimings() throws {
    let gate = try Profile.load(path: Self.profile).thresholds
    for design in Self.designs {
      #expect(
        gate.rule(for: "instructions_per_request", design: design)
          == MetricRule(better: .lower, relative: 0.01))
      #expect(
        gate.rule(for: "mallocs_per_request", design: design)
          == MetricRule(better: .lower, relative: 0.10, absolute: 1.5))
      for metric in ["throughput_ratio", "malloc_count", "peak_rss_bytes"] {
        #expect(gate.rule(for: metric, design: design).better == .none)
      }
    }
  }

  /// Every built-in design that reads, so a hit-path change to any of them shows in instructions.
  static let designs = ["naive", "coalescing", "sharded", "mutex", "fetch-outside", "split"]

  @Test func theCommittedBaselineHasInstructionsPerRequestForEveryDesign() throws {
    let document = try ResultDocument.read(path: Self.baseline)
    #expect(
      document.variants.map(\.key) == [
        "naive/none", "coalescing/none", "sharded(8)/none", "mutex/none", "fetch-outside/none",
        "split/none",
      ])
    for variant in document.variants {
      // Only the counts that repeat under callgrind, as scripts/ci-gate keeps them.
      #expect(
        variant.metrics.map(\.name) == [
          "requests", "hits", "joins", "leaders", "errors", "cancellations", "fetches",
          "duplicate_fetches", "instructions_per_request",
        ])
      let value = try #require(variant.value(of: "instructions_per_request") ?? nil)
      #expect(value > 0)
      #expect(variant.value(of: "requests") == 20_000)
    }
  }

  @Test func theBaselineJudgedAgainstItselfPasses() async {
    #expect(
      await CacheBenchCommand.main(arguments: [
        "compare", Self.baseline, Self.baseline, "--profile", Self.profile,
      ]) == 0)
  }

  @Test(arguments: [
    (1.005, "coalescing/none", Int32(0)),
    (0.995, "naive/none", 0),
    (1.05, "coalescing/none", 2),
    (1.05, "naive/none", 2),
  ])
  func aChangeInInstructionsPerRequestBeyondOnePercentFailsTheGate(
    factor: Double, variant: String, status: Int32
  ) async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try doctoredRun(factor, variant: variant, in: directory)
    #expect(
      await CacheBenchCommand.main(arguments: [
        "compare", Self.baseline, run, "--profile", Self.profile,
      ]) == status)
    let comparison = try CompareCommand.compare(
      CompareConfiguration(
        baselinePath: Self.baseline, currentPaths: [run], profilePath: Self.profile))
    let failing = comparison.failures.map { "\($0.variant) \($0.metric)" }
    #expect(failing == (status == 2 ? ["\(variant) instructions_per_request"] : []))
  }

  @Test func aRunWithoutInstructionCountsIsMissingTheMetricAndFails() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var document = try ResultDocument.read(path: Self.baseline)
    for index in document.variants.indices {
      for metric in document.variants[index].metrics.indices
      where document.variants[index].metrics[metric].name == "instructions_per_request" {
        document.variants[index].metrics[metric].value = nil
      }
    }
    let run = directory.appendingPathComponent("native.json").path
    try document.json.rendered().write(toFile: run, atomically: true, encoding: .utf8)
    let comparison = try CompareCommand.compare(
      CompareConfiguration(
        baselinePath: Self.baseline, currentPaths: [run], profilePath: Self.profile))
    #expect(
      comparison.failures.map(\.verdict) == Array(repeating: .missing, count: Self.designs.count))
  }
}
