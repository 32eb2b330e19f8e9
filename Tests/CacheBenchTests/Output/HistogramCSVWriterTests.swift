import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct HistogramCSVWriterTests {
  /// The naive fixture with latencies 1, 2, 3 and 4 ns and no fetches.
  private static var oneToFour: VariantResult {
    var result = OutputFixtures.naiveInside
    result.latency = LatencyHistogram()
    for value: UInt64 in 1...4 { result.latency.record(value) }
    result.fetchLatency = LatencyHistogram()
    return result
  }

  /// Hand-computed: levels advance 10% at a time to 50%, 5% to 75%, 2.5% to 87.5%, ...; each value
  /// holds a quarter of the count, so 1 ns reaches 25% (levels 0, 10, 20), 2 ns 50% (30, 40, 50),
  /// 3 ns 75% (55 ... 75), and 4 ns, the last, gives the next level (77.5%) and 100%.
  @Test func aKnownHistogramGivesTheHandComputedPercentileRows() {
    let prefix = "naive,naive,inside,1,latency,"
    let rows = [
      "1,0.000000000000,1,1.00", "1,0.100000000000,1,1.11", "1,0.200000000000,1,1.25",
      "2,0.300000000000,2,1.43", "2,0.400000000000,2,1.67", "2,0.500000000000,2,2.00",
      "3,0.550000000000,3,2.22", "3,0.600000000000,3,2.50", "3,0.650000000000,3,2.86",
      "3,0.700000000000,3,3.33", "3,0.750000000000,3,4.00", "4,0.775000000000,4,4.44",
      "4,1.000000000000,4,inf",
    ]
    let expected =
      "variant,design,decode,shards,histogram,value_ns,percentile,total_count,"
      + "one_over_one_minus_percentile\r\n"
      + rows.map { prefix + $0 + "\r\n" }.joined()
    #expect(HistogramCSVWriter.render(results: [Self.oneToFour]) == expected)
  }

  @Test func everyNamedHistogramOfEveryResultIsWrittenInOrder() {
    let text = HistogramCSVWriter.render(
      results: [OutputFixtures.naiveInside, OutputFixtures.shardedOutside])
    let labels = text.split(separator: "\r\n").dropFirst().map { line in
      line.split(separator: ",").prefix(5).joined(separator: ",")
    }
    var distinct: [String] = []
    for label in labels where distinct.last != label { distinct.append(label) }
    #expect(
      distinct == [
        "naive,naive,inside,1,latency", "naive,naive,inside,1,fetch_latency",
        "sharded(8),sharded,outside,8,latency", "sharded(8),sharded,outside,8,fetch_latency",
      ])
  }

  @Test func noResultsGiveTheHeaderAlone() {
    #expect(
      HistogramCSVWriter.render(results: [])
        == HistogramCSVWriter.columns.joined(separator: ",") + "\r\n")
  }
}
