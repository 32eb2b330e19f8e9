import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct MarkdownWriterTests {
  /// The naive fixture made duplicate fetches where the sharded one made none: no bold for the one
  /// row left (it would be alone), a line saying why naive has none, and the finding.
  @Test func rendersTheSummaryTableThenFetchLatencyFindingsWorkloadAndRun() {
    let text = MarkdownWriter.render(
      results: [OutputFixtures.naiveInside, OutputFixtures.shardedOutside],
      scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata)
    let expected = """
      ### cachebench results

      | variant | decode | shards | throughput [k/s] | p50 [µs] | p99 [µs] | p99.9 [µs] | max [µs] | hits | joins | fetches | dup_fetches | alloc_delta | B/entry | mallocs/req | peak_rss | cpu/req |
      | :-- | :-- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |
      | naive | inside | 1 | 3.33 | 1234.6 | 1234.6 | 1234.6 | 1234.6 | 9000 | 0 | 1000 | 250 | 5.13MiB | 4.99KiB | 1.5 | 46.6MiB | 28.8µs |
      | sharded(8) | outside | 8 | 125.00 | 41.2 | 41.2 | 41.2 | 41.2 | 240000 | 9000 | 1000 | 0 | n/a | n/a | n/a | n/a | n/a |

      No mark for naive/inside (duplicate fetches where others have none).

      Fetch latency, configured and realised at the fetcher:

      - `naive/inside`: configured 1.00ms, realised p50 1.01ms, p99 1.01ms
      - `sharded(8)/outside`: configured 1.00ms, realised p50 1.09ms, p99 1.09ms

      Findings, ranked (rules and thresholds: `docs/findings.md`):

      1. **duplicate fetches (reentrancy)**: naive/inside made 250 (25.0% of 1000 fetches). Evidence: under the same workload sharded(8)/outside made 0 duplicate fetches (of 1000 fetches). Try a design that coalesces, as those do: the miss goes in flight before the first await and later callers join it (`docs/duplicates.md#why-a-design-duplicates-or-does-not`).

      Workload: 2 variants; each: 10000 requests after 500 warm-up, 16 clients, 1000 keys zipf(0.99), seed 42, fetch 1.00ms, 4096 B payload, decode 20.0µs.

      Run: cachebench 0.1.0, Swift 6.3.1, commit `0123abc`, 2 cores, 2026-11-29T15:04:36Z.

      """
    #expect(text == expected)
  }

  @Test func aRunThatDecodedSaysWhereAndOneOnTheMainActorGivesItsHitchesAndHangs() {
    var inside = OutputFixtures.naiveInside
    inside.decodes = 1_000
    inside.decodesOnActor = 1_000
    inside.mainActorResponsiveness = MainActorResponsiveness(
      delay: OutputFixtures.histogram(20_000_000, count: 4), hitches: 4, hangs: 0)
    var none = OutputFixtures.shardedOutside
    none.variant = Variant(design: .sharded, decode: .noDecode, shards: 8)
    none.mainActorResponsiveness = MainActorResponsiveness(
      delay: OutputFixtures.histogram(5_000, count: 7), hitches: 0, hangs: 0)
    var scenario = OutputFixtures.scenario
    scenario.caller = .main
    let text = MarkdownWriter.render(
      results: [inside, none], scenario: scenario, metadata: OutputFixtures.metadata)
    let expected = """

      Where the decode ran: the share of decodes on an actor's executor, asked of the runtime at each decode:

      - `naive/inside`: 100.0% on an actor
      - `sharded(8)/none`: n/a (nothing decoded)

      Main actor, the clients' isolation: how long a trivial job queued there every 1 ms waited to start, and the waits over 16 ms (hitches) and 250 ms (hangs):

      - `naive/inside`: wait p50 20.0ms, p99 20.0ms, longest 20.0ms; 4 hitches, 0 hangs in 4 samples
      - `sharded(8)/none`: wait p50 5.00µs, p99 5.00µs, longest 5.00µs; 0 hitches, 0 hangs in 7 samples

      Findings, ranked
      """
    #expect(text.contains(expected), "\(text)")
  }

  @Test func aRunThatDecodedNothingOnPoolClientsHasNeitherList() {
    var none = OutputFixtures.shardedOutside
    none.variant = Variant(design: .sharded, decode: .noDecode, shards: 8)
    let text = MarkdownWriter.render(
      results: [none], scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata)
    #expect(!text.contains("Where the decode ran"))
    #expect(!text.contains("Main actor"))
  }

  @Test func oneResultWithoutFetchesHasNoBoldAndSaysSo() {
    var result = OutputFixtures.naiveInside
    result.fetchLatency = LatencyHistogram()
    var metadata = OutputFixtures.metadata
    metadata.toolVersion = "0.1|dev"
    let text = MarkdownWriter.render(
      results: [result], scenario: OutputFixtures.scenario, metadata: metadata)
    #expect(!text.contains("**"))
    #expect(text.contains("\n- `naive/inside`: configured 1.00ms, no fetches\n"))
    #expect(text.contains("\nRun: cachebench 0.1\\|dev, "))
  }
}
