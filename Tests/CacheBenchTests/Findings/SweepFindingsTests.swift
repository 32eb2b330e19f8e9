import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Known answers of the sweep's rule, hit throughput from 1 client to 2, on cells built figure by
/// figure (no timing): issue #30's figures must trigger it, and near misses must not.
struct SweepFindingsTests {
  private typealias Fixture = FindingFixtures

  /// A cell of `design` at `clients`, measured `measurements` times, whose one-second windows each
  /// served `hitsPerSecond` hits, all of their requests but `misses`.
  private func cell(
    _ design: CacheDesign, shards: Int = 1, clients: Int, hitsPerSecond: Int, misses: Int = 0,
    measurements: Int = 3
  ) -> SweepPoint {
    let result = Fixture.result(
      design, shards: shards, fetches: misses, requests: hitsPerSecond + misses)
    return SweepPoint(
      variant: result.variant, threads: nil, clients: clients,
      repetitions: VariantRepetitions(Array(repeating: result, count: measurements)))
  }

  /// Cells of `design` at 1 and 2 clients.
  private func series(
    _ design: CacheDesign, shards: Int = 1, _ one: Int, _ two: Int, misses: Int = 0
  ) -> [SweepPoint] {
    [
      cell(design, shards: shards, clients: 1, hitsPerSecond: one, misses: misses),
      cell(design, shards: shards, clients: 2, hitsPerSecond: two, misses: misses),
    ]
  }

  private func collapse(_ points: [SweepPoint]) -> Finding? {
    Fixture.finding(
      .hitThroughputCollapse, in: SweepFindings.evaluate(points, stop: .requests(1_000)))
  }

