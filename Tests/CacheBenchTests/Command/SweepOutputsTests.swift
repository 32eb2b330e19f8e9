import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// What a sweep writes: every output it accepts, and a refusal of every one it does not.
@Suite(.timeLimit(.minutes(1)))
struct SweepOutputsTests {
  /// Each option a sweep refuses, with a value it would otherwise take.
  static let refused: [(option: OptionName, value: String?)] = [
    (.json, "sweep.json"), (.markdown, "sweep.md"), (.histogramCSV, "spectra.csv"),
    (.rawLatencies, "raw.csv"), (.saveBaseline, "sweep-baseline.json"), (.profile, "p.json"),
    (.deadline, "1s"), (.perfControl, "ctl,ack"), (.profileVariant, "coalescing/inside"),
    (.pauseBeforeWindow, nil),
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
}
