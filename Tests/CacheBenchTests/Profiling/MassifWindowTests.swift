import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Massif's window snapshots: which monitor commands each window edge issues, and when none are.
@Suite(.timeLimit(.minutes(2)))
struct MassifWindowTests {
  /// The monitor commands a fake valgrind received.
  final class CommandLog: Sendable {
    private let commands = SanitizerVisibleMutex<[String]>([])
    var all: [String] { commands.withLock { $0 } }
    func append(_ command: String) { commands.withLock { $0.append(command) } }
  }

  /// A massif window over a fake valgrind that records each command and answers `accepts`.
  private func tool(running: Bool = true, accepts: Bool = true) -> (MassifWindow, CommandLog) {
    let log = CommandLog()
    let tool = MassifWindow(
      directory: "/results/massif", isRunning: { running },
      monitor: { command in
        log.append(command)
        return accepts
      })
    return (tool, log)
  }

  @Test(arguments: [
    (Variant(design: .naive, decode: .inside, shards: 1), "naive-inside"),
    (Variant(design: .sharded, decode: .outside, shards: 8), "sharded-8--outside"),
    (Variant(design: .coalescing, decode: .noDecode, shards: 1), "coalescing-none"),
  ])
  func aVariantsLabelKeepsOnlyFileNameCharacters(variant: Variant, label: String) {
    #expect(MassifWindow.label(variant) == label)
  }

  @Test func eachWindowIsBracketedByTwoDetailedSnapshotsNamedForItsVariant() async throws {
    let (massif, commands) = tool()
    let variant = Variant(design: .sharded, decode: .inside, shards: 8)
    try await massif.windowOpens(variant)
    try await massif.windowCloses(variant, requests: 2000)
    #expect(
      commands.all == [
        "detailed_snapshot /results/massif/massif-open-sharded-8--inside.out",
        "detailed_snapshot /results/massif/massif-close-sharded-8--inside.out",
      ])
  }

  @Test func outsideValgrindNothingIsAsked() async throws {
    let (massif, commands) = tool(running: false, accepts: false)
    let variant = Variant(design: .naive, decode: .inside, shards: 1)
    try await massif.windowOpens(variant)
    try await massif.windowCloses(variant, requests: 10)
    #expect(commands.all.isEmpty)
  }

  @Test func aRefusedSnapshotIsAProfilingErrorNamingTheCommand() async {
    let (massif, _) = tool(accepts: false)
    let error = await #expect(throws: ProfilingError.self) {
      try await massif.windowOpens(Variant(design: .naive, decode: .inside, shards: 1))
    }
    #expect(
      error?.description
        == "valgrind refused the monitor command 'detailed_snapshot"
        + " /results/massif/massif-open-naive-inside.out': not run under massif by scripts/valgrind,"
        + " or the directory in CACHEBENCH_MASSIF_SNAPSHOTS is not writable")
  }

  @Test func theSessionTakesMassifSnapshotsOnlyWhenTheEnvironmentNamesADirectory() throws {
    let asked = try ProfilingSession.start(
      ProfilingOptions(), environment: ["CACHEBENCH_MASSIF_SNAPSHOTS": "/tmp/out"]
    ) { _ in }
    #expect(asked.tools.compactMap { ($0 as? MassifWindow)?.directory } == ["/tmp/out"])
    for environment in [[:], ["CACHEBENCH_MASSIF_SNAPSHOTS": ""]] {
      let session = try ProfilingSession.start(ProfilingOptions(), environment: environment) { _ in
      }
      #expect(!session.tools.contains { $0 is MassifWindow })
      #expect(session.tools.contains { $0 is CallgrindWindow })
    }
  }
}
