import Foundation
import Testing

@testable import CacheBench

/// `cachebench baseline` refuses an interrupted run as `compare` and `--save-baseline` do: its figures
/// cover only part of the workload, so a baseline made of it would be refused by every comparison.
@Suite(.timeLimit(.minutes(1)))
struct BaselineCommandTests {
  /// A saved run of the coalescing design, interrupted or not.
  static func run(interrupted: Bool) -> String {
    PairedCommandTests.run(scenario: PairedCommandTests.scenario)
      .replacingOccurrences(of: #""interrupted": false"#, with: "\"interrupted\": \(interrupted)")
  }

  @Test func anInterruptedRunIsRefusedWithOneLineAndNothingIsWritten() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-baseline-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let whole = directory.appendingPathComponent("whole.json").path
    let cut = directory.appendingPathComponent("cut.json").path
    try Self.run(interrupted: false).write(toFile: whole, atomically: true, encoding: .utf8)
    try Self.run(interrupted: true).write(toFile: cut, atomically: true, encoding: .utf8)
    let output = directory.appendingPathComponent("baseline.json").path

    let command = BaselineCommand(
      BaselineConfiguration(outputPath: output, runPaths: [whole, cut]))
    let error = #expect(throws: CommandError.self) { try command.execute() }
    #expect(error?.exitCode == 64)
    #expect(
      error?.message
        == "'\(cut)' is an interrupted run: its figures cover only part of the workload")
    #expect(!FileManager.default.fileExists(atPath: output))

    // The whole run alone makes a baseline, so the refusal above is the interrupted run's.
    try BaselineCommand(BaselineConfiguration(outputPath: output, runPaths: [whole])).execute()
    #expect(FileManager.default.fileExists(atPath: output))
  }
}

/// `compare` with an executable that does not register a baseline's designs (a user's designs compared
/// with the plain `cachebench`) says that their traits' rules are not applied, rather than judging less
/// unsaid.
struct UnregisteredDesignNoteTests {
  @Test func aBaselineOfDesignsThisExecutableLacksIsNamedInANote() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-unregistered-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let registered = directory.appendingPathComponent("registered.json").path
    let user = directory.appendingPathComponent("user.json").path
    let run = BaselineCommandTests.run(interrupted: false)
    try run.write(toFile: registered, atomically: true, encoding: .utf8)
    try run.replacingOccurrences(
      of: #""design": "coalescing""#, with: #""design": "profile-store""#
    )
    .write(toFile: user, atomically: true, encoding: .utf8)

    #expect(CompareCommand.unregisteredDesigns(try ResultDocument.read(path: registered)) == nil)
    #expect(
      CompareCommand.unregisteredDesigns(try ResultDocument.read(path: user))
        == "design profile-store is not registered in this executable, so the rules their traits"
        + " give (exact counts of a design that coalesces) are not applied: run compare with the"
        + " executable that registers them")
  }
}
