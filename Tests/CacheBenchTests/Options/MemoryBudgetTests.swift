import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct MemoryBudgetTests {
  private let gibibyte: UInt64 = 1 << 30

  @Test func theDefaultScenarioFitsOnASmallMachine() throws {
    try MemoryBudget.check(Scenario(variants: []), physicalMemory: 2 * gibibyte)
  }

  @Test func payloadsBeyondHalfOfMemoryAreAUsageErrorNamingTheOptions() {
    var scenario = Scenario(variants: [])
    scenario.keys = 10_000_000
    scenario.payloadBytes = 67_108_864
    scenario.stop = .duration(.seconds(1))
    #expect(throws: OptionsError.self) {
      try MemoryBudget.check(scenario, physicalMemory: 24 * gibibyte)
    }
    do {
      try MemoryBudget.check(scenario, physicalMemory: 24 * gibibyte)
    } catch {
      #expect(
        error.description
          == "the run would hold about 610 TiB (--keys 10000000 × --payload-bytes 67108864),"
          + " more than half of this machine's 24 GiB of memory; lower those options")
    }
  }

  @Test func aRequestLimitedRunCountsOnlyTheKeysItCanTouch() throws {
    var scenario = Scenario(variants: [])
    scenario.keys = 10_000_000
    scenario.payloadBytes = 1_048_576
    scenario.stop = .requests(1_000)
    try MemoryBudget.check(scenario, physicalMemory: 24 * gibibyte)
    scenario.stop = .requests(100_000)
    #expect(throws: OptionsError.self) {
      try MemoryBudget.check(scenario, physicalMemory: 24 * gibibyte)
    }
  }

  @Test func aHundredThousandClientsFitBecauseTheyShareTheirHistograms() throws {
    var scenario = Scenario(variants: [])
    scenario.concurrency = 100_000
    scenario.keys = 1_000_000
    try MemoryBudget.check(scenario, physicalMemory: 24 * gibibyte)
    let stripes = UInt64(HistogramStripes.defaultCount(concurrency: 100_000))
    #expect(
      MemoryBudget.estimatedBytes(scenario)
        == 50_000 * (4_096 + MemoryBudget.entryOverheadBytes)
        + 100_000 * (MemoryBudget.fetchingClientBytes + 4_096)
        + (stripes + 1) * MemoryBudget.histogramSetBytes)
  }

  /// The measured peak RSS slopes (docs/cost-model.md) and what each design's client is charged: never
  /// less than measured, so a run that fits is not refused for its clients.
  @Test(arguments: [
    (CacheDesign.coalescing, UInt64(2_150)), (.sharded, 2_150), (.mutex, 2_150), (.split, 3_175),
    (.naive, 9_421), (.fetchOutside, 8_090),
  ])
  func eachDesignsClientIsChargedAtLeastWhatItWasMeasuredToCost(
    design: CacheDesign, measuredBytes: UInt64
  ) {
    var scenario = Scenario(variants: [Variant(design: design, decode: .noDecode, shards: 1)])
    scenario.payloadBytes = 4_096
    let charged = MemoryBudget.clientBytes(scenario)
    #expect(charged >= measuredBytes * 5 / 4)
    #expect(charged <= 12 * 1_024)
  }

  @Test func aRunIsChargedForTheClientsOfItsCostliestDesign() {
    var scenario = Scenario(variants: [
      Variant(design: .coalescing, decode: .noDecode, shards: 1),
      Variant(design: .mutex, decode: .noDecode, shards: 1),
    ])
    scenario.payloadBytes = 65_536
    #expect(MemoryBudget.clientBytes(scenario) == MemoryBudget.coalescingClientBytes)
    scenario.variants.append(Variant(design: .naive, decode: .noDecode, shards: 1))
    #expect(MemoryBudget.clientBytes(scenario) == MemoryBudget.fetchingClientBytes + 65_536)
  }

  @Test func clientsBeyondHalfOfMemoryAreAUsageErrorNamingTheClientCount() {
    var scenario = Scenario(variants: [Variant(design: .naive, decode: .noDecode, shards: 1)])
    scenario.concurrency = 1_000_000
    scenario.keys = 1_000
    do {
      try MemoryBudget.check(scenario, physicalMemory: 16 * gibibyte)
      Issue.record("a million naive clients fit in 16 GiB")
    } catch {
      #expect(
        error.description
          == "the run would hold about 11.5 GiB (--concurrency 1000000 × 12 KiB a client),"
          + " more than half of this machine's 16 GiB of memory; lower those options")
    }
  }

  @Test func coalescingClientsThatFitAreNotRefused() throws {
    var scenario = Scenario(variants: [Variant(design: .coalescing, decode: .noDecode, shards: 1)])
    scenario.concurrency = 1_000_000
    scenario.keys = 1_000
    try MemoryBudget.check(scenario, physicalMemory: 16 * gibibyte)
  }

  @Test(arguments: [
    (UInt64(512), "512 B"), (1_536, "1.5 KiB"), (24 << 30, "24 GiB"),
    (UInt64(1) << 40 * 3 / 2, "1.5 TiB"),
  ])
  func byteCountsReadInBinaryUnits(bytes: UInt64, text: String) {
    #expect(MemoryBudget.text(bytes: bytes) == text)
  }
}
