import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The driver on small real runs: the exact figures that do not depend on timing.
@Suite(.timeLimit(.minutes(2)))
struct BenchmarkDriverTests {
  private func scenario(_ variants: [Variant], requests: Int = 500) -> Scenario {
    var scenario = Scenario(variants: variants)
    scenario.keys = 40
    scenario.concurrency = 8
    scenario.stop = .requests(requests)
    scenario.warmupRequests = 0
    scenario.fetchLatency = .zero
    scenario.decodeCost = .microseconds(1)
    return scenario
  }

  @Test func everyVariantServesExactlyTheRequestedNumberOfRequests() async throws {
    let variants = Variant.all(
      designs: CacheDesign.builtIn, placements: DecodePlacement.allCases, shards: 3
    ).filter(\.designHonoursPlacement)
    let results = try await BenchmarkDriver(scenario: scenario(variants)).run()
    #expect(results.map(\.variant) == variants)
    for result in results {
      #expect(result.requests == 500)
      #expect(result.hits + result.joins + result.leaders == 500)
      #expect(result.latency.totalCount == 500)
      #expect(result.windowNanoseconds > 0)
    }
  }

  /// Where each placement's decode ran, as the runtime said at each decode: on the cache actor for
  /// inside, nonsending and task, off it for concurrent, detached and outside; nothing for none.
  @Test(arguments: [
    (DecodePlacement.inside, 1.0), (.nonsending, 1.0), (.task, 1.0), (.concurrent, 0.0),
    (.detached, 0.0), (.outside, 0.0),
  ])
  func theOnActorShareOfAPlacingDesignIsWhatItsPlacementMeans(
    placement: DecodePlacement, share: Double
  ) async throws {
    let variants = Variant.all(
      designs: [.coalescing, .sharded], placements: [placement], shards: 3)
    for result in try await BenchmarkDriver(scenario: scenario(variants)).run() {
      let decodes = try #require(result.decodes)
      // In the cache, once per fetch; outside, in the caller on every request.
      #expect(decodes == (placement == .outside ? result.requests : result.fetches))
      #expect(result.decodeOnActorShare == share, "\(result.variant)")
    }
  }

  @Test func withoutADecodeTheOnActorShareIsNotApplicableRatherThanZero() async throws {
    let variants = Variant.all(
      designs: [.coalescing, .mutex, .naive], placements: [.noDecode], shards: 1)
    for result in try await BenchmarkDriver(scenario: scenario(variants)).run() {
      #expect(result.decodes == nil)
      #expect(result.decodeOnActorShare == nil)
    }
  }

  @Test func coalescingDesignsFetchEachKeyAtMostOnce() async throws {
    let variants = Variant.all(
      designs: [.coalescing, .sharded, .mutex], placements: [.noDecode], shards: 4)
    let keys = KeySequence(distribution: .zipf(theta: 0.99), keys: 40, seed: 1)
    let distinct = Set((0..<500).map { keys.key(at: $0) }).count
    for result in try await BenchmarkDriver(scenario: scenario(variants)).run() {
      #expect(result.fetches == distinct, "\(result.variant)")
      #expect(result.leaders == distinct)
      #expect(result.duplicateFetches == 0)
    }
  }

  @Test func theKeySequenceMakesTheSameKeysFetchedOnEveryRun() async throws {
    let variants = [Variant(design: .mutex, decode: .noDecode, shards: 1)]
    let first = try await BenchmarkDriver(scenario: scenario(variants)).run()
    let second = try await BenchmarkDriver(scenario: scenario(variants)).run()
    #expect(first[0].fetches == second[0].fetches)
    #expect(first[0].hits + first[0].joins == second[0].hits + second[0].joins)
  }

  @Test func eachWindowIsMeasuredBetweenFlushedReadingsAndTheVariantIsCheckedForLeftovers()
    async throws
  {
    func snapshot(_ allocated: Int, _ mallocs: UInt64) -> AllocatorSnapshot {
      AllocatorSnapshot(
        allocatedBytes: allocated, residentBytes: 2 * allocated, mallocCount: mallocs)
    }
    // After the warm-up, window start, window end, after the variant is torn down.
    let allocator = ScriptedAllocator(snapshots: [
      snapshot(1_000, 10), snapshot(1_100, 50), snapshot(9_100, 550), snapshot(1_300, 600),
    ])
    // 190 B an entry, scripted: over this payload, under which the meter would say n/a.
    var measured = scenario([Variant(design: .mutex, decode: .noDecode, shards: 1)])
    measured.payloadBytes = 64
    var driver = BenchmarkDriver(scenario: measured)
    driver.meter = .scripted(.available(allocator), histogramBytes: 100)
    let result = try #require(try await driver.run().first)
    #expect(
      result.resources.allocator
        == AllocatorUsage(
          allocatedBytes: 9_100, residentBytes: 18_200, allocatedDeltaBytes: 8_000,
          residentDeltaBytes: 16_000, mallocCount: 500))
    #expect(result.resources.retainedBytes == 1_300 - 1_000 - VariantResult.histogramCount * 100)
    let entries = try #require(result.resources.cachedEntries)
    let keys = KeySequence(distribution: .zipf(theta: 0.99), keys: 40, seed: 1)
    #expect(entries == Set((0..<500).map { keys.key(at: $0) }).count)
    #expect(
      result.resources.bytesPerEntry
        == Double(8_000 - ClientRecorder.histogramCount * 100) / Double(entries))
    #expect(
      allocator.calls == [
        .flushWorkers, .snapshot, .flushWorkers, .purge, .snapshot, .flushWorkers, .snapshot,
        .flushWorkers, .snapshot,
      ])
  }

  @Test func withJemallocUnavailableItsColumnsAreNotAvailableAndTheRestAreMeasured() async throws {
    var driver = BenchmarkDriver(
      scenario: scenario([Variant(design: .coalescing, decode: .noDecode, shards: 1)]))
    var meter = ResourceMeter.system()
    meter.allocator = .unavailable(reason: "injected")
    meter.histogramBytes = nil
    driver.meter = meter
    let results = try await driver.run()
    let csv = CSVWriter.render(
      results: results, scenario: driver.scenario, metadata: OutputFixtures.metadata)
    let row = csv.split(separator: "\r\n")[1].split(
      separator: ",", omittingEmptySubsequences: false)
    func field(_ name: String) throws -> Substring {
      row[try #require(CSVWriter.columns.firstIndex(of: name))]
    }
    for name in [
      "allocated_bytes", "resident_bytes", "allocated_delta_bytes", "resident_delta_bytes",
      "malloc_count", "mallocs_per_request", "bytes_per_entry", "retained_bytes",
    ] {
      #expect(try field(name) == "n/a", "\(name)")
    }
    #expect(try field("cached_entries") == "\(results[0].resources.cachedEntries ?? -1)")
    #expect(try field("cpu_total_s") != "n/a")
    #expect(try field("rss_bytes") != "n/a")
  }
}

extension BenchmarkDriverTests {
  /// As many clients as requests must all overlap: claiming indices in batches must not leave most
  /// clients idle, or the naive cache's duplicates disappear.
  @Test(arguments: [(64, 64, 1), (50_000, 64, 32), (1_000, 64, 1), (100_000, 4, 32)])
  func requestBatchesNeverLeaveClientsIdle(requests: Int, concurrency: Int, batch: Int) {
    #expect(RequestClaims.batchSize(requests: requests, concurrency: concurrency) == batch)
    #expect(RequestClaims.batchSize(requests: nil, concurrency: concurrency) == 32)
  }
}
