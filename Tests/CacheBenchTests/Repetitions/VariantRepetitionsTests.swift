import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// A run's measurements grouped per variant, and the figures taken over them.
struct VariantRepetitionsTests {
  typealias Fixtures = RepetitionFixtures

  @Test func measurementsAreGroupedPerVariantInFirstMeasuredOrderAndRepetitionOrder() {
    // The order a run of two variants and three repetitions measures them: AB BA AB.
    let a = Fixtures.naiveInside
    let b = Fixtures.coalescingInside
    let results = [
      Fixtures.measurement(a, repetition: 0, throughput: 1000, latency: 100),
      Fixtures.measurement(b, repetition: 0, throughput: 1000, latency: 100),
      Fixtures.measurement(b, repetition: 1, throughput: 1000, latency: 100),
      Fixtures.measurement(a, repetition: 1, throughput: 1000, latency: 100),
      Fixtures.measurement(a, repetition: 2, throughput: 1000, latency: 100),
      Fixtures.measurement(b, repetition: 2, throughput: 1000, latency: 100),
    ]
    let groups = VariantRepetitions.grouping(results)
    #expect(groups.map(\.variant) == [a, b])
    #expect(groups.map { $0.measurements.map(\.repetition) } == [[0, 1, 2], [0, 1, 2]])
  }

  @Test func aFigureIsTheMedianOverTheMeasurementsAndMissingWhenOneLacksIt() {
    var results = Fixtures.repeated(
      Fixtures.naiveInside, [(1000, 300), (4000, 100), (2000, 200)])
    let group = VariantRepetitions(results)
    #expect(group.median(\.throughput) == 2000)
    #expect(group.interval(named: "latency_p50") == MedianInterval([300, 100, 200]))
    results[1].latency = LatencyHistogram()
    #expect(VariantRepetitions(results).interval(named: "latency_p99") == nil)
  }

  /// The figures with intervals are the catalogue's metrics with a timing ratio, named and labelled
  /// from it, and each reads one measurement as its declaration does.
  @Test func theIntervalFiguresAreTheDeclaredTimingRatiosFigures() {
    let figures = VariantRepetitions.intervalFigures
    #expect(figures.map(\.name) == ["throughput", "latency_p50", "latency_p99"])
    #expect(figures.map(\.label) == ["throughput", "latency p50", "latency p99"])
    #expect(figures.map(\.name) == TimingRatios.ratios.map { String($0.name.dropLast(6)) })
    let result = Fixtures.measurement(
      Fixtures.naiveInside, repetition: 0, throughput: 1234.5, latency: 300)
    #expect(figures[0].value(result) == result.throughput)
    #expect(figures[1].value(result) == VariantRepetitions.percentile(50, of: result.latency))
    #expect(figures[2].value(result) == VariantRepetitions.percentile(99, of: result.latency))
    var empty = result
    empty.latency = LatencyHistogram()
    #expect(figures[1].value(empty) == nil && figures[2].value(empty) == nil)
  }

  @Test func theHistogramsOfTheRepetitionsArePooled() throws {
    let group = VariantRepetitions(
      Fixtures.repeated(Fixtures.naiveInside, [(1000, 300), (4000, 100), (2000, 200)]))
    let latency = try #require(group.pooledHistograms.first { $0.name == "latency" }).histogram
    #expect(latency.totalCount == 9)
    #expect(latency.min == 100)
    #expect(latency.max == 300)
    #expect(group.pooledHistograms.map(\.name) == group.first.namedHistograms.map(\.name))
  }

  @Test func theMainActorProbesSamplesArePooledByNameAfterTheOtherHistograms() throws {
    var results = Fixtures.repeated(Fixtures.naiveInside, [(1000, 300), (4000, 100)])
    #expect(!results[0].namedHistograms.contains { $0.name == "main_delay" })
    for (index, delay) in [UInt64(2_000_000), 20_000_000].enumerated() {
      results[index].mainActorResponsiveness = MainActorResponsiveness(
        delay: OutputFixtures.histogram(delay, count: 2), hitches: 0, hangs: 0)
    }
    let group = VariantRepetitions(results)
    #expect(group.pooledHistograms.last?.name == "main_delay")
    let delay = try #require(group.pooledHistograms.first { $0.name == "main_delay" }).histogram
    #expect(delay.totalCount == 4)
    #expect(delay.min == 2_000_000)
    #expect(delay.max == 20_000_000)
  }

  @Test func theRealisedFetchLatencyIsTheMedianOverTheRepetitionsThatFetched() {
    var results = Fixtures.repeated(Fixtures.naiveInside, [(1000, 300), (1000, 300), (1000, 300)])
    results[0].fetchLatency = OutputFixtures.histogram(1_000)
    results[1].fetchLatency = LatencyHistogram()
    results[2].fetchLatency = OutputFixtures.histogram(1_200)
    #expect(VariantRepetitions(results).realisedFetchLatency(atPercentile: 50) == 1_100)
    results[0].fetchLatency = LatencyHistogram()
    results[2].fetchLatency = LatencyHistogram()
    #expect(VariantRepetitions(results).realisedFetchLatency(atPercentile: 50) == nil)
  }
}
