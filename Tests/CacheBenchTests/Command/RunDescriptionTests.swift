import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The workload line a run prints on stderr (and the Markdown summary repeats).
struct RunDescriptionTests {
  @Test func theSummaryNamesTheClientsAndNoThreadsByDefault() {
    #expect(
      RunDescription.summary(of: OutputFixtures.scenario)
        == "2 variants; each: 10000 requests after 500 warm-up, 16 clients, 1000 keys zipf(0.99),"
        + " seed 42, fetch 1.00ms, 4096 B payload, decode 20.0µs")
  }

  @Test func theSummaryOfOneOfEachIsSingularAndSaysWhenNothingDecodes() {
    var scenario = OutputFixtures.scenario
    scenario.variants = [Variant(design: .mutex, decode: .noDecode, shards: 1)]
    scenario.stop = .requests(1)
    scenario.concurrency = 1
    scenario.keys = 1
    #expect(
      RunDescription.summary(of: scenario)
        == "1 variant; each: 1 request after 500 warm-up, 1 client, 1 key zipf(0.99),"
        + " seed 42, fetch 1.00ms, 4096 B payload, no decode")
  }

  @Test func theSummaryGivesTheDecodeCostWhenSomeVariantDecodes() {
    var scenario = OutputFixtures.scenario
    scenario.variants = [
      Variant(design: .mutex, decode: .noDecode, shards: 1),
      Variant(design: .mutex, decode: .outside, shards: 1),
    ]
    #expect(RunDescription.summary(of: scenario).hasSuffix(", decode 20.0µs"))
  }

  @Test func theSweepSummaryIsSingularForOneAndSaysWhenNothingDecodes() throws {
    let command = try CommandLineParser.parse([
      "sweep", "--variants", "coalescing", "--decode", "none", "--keys", "1", "--shards", "1",
      "--concurrency", "1",
    ])
    guard case .sweep(let configuration) = command else {
      Issue.record("not a sweep: \(command)")
      return
    }
    let summary = SweepCommand.summary(configuration, plan: SweepPlan(configuration))
    #expect(summary.hasPrefix("sweep: 1 cell of coalescing over decode none,"))
    #expect(summary.contains(" 1 key zipf(0.99),"))
    #expect(summary.hasSuffix(", no decode"))
    #expect(!summary.contains("open loop"))
  }

  /// Shard counts apply to sharded designs alone, so the summary names them only when one is swept.
  @Test func theSweepSummaryNamesShardCountsOnlyWhenAShardedDesignIsSwept() throws {
    func summary(_ variants: String) throws -> String {
      let command = try CommandLineParser.parse([
        "sweep", "--variants", variants, "--decode", "none", "--shards", "2,4",
        "--concurrency", "1,8",
      ])
      guard case .sweep(let configuration) = command else {
        Issue.record("not a sweep: \(command)")
        return ""
      }
      return SweepCommand.summary(configuration, plan: SweepPlan(configuration))
    }
    #expect(try summary("coalescing,mutex").contains(" concurrency 1,8; each:"))
    #expect(try summary("coalescing,sharded").contains(" concurrency 1,8, shards 2,4; each:"))
  }

  @Test func theSweepSummarySaysItsArrivalRate() throws {
    let command = try CommandLineParser.parse(["sweep", "--rate", "2000/s", "--warmup", "0"])
    guard case .sweep(let configuration) = command else {
      Issue.record("not a sweep: \(command)")
      return
    }
    let summary = SweepCommand.summary(configuration, plan: SweepPlan(configuration))
    #expect(summary.contains(" after 0 warm-up, open loop at 2000/s, 10000 keys"))
  }

  @Test(arguments: [
    (5_000.0, "16 clients, open loop at 5000/s, 1000 keys"), (2.5, "open loop at 2.5/s,"),
  ])
  func anOpenLoopSummarySaysItsArrivalRate(rate: Double, expected: String) {
    var scenario = OutputFixtures.scenario
    scenario.openLoop = OpenLoopSchedule(rate: rate)
    #expect(RunDescription.summary(of: scenario).contains(expected))
    #expect(!RunDescription.summary(of: OutputFixtures.scenario).contains("open loop"))
  }

  @Test(arguments: [(1, "16 clients on 1 thread,"), (4, "16 clients on 4 threads,")])
  func theSummaryNamesTheClientThreadsWhenGiven(threads: Int, expected: String) {
    var scenario = OutputFixtures.scenario
    scenario.threads = threads
    #expect(RunDescription.summary(of: scenario).contains(" \(expected) 1000 keys"))
  }
}
