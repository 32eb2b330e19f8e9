import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// `--repeat` and `--reference`: what they accept, the exact messages of what they refuse, and the
/// subcommands that refuse them.
@Suite(.timeLimit(.minutes(2)))
struct RepeatOptionsTests {
  private func configuration(_ arguments: [String]) throws -> RunConfiguration {
    guard case .run(let configuration) = try CommandLineParser.parse(arguments) else {
      throw OptionsError.unexpectedArgument("not a run")
    }
    return configuration
  }

  @Test func aRunMeasuresEachVariantOnceAndShowsNoRatiosByDefault() throws {
    let options = try configuration([]).repeatOptions
    #expect(options == RepeatOptions(count: 1, reference: nil))
    #expect(!options.showsRatios)
  }

  @Test(arguments: [
    (["--repeat", "3"], 3, nil), (["--repeat=100"], 100, nil),
    (["--reference", "coalescing/inside"], 1, "coalescing/inside"),
    (["--repeat", "5", "--reference", "sharded"], 5, "sharded"),
  ])
  func validValuesAreRecorded(arguments: [String], count: Int, reference: String?) throws {
    let options = try configuration(arguments).repeatOptions
    #expect(options.count == count)
    #expect(options.reference == reference)
    #expect(options.showsRatios)
  }

  @Test(arguments: [
    (["--repeat", "0"], "invalid value '0' for --repeat: must be 1...100"),
    (["--repeat", "101"], "invalid value '101' for --repeat: must be 1...100"),
    (["--repeat", "three"], "invalid value 'three' for --repeat: must be 1...100, digits only"),
    (["--repeat", "-2"], "invalid value '-2' for --repeat: must be 1...100, digits only"),
    (["--repeat"], "missing value for --repeat"),
    (
      ["--reference", ""],
      "invalid value '' for --reference: must name a design or variant, e.g. coalescing"
    ),
    (
      ["--variants", "naive,mutex", "--reference", "coalescing"],
      "invalid value 'coalescing' for --reference: not a design or variant of this run; use one"
        + " of naive, mutex, or a variant such as naive/inside"
    ),
    (
      ["--decode", "none", "--reference", "coalescing/inside"],
      "invalid value 'coalescing/inside' for --reference: not a design or variant of this run; use"
        + " one of naive, coalescing, sharded, mutex, or a variant such as naive/none"
    ),
    (
      ["--variants", "naive,coalescing", "--reference", "coalesing"],
      "invalid value 'coalesing' for --reference: not a design or variant of this run; did you mean"
        + " 'coalescing'? use one of naive, coalescing, or a variant such as naive/inside"
    ),
    (
      ["--variants", "sharded", "--decode", "inside", "--reference", "sharded(4)"],
      "invalid value 'sharded(4)' for --reference: not a design or variant of this run; did you mean"
        + " 'sharded(8)'? use one of sharded, or a variant such as sharded(8)/inside"
    ),
  ])
  func badValuesAreRefusedWithOneLine(arguments: [String], message: String) {
    #expect(throws: OptionsError.self) { try CommandLineParser.parse(arguments) }
    do {
      _ = try CommandLineParser.parse(arguments)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test(arguments: [
    ("sweep", "--reference"), ("calibrate", "--repeat"), ("calibrate", "--reference"),
  ])
  func otherSubcommandsRefuseThem(subcommand: String, option: String) {
    let value = option == "--repeat" ? "3" : "coalescing"
    #expect(throws: OptionsError.self) {
      try CommandLineParser.parse([subcommand, option, value])
    }
  }

  @Test func aSweepTakesRepeatForEachCell() throws {
    guard case .sweep(let configuration) = try CommandLineParser.parse(["sweep", "--repeat", "3"])
    else {
      Issue.record("not a sweep")
      return
    }
    #expect(configuration.repetitions == 3)
    #expect(throws: OptionsError.self) {
      try CommandLineParser.parse(["sweep", "--repeat", "0"])
    }
  }

  @Test func aReferenceTheProfilesVariantsLackExitsSixtyFourBeforeRunning() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-reference-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let profile = directory.appendingPathComponent("profile.json").path
    try #"{"variants": ["mutex"], "decode": ["none"], "requests": 10, "warmup": 0}"#.write(
      toFile: profile, atomically: true, encoding: .utf8)
    let csv = directory.appendingPathComponent("out.csv").path
    let status = await CacheBenchCommand.main(arguments: [
      "--profile", profile, "--reference", "coalescing", "--quiet", "--csv", csv,
    ])
    #expect(status == 64)
    #expect(!FileManager.default.fileExists(atPath: csv))
  }
}
