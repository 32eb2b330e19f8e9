import Testing

@testable import CacheBench

struct TableWriterTests {
  @Test func rendersTwoResultsAsAnAlignedTableWithFetchLatencyLines() {
    let text = TableWriter.render([OutputFixtures.naiveInside, OutputFixtures.shardedOutside])
    let expected = """
      variant     decode   shards  throughput     p50     p99   p99.9     max    hits  joins  fetches  dup_fetches
      ----------  -------  ------  ----------  ------  ------  ------  ------  ------  -----  -------  -----------
      naive       inside        1     3.33k/s  1.23ms  1.23ms  1.23ms  1.23ms    9000      0     1000          250
      sharded(8)  outside       8      125k/s  41.2µs  41.2µs  41.2µs  41.2µs  240000   9000     1000            0
      fetch latency naive/inside:       configured 1.00ms, realised p50 1.01ms p99 1.01ms
      fetch latency sharded(8)/outside: configured 1.00ms, realised p50 1.09ms p99 1.09ms

      """
    #expect(text == expected)
  }

  @Test func emptyHistogramsShowADashAndNoFetches() {
    var result = OutputFixtures.naiveInside
    result.latency = LatencyHistogram()
    result.fetchLatency = LatencyHistogram()
    result.configuredFetchLatency = .microseconds(50)
    let text = TableWriter.render([result])
    let expected = """
      variant  decode  shards  throughput  p50  p99  p99.9  max  hits  joins  fetches  dup_fetches
      -------  ------  ------  ----------  ---  ---  -----  ---  ----  -----  -------  -----------
      naive    inside       1     3.33k/s    -    -      -    -  9000      0     1000          250
      fetch latency naive/inside: configured 50.0µs, realised: no fetches

      """
    #expect(text == expected)
  }

  @Test func noResultsGiveTheHeaderAlone() {
    let text = TableWriter.render([])
    let expected = """
      variant  decode  shards  throughput  p50  p99  p99.9  max  hits  joins  fetches  dup_fetches
      -------  ------  ------  ----------  ---  ---  -----  ---  ----  -----  -------  -----------

      """
    #expect(text == expected)
  }
}
