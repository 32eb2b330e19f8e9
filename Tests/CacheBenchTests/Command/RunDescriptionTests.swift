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

  @Test(arguments: [(1, "16 clients on 1 thread,"), (4, "16 clients on 4 threads,")])
  func theSummaryNamesTheClientThreadsWhenGiven(threads: Int, expected: String) {
    var scenario = OutputFixtures.scenario
    scenario.threads = threads
    #expect(RunDescription.summary(of: scenario).contains(" \(expected) 1000 keys"))
  }
}