  /// Issue #30: `--decode none --latency 0ms`, all hits, 1 → 2 clients.
  @Test func oneActorsHitsCollapsingWhileMutexAndShardsHoldIsFound() throws {
    let finding = try #require(
      collapse(
        series(.coalescing, 4_800_000, 920_000) + series(.mutex, 5_290_000, 4_940_000)
          + series(.sharded, shards: 8, 4_090_000, 4_360_000)))
    #expect(finding.variants == ["coalescing/none"])
    #expect(
      finding.statement
        == "hits a second coalescing/none 4.80M/s at 1 client, 920k/s at 2 (0.19×)")
    #expect(
      finding.evidence.hasPrefix(
        "in the same sweep sharded(8)/none 4.09M/s at 1 client, 4.36M/s at 2 (1.07×);"
          + " mutex/none 5.29M/s at 1 client, 4.94M/s at 2 (0.93×)"))
  }

  @Test func twoVariantsThatCollapsedAreComparedWithTheOneThatHeldOnce() throws {
    let finding = try #require(
      collapse(
        series(.coalescing, 4_800_000, 920_000) + series(.naive, 4_000_000, 1_000_000)
          + series(.mutex, 5_290_000, 4_940_000)))
    #expect(finding.variants == ["coalescing/none", "naive/none"])
    #expect(
      finding.evidence.hasPrefix(
        "in the same sweep mutex/none 5.29M/s at 1 client, 4.94M/s at 2 (0.93×) (hits"))
  }

  @Test func aLoneVariantsCollapseIsFoundWithNothingToCompareWith() throws {
    let finding = try #require(collapse(series(.coalescing, 4_800_000, 920_000)))
    #expect(
      finding.evidence.hasPrefix(
        "no other variant of the sweep at decode none ran at 1 and 2 clients to tell coalescing/none's"
          + " drop from the machine's"))
  }

  @Test func everyVariantDroppingOrAHalfKeptIsNoCollapse() {
    // A machine that got busier between the cells: mutex fell as far.
    let machine = series(.coalescing, 4_800_000, 920_000) + series(.mutex, 5_290_000, 990_000)
    // 0.52× of one client's rate: over the half.
    let half = series(.coalescing, 4_800_000, 2_500_000) + series(.mutex, 5_290_000, 4_940_000)
    #expect(collapse(machine) == nil)
    #expect(collapse(half) == nil)
  }

  @Test func cellsOfMostlyMissesOrWithoutTwoClientsSayNothing() {
    // 1 ms fetches: 15% of the requests missed, so the rate is the fetcher's.
    let misses =
      series(.coalescing, 850, 170, misses: 150) + series(.mutex, 850, 800, misses: 150)
    // `--concurrency 1,8,64`: no cell at 2 clients.
    let noTwo = [
      cell(.coalescing, clients: 1, hitsPerSecond: 4_800_000),
      cell(.coalescing, clients: 8, hitsPerSecond: 920_000),
    ]
    #expect(collapse(misses) == nil)
    #expect(collapse(noTwo) == nil)
  }

  /// A cell of `design` at `clients` whose one-second windows served `hitsPerSecond` hits each, one
  /// measurement a rate.
  private func spread(_ design: CacheDesign, clients: Int, _ hitsPerSecond: [Int]) -> SweepPoint {
    let results = hitsPerSecond.map {
      Fixture.result(design, fetches: 0, requests: $0)
    }
    return SweepPoint(
      variant: results[0].variant, threads: nil, clients: clients,
      repetitions: VariantRepetitions(results))
  }

  /// A sweep at load 8: `mutex`'s medians 6.32 → 2.75 M/s (0.44×), but one measurement at 1 client
  /// read 2.72 M/s, as slow as those at 2 clients (2.57–3.61 M/s), while `coalescing` held. With
  /// every measurement at 2 clients under half of each at 1, the same medians are a collapse.
  @Test(arguments: [
    ([2_720_000, 6_320_000, 7_260_000], false), ([7_250_000, 7_300_000, 7_260_000], true),
  ])
  func aCollapseOfTheMediansThatSomeMeasurementsDoNotShowIsNotFound(one: [Int], fires: Bool) {
    let points =
      [
        spread(.mutex, clients: 1, one),
        spread(.mutex, clients: 2, [2_570_000, 2_750_000, 3_610_000]),
      ] + series(.coalescing, 2_310_000, 2_410_000)
    let finding = collapse(points)
    #expect((finding != nil) == fires)
    #expect(finding.map { $0.variants == ["mutex/none"] } ?? true)
  }

  @Test func cellsMeasuredOnceSayNothing() {
    // Without `--repeat 3` one busy moment of a shared machine is one cell's whole figure.
    let once = [
      cell(.coalescing, clients: 1, hitsPerSecond: 4_800_000, measurements: 1),
      cell(.coalescing, clients: 2, hitsPerSecond: 920_000, measurements: 1),
      cell(.mutex, clients: 1, hitsPerSecond: 5_290_000, measurements: 1),
      cell(.mutex, clients: 2, hitsPerSecond: 4_940_000, measurements: 1),
    ]
    #expect(collapse(once) == nil)
  }

  /// A cell of `design` at `clients` that made `duplicates` duplicate fetches of its `fetches`.
  private func fetching(
    _ design: CacheDesign, decode: DecodePlacement = .inside, clients: Int, fetches: Int,
    duplicates: Int
  ) -> SweepPoint {
    let result = Fixture.result(
      design, decode: decode, duplicateFetches: duplicates, fetches: fetches, requests: 5_000)
    return SweepPoint(
      variant: result.variant, threads: nil, clients: clients,
      repetitions: VariantRepetitions(single: result))
  }

  private func duplicates(_ points: [SweepPoint]) -> Finding? {
    Fixture.finding(.duplicateFetches, in: SweepFindings.evaluate(points, stop: .requests(5_000)))
  }

  /// A user's reentrant cache in a sweep (9 and 76 duplicate fetches beside a coalescing cache's 0):
  /// the sweep says so, as a run would, rather than "no rule fired" under a matrix that ranks it first.
  @Test func duplicateFetchesInSweepCellsAreFoundPerWorkload() throws {
    let finding = try #require(
      duplicates([
        fetching(.coalescing, clients: 8, fetches: 600, duplicates: 0),
        fetching(.naive, clients: 8, fetches: 612, duplicates: 9),
        fetching(.coalescing, clients: 64, fetches: 620, duplicates: 0),
        fetching(.naive, clients: 64, fetches: 700, duplicates: 76),
        fetching(.naive, decode: .noDecode, clients: 64, fetches: 690, duplicates: 70),
      ]))
    #expect(finding.variants == ["naive/inside", "naive/none"])
    #expect(
      finding.statement
        == "naive/inside made duplicate fetches (c=8: 9 of 612, c=64: 76 of 700 fetches);"
        + " naive/none made duplicate fetches (c=64: 70 of 690 fetches)")
    #expect(
      finding.evidence.hasPrefix(
        "in the same cells, under the same workload, coalescing/inside made 0 duplicate fetches"))
  }

  /// Near misses: duplicates with nothing that fetched without any under the same workload (the other
  /// design is at another client count), or no duplicates at all.
  @Test func duplicatesWithNothingCleanBesideThemOrNoneAtAllSayNothing() {
    #expect(
      duplicates([
        fetching(.coalescing, clients: 8, fetches: 600, duplicates: 0),
        fetching(.naive, clients: 64, fetches: 700, duplicates: 76),
      ]) == nil)
    #expect(
      duplicates([
        fetching(.coalescing, clients: 8, fetches: 600, duplicates: 0),
        fetching(.naive, clients: 8, fetches: 600, duplicates: 0),
      ]) == nil)
  }
}
