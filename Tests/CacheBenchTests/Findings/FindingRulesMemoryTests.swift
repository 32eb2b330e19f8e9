import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Known answers of the memory-per-entry rule: a result that must trigger it, and near misses that
/// must not (under the multiple, under the excess, too few entries, or the figure not measured).
struct FindingRulesMemoryTests {
  private typealias Fixture = FindingFixtures

  /// A result whose `entries` cached entries cost `perEntry` bytes each (nil: not measured).
  private func cached(_ design: CacheDesign, perEntry: Double?, entries: Int = 1_000)
    -> VariantResult
  {
    var result = Fixture.result(design)
    result.resources.cachedEntries = entries
    result.resources.bytesPerEntry = perEntry
    return result
  }

  @Test func entriesFarAboveTheLeanestVariantsAreFound() throws {
    // 64-byte payloads: about 210 B an entry for the built-ins (docs/cost-model.md).
    let findings = Fixture.findings([
      cached(.mutex, perEntry: 210), cached(.coalescing, perEntry: 218),
      cached(.naive, perEntry: 640),
    ])
    let finding = try #require(Fixture.finding(.memoryPerEntry, in: findings))
    #expect(finding.variants == ["naive/none"])
    #expect(finding.statement == "naive/none 640B an entry (3.0×); the leanest, mutex/none, 210B")
    #expect(
      finding.evidence.hasPrefix(
        "bytes_per_entry × cached_entries: naive/none 640B × 1000 entries, mutex/none 210B × 1000"
          + " entries"))
  }

  @Test func entriesUnderTwiceOrTwoHundredFiftySixBytesAboveTheLeanestAreNotFound() {
    // 4 KiB payloads: 5.12 KiB against 9.9 KiB is under twice.
    let underMultiple = Fixture.findings(
      [cached(.mutex, perEntry: 5_215), cached(.naive, perEntry: 10_400)], payloadBytes: 4_096)
    // 100 B against 350 B: 3.5×, but 250 B more.
    let underExcess = Fixture.findings([
      cached(.mutex, perEntry: 100), cached(.naive, perEntry: 350),
    ])
    #expect(Fixture.finding(.memoryPerEntry, in: underMultiple) == nil)
    #expect(Fixture.finding(.memoryPerEntry, in: underExcess) == nil)
  }

  @Test func tooFewEntriesOrAnUnmeasuredFigureSaysNothing() {
    // `--keys 10`: each entry is charged a tenth of whatever else the window left allocated.
    let few = Fixture.findings([
      cached(.mutex, perEntry: 210, entries: 99), cached(.naive, perEntry: 4_000, entries: 99),
    ])
    // jemalloc unavailable or a design without `readyEntryCount`: n/a, and no leanest to compare.
    let unmeasured = Fixture.findings([
      cached(.mutex, perEntry: nil), cached(.naive, perEntry: 4_000),
    ])
    #expect(Fixture.finding(.memoryPerEntry, in: few) == nil)
    #expect(Fixture.finding(.memoryPerEntry, in: unmeasured) == nil)
  }

  @Test func aFigureUnderThePayloadIsNoLeanestToCompareWith() {
    // A real run at 16-byte payloads: mutex/outside's delta read 0.7 B an entry (memory from before
    // the window freed in it); repository/outside's 357 B is not 509× anything.
    let findings = Fixture.findings(
      [
        cached(.mutex, perEntry: 0.7), cached(.coalescing, perEntry: 211),
        cached(.repository, perEntry: 357),
      ], payloadBytes: 16)
    #expect(Fixture.finding(.memoryPerEntry, in: findings) == nil)
  }
}
