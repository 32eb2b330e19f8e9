import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct TableWriterTests {
  /// The naive fixture made duplicate fetches where the sharded one made none, so the only row left
  /// to mark is alone: nothing is marked, and the line under the table says why naive is not.
  @Test func rendersTwoResultsAsAnAlignedTableWithFetchLatencyLinesAndNoMarkForDuplicates() {
    let text = TableWriter.render([OutputFixtures.naiveInside, OutputFixtures.shardedOutside])
    let expected = """
      variant     decode   shards  throughput [k/s]  p50 [µs]  p99 [µs]  p99.9 [µs]  max [µs]    hits  joins  fetches  dup_fetches  alloc_delta  B/entry  mallocs/req  peak_rss  cpu/req
      ----------  -------  ------  ----------------  --------  --------  ----------  --------  ------  -----  -------  -----------  -----------  -------  -----------  --------  -------
      naive       inside        1              3.33    1234.6    1234.6      1234.6    1234.6    9000      0     1000          250      5.13MiB  4.99KiB          1.5   46.6MiB   28.8µs
      sharded(8)  outside       8            125.00      41.2      41.2        41.2      41.2  240000   9000     1000            0          n/a      n/a          n/a       n/a      n/a
      no mark for naive/inside (duplicate fetches where others have none)
      fetch latency naive/inside:       configured 1.00ms, realised p50 1.01ms p99 1.01ms
      fetch latency sharded(8)/outside: configured 1.00ms, realised p50 1.09ms p99 1.09ms

      """
    #expect(text == expected)
  }

  @Test func rendersTwoResultsAsAnAlignedTableWithBestValuesMarked() {
    var naive = OutputFixtures.naiveInside
    naive.duplicateFetches = 0
    let text = TableWriter.render([naive, OutputFixtures.shardedOutside])
    let expected = """
      variant     decode   shards  throughput [k/s]   p50 [µs]   p99 [µs]   p99.9 [µs]   max [µs]     hits  joins  fetches  dup_fetches  alloc_delta  B/entry  mallocs/req  peak_rss  cpu/req
      ----------  -------  ------  -----------------  ---------  ---------  -----------  ---------  ------  -----  -------  -----------  -----------  -------  -----------  --------  -------
      naive       inside        1              3.33     1234.6     1234.6       1234.6     1234.6     9000      0     1000            0      5.13MiB  4.99KiB          1.5   46.6MiB   28.8µs
      sharded(8)  outside       8            125.00*      41.2*      41.2*        41.2*      41.2*  240000   9000     1000            0          n/a      n/a          n/a       n/a      n/a
      * best in its column: highest throughput; lowest latency, fetches and duplicate fetches

      """
    #expect(text.hasPrefix(expected), "\(text)")
  }

  @Test func emptyHistogramsAndAnEmptyCacheShowADashAndNoFetches() {
    var result = OutputFixtures.naiveInside
    result.latency = LatencyHistogram()
    result.fetchLatency = LatencyHistogram()
    result.configuredFetchLatency = .microseconds(50)
    result.resources.cachedEntries = 0
    result.resources.bytesPerEntry = nil
    let text = TableWriter.render([result])
    let expected = """
      variant  decode  shards  throughput [/s]  p50 [ns]  p99 [ns]  p99.9 [ns]  max [ns]  hits  joins  fetches  dup_fetches  alloc_delta  B/entry  mallocs/req  peak_rss  cpu/req
      -------  ------  ------  ---------------  --------  --------  ----------  --------  ----  -----  -------  -----------  -----------  -------  -----------  --------  -------
      naive    inside       1             3333         -         -           -         -  9000      0     1000          250      5.13MiB        -          1.5   46.6MiB   28.8µs
      fetch latency naive/inside: configured 50.0µs, realised: no fetches

      """
    #expect(text == expected)
  }

  @Test func noResultsGiveTheHeaderAlone() {
    let text = TableWriter.render([])
    let expected = """
      variant  decode  shards  throughput [/s]  p50 [ns]  p99 [ns]  p99.9 [ns]  max [ns]  hits  joins  fetches  dup_fetches  alloc_delta  B/entry  mallocs/req  peak_rss  cpu/req
      -------  ------  ------  ---------------  --------  --------  ----------  --------  ----  -----  -------  -----------  -----------  -------  -----------  --------  -------

      """
    #expect(text == expected)
  }

  @Test func repositoryVariantsGetALineOfWritesAndAdmissionFiguresAndOthersNone() {
    var repository = OutputFixtures.naiveInside
    repository.variant = Variant(design: .repository, decode: .inside, shards: 1)
    repository.repository = RepositoryFigures(writes: 509, conflicts: 92, staleServedAfterWrite: 0)
    repository.staleRejected = 387
    var naive = repository
    naive.variant = Variant(design: .naiveRepository, decode: .outside, shards: 1)
    naive.repository = RepositoryFigures(
      writes: 509, conflicts: 146, writeFailures: 3, staleServedAfterWrite: 144)
    naive.staleRejected = 0
    #expect(
      TableWriter.repositoryLines(
        repeated: [OutputFixtures.naiveInside, repository, naive].map(
          VariantRepetitions.init(single:)))
        == "repository repository/inside:        writes 509, conflicts 92, write_failures 0,"
        + " stale_rejected 387, stale_served_after_write 0\n"
        + "repository naive-repository/outside: writes 509, conflicts 146, write_failures 3,"
        + " stale_rejected 0, stale_served_after_write 144\n")
    #expect(
      TableWriter.repositoryLines(
        repeated: [VariantRepetitions(single: OutputFixtures.naiveInside)]
      ).isEmpty)
  }

  /// A design that cannot tell its refused completions (`staleRejectedCount` nil), and gives the
  /// harness no store to witness its writes, has empty CSV fields for them; the table says n/a too,
  /// never 0.
  @Test func aStaleRejectedCountTheDesignDidNotReportReadsNotAvailable() throws {
    var user = OutputFixtures.naiveInside
    user.variant = Variant(design: .repository, decode: .noDecode, shards: 1)
    user.repository = RepositoryFigures(writes: 10, conflicts: 2, staleServedAfterWrite: nil)
    user.staleRejected = nil
    #expect(
      TableWriter.repositoryLines(repeated: [VariantRepetitions(single: user)])
        == "repository repository/none: writes 10, conflicts 2, write_failures 0,"
        + " stale_rejected n/a, stale_served_after_write n/a\n")
    let table = try CSVTable.parse(
      CSVWriter.render(
        results: [user], scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata))
    let row = try #require(table.rows.first)
    #expect(table.value("stale_rejected", in: row) == "")
    #expect(table.value("stale_served_after_write", in: row) == "")
    #expect(table.value("writes", in: row) == "10")
  }
}
