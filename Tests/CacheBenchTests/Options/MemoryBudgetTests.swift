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
        == 50_000 * (4_096 + MemoryBudget.entryOverheadBytes) + 100_000 * MemoryBudget.clientBytes
        + (stripes + 1) * MemoryBudget.histogramSetBytes)
  }

  @Test func clientsBeyondHalfOfMemoryAreAUsageErrorNamingTheClientCount() {
    var scenario = Scenario(variants: [])
    scenario.concurrency = 1_000_000
    do {
      try MemoryBudget.check(scenario, physicalMemory: 24 * gibibyte)
      Issue.record("a million clients fit in 24 GiB")
    } catch {
      #expect(
        error.description
          == "the run would hold about 15.3 GiB (--concurrency 1000000 × 16 KiB a client),"
          + " more than half of this machine's 24 GiB of memory; lower those options")
    }
  }

  @Test(arguments: [
    (UInt64(512), "512 B"), (1_536, "1.5 KiB"), (24 << 30, "24 GiB"),
    (UInt64(1) << 40 * 3 / 2, "1.5 TiB"),
  ])
  func byteCountsReadInBinaryUnits(bytes: UInt64, text: String) {
    #expect(MemoryBudget.text(bytes: bytes) == text)
  }
}
