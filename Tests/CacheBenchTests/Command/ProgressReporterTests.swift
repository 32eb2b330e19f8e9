import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The progress reporter driven by hand: events and ticks in a fixed order, a clock that moves only
/// when the test says, and the text it writes captured.
struct ProgressReporterTests {
  /// What the reporter wrote and the time it reads, both under the test's control.
  final class Terminal: Sendable {
    private let state = SanitizerVisibleMutex((written: [String](), now: UInt64(0)))

    var written: [String] { state.withLock { $0.written } }
    func write(_ text: String) { state.withLock { $0.written.append(text) } }
    func now() -> UInt64 { state.withLock { $0.now } }
    func advance(nanoseconds: UInt64) { state.withLock { $0.now += nanoseconds } }
  }

  private static let variant = Variant(design: .naive, decode: .inside, shards: 1)

  private func reporter(_ style: ProgressReporter.Style, _ terminal: Terminal) -> ProgressReporter {
    ProgressReporter(
      style: style, variantCount: 2, width: 100, write: { terminal.write($0) },
      now: { terminal.now() })
  }

  /// One variant's events: start, a 128-request window half done at a tick, then its result.
  private func drive(_ reporter: ProgressReporter, _ terminal: Terminal) {
    reporter.begin(summary: "1 variant; each: 100 requests")
    reporter.handle(.started(Self.variant))
    let claims = RequestClaims()
    reporter.handle(
      .windowStarted(
        WindowProgress(Self.variant, phase: .measurement, stop: .requests(128), claims: claims)))
    // Clients claim whole batches of request indices: two batches are half of 128.
    for _ in 0..<(64 / claims.batchSize) { _ = claims.nextBatch() }
    terminal.advance(nanoseconds: 5_000_000)
    reporter.tick()
    reporter.handle(.finished(OutputFixtures.naiveInside))
    reporter.tick()
    reporter.end()
  }

  private static let resultLine =
    "cachebench: naive/inside: 10000 requests in 3.00s (3.33k/s)\n"

  @Test func aTerminalGetsABarRedrawnInPlaceThenErasedForTheResultLine() {
    let terminal = Terminal()
    drive(reporter(.bar, terminal), terminal)
    let bar = "[1/2] naive/inside [########--------]  50%  5.00ms / ~10.0ms  64 requests"
    #expect(
      terminal.written == [
        "cachebench: 1 variant; each: 100 requests\n",
        "\r\u{1B}[K[1/2] naive/inside [----------------]   0%  0ns / ~?  0 requests",
        "\r\u{1B}[K" + bar,
        "\r\u{1B}[K" + Self.resultLine,
      ])
  }

  @Test func aFileOrPipeGetsTheSummaryAndALineWhenEachVariantsWindowOpensAndEnds() {
    let terminal = Terminal()
    drive(reporter(.lines, terminal), terminal)
    #expect(
      terminal.written == [
        "cachebench: 1 variant; each: 100 requests\n",
        "cachebench: [1/2] naive/inside: measuring\n", Self.resultLine,
      ])
  }

  @Test func aUsersExecutableNamesItselfOnEveryLine() {
    let terminal = Terminal()
    let named = ProgramName.$current.withValue("imagecache-bench") { reporter(.lines, terminal) }
    drive(named, terminal)
    #expect(
      terminal.written == [
        "imagecache-bench: 1 variant; each: 100 requests\n",
        "imagecache-bench: [1/2] naive/inside: measuring\n",
        "imagecache-bench: naive/inside: 10000 requests in 3.00s (3.33k/s)\n",
      ])
  }

  @Test func quietWritesNothing() {
    let terminal = Terminal()
    drive(reporter(.silent, terminal), terminal)
    #expect(terminal.written.isEmpty)
  }

  @Test func aBarLeftByARunThatFailedIsErasedAtTheEnd() {
    let terminal = Terminal()
    let reporter = reporter(.bar, terminal)
    reporter.handle(.started(Self.variant))
    reporter.handle(
      .windowStarted(
        WindowProgress(
          Self.variant, phase: .warmup, stop: .requests(10), claims: RequestClaims())))
    reporter.end()
    #expect(terminal.written.last == "\r\u{1B}[K")
    #expect(terminal.written.count == 2)
  }

  @Test(arguments: [
    (true, true, ProgressReporter.Style.silent), (true, false, .silent), (false, true, .bar),
    (false, false, .lines),
  ])
  func theStyleFollowsQuietThenWhetherStderrIsATerminal(
    quiet: Bool, terminal: Bool, expected: ProgressReporter.Style
  ) {
    #expect(ProgressReporter.style(quiet: quiet, standardErrorIsTerminal: terminal) == expected)
  }
}
