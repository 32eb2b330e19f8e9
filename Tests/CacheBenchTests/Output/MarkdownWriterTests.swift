import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct MarkdownWriterTests {
  @Test func rendersTheSummaryTableWithBestValuesInBoldThenFetchLatencyWorkloadAndRun() {
    let text = MarkdownWriter.render(
      results: [OutputFixtures.naiveInside, OutputFixtures.shardedOutside],
      scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata)
    let expected = """
      ### cachebench results

      | variant | decode | shards | throughput [k/s] | p50 [µs] | p99 [µs] | p99.9 [µs] | max [µs] | hits | joins | fetches | dup_fetches | alloc_delta | B/entry | mallocs/req | peak_rss | cpu/req |
      | :-- | :-- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |
      | naive | inside | 1 | 3.33 | 1234.6 | 1234.6 | 1234.6 | 1234.6 | 9000 | 0 | 1000 | 250 | 5.13MiB | 4.99KiB | 1.5 | 46.6MiB | 28.8µs |
      | sharded(8) | outside | 8 | **125.00** | **41.2** | **41.2** | **41.2** | **41.2** | 240000 | 9000 | 1000 | **0** | n/a | n/a | n/a | n/a | n/a |

      **Bold**: best in its column (highest throughput; lowest latency, fetches and duplicate fetches).

      Fetch latency, configured and realised at the fetcher:

      - `naive/inside`: configured 1.00ms, realised p50 1.01ms, p99 1.01ms
      - `sharded(8)/outside`: configured 1.00ms, realised p50 1.09ms, p99 1.09ms

      Workload: 2 variants; each: 10000 requests after 500 warm-up, 16 clients, 1000 keys zipf(0.99), seed 42, fetch 1.00ms, 4096 B payload, decode 20.0µs.

      Run: cachebench 0.1.0, Swift 6.3.1, commit `0123abc`, 2 cores, 2026-11-29T15:04:36Z.

      """
    #expect(text == expected)
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
