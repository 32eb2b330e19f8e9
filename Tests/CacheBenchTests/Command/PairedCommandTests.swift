import Foundation
import Testing

@testable import CacheBench

/// `cachebench paired` on files: runs of one scenario are judged; runs of two scenarios are refused
/// with one line naming the differing fields and exit 64, before anything is judged.
@Suite(.timeLimit(.minutes(1)))
struct PairedCommandTests {
  /// A saved run of the coalescing design with `scenario` (a JSON object's members) and a hit path
  /// of `hitPath` ns.
  static func run(scenario: String, hitPath: Int = 100) -> String {
    """
    {"schema": 1, "kind": "baseline", "interrupted": false,
     "metadata": {"git_commit": "0123abc", "tool_version": "0.1.0", "host_cores": 2},
     "scenario": {\(scenario)},
     "variants": [{"variant": "coalescing", "design": "coalescing", "decode": "none", "shards": 1,
       "metrics": {"requests": 1000, "hits": 936, "hit_path_ns": \(hitPath), "throughput": 1000000.0}}]}
    """
  }

  static let scenario =
    #""seed": 1, "keys": 64, "distribution": "uniform", "requests_target": 1000"#

  /// Writes `runs` into a fresh directory as `<name>.json` and returns their paths by name.
  private func write(_ runs: [(name: String, text: String)]) throws -> (URL, [String: String]) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-paired-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var paths: [String: String] = [:]
    for run in runs {
      let path = directory.appendingPathComponent(run.name + ".json").path
      try run.text.write(toFile: path, atomically: true, encoding: .utf8)
      paths[run.name] = path
    }
    return (directory, paths)
  }

  private func configuration(_ paths: [String: String], rounds: Int) -> PairedConfiguration {
    PairedConfiguration(
      basePaths: (1...rounds).map { paths["base\($0)"]! },
      headPaths: (1...rounds).map { paths["head\($0)"]! })
  }

  @Test func runsOfDifferentScenariosAreRefusedNamingTheFieldsWithExit64() async throws {
    let other = #""seed": 1, "keys": 128, "distribution": "zipf", "requests_target": 1000"#
    let (directory, paths) = try write([
      ("base1", Self.run(scenario: Self.scenario)), ("head1", Self.run(scenario: Self.scenario)),
      ("base2", Self.run(scenario: Self.scenario)), ("head2", Self.run(scenario: other)),
    ])
    defer { try? FileManager.default.removeItem(at: directory) }
    let configuration = configuration(paths, rounds: 2)
    let error = #expect(throws: CompareCommand.CompareFailure.self) {
      try PairedCommand.compare(configuration)
    }
    let message = try #require(error?.description)
    #expect(
      message
        == "'\(paths["base1"]!)' and '\(paths["head2"]!)' measured different scenarios"
        + " (keys 64 vs 128; distribution \"uniform\" vs \"zipf\"); paired judges two builds on one"
        + " scenario: run both with the same profile and options, and set in the profile each of"
        + " these fields that it leaves to the builds' defaults")
    #expect(!message.contains("\n"))
    let arguments =
      ["paired", "--base", paths["base1"]!, paths["base2"]!]
      + ["--head", paths["head1"]!, paths["head2"]!]
    #expect(await CacheBenchCommand.main(arguments: arguments) == 64)
  }

  /// The same scenario written with its fields in another order and a number as `1000.0`: one
  /// scenario, judged over six rounds (`PairedComparison.minimumRounds`), and an unchanged hit path
  /// passes.
  @Test func runsOfOneScenarioAreJudged() async throws {
    let reordered = #""requests_target": 1000.0, "distribution": "uniform", "keys": 64, "seed": 1"#
    let hitPaths = [100, 103, 98, 101, 97, 102]
    var runs: [(name: String, text: String)] = []
    for (index, hitPath) in hitPaths.enumerated() {
      runs.append(("base\(index + 1)", Self.run(scenario: Self.scenario, hitPath: hitPath)))
      runs.append(("head\(index + 1)", Self.run(scenario: reordered, hitPath: 200 - hitPath)))
    }
    let (directory, paths) = try write(runs)
    defer { try? FileManager.default.removeItem(at: directory) }
    let configuration = configuration(paths, rounds: hitPaths.count)
    let comparison = try PairedCommand.compare(configuration)
    #expect(comparison.rounds == 6)
    #expect(comparison.rows.first { $0.metric == "hit_path_ns" }?.verdict == .ok)
    #expect(comparison.passed)
    let arguments =
      ["paired", "--base"] + configuration.basePaths + ["--head"] + configuration.headPaths
    #expect(await CacheBenchCommand.main(arguments: arguments) == 0)
  }
}
