import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct ResourceMeterTests {
  private static let start = AllocatorSnapshot(
    allocatedBytes: 1_000_000, residentBytes: 4_000_000, mallocCount: 700)

  private static func cpu(user: Int64, system: Int64, total: Int64, switches: Int64) -> CPUTimes {
    CPUTimes(
      userMicroseconds: user, systemMicroseconds: system, totalNanoseconds: total,
      voluntarySwitches: switches, involuntarySwitches: switches / 2)
  }

  @Test func aWindowReportsDeltasFromItsStartAndChargesEntriesWithoutTheRecorder() async {
    // Ten entries of 5,000 bytes, plus the 300-byte recorder the window keeps for its result.
    let end = AllocatorSnapshot(
      allocatedBytes: 1_050_300, residentBytes: 4_100_000, mallocCount: 1_700)
    let allocator = ScriptedAllocator(snapshots: [Self.start, end])
    let meter = ResourceMeter.scripted(
      .available(allocator), histogramBytes: 300, residentSetSize: 9_999,
      cpu: [
        Self.cpu(user: 1_000, system: 500, total: 1_600_000, switches: 10),
        Self.cpu(user: 4_000, system: 700, total: 4_800_000, switches: 16),
      ])
    let mark = await meter.begin()
    let usage = await meter.end(mark, cachedEntries: 10)
    #expect(
      usage.allocator
        == AllocatorUsage(
          allocatedBytes: 1_050_300, residentBytes: 4_100_000, allocatedDeltaBytes: 50_300,
          residentDeltaBytes: 100_000, mallocCount: 1_000))
    // The window's merged recorder (ClientRecorder.histogramCount histograms) is not charged.
    #expect(usage.bytesPerEntry == Double(50_300 - ClientRecorder.histogramCount * 300) / 10)
    #expect(usage.cachedEntries == 10)
    #expect(usage.rssBytes == 9_999)
    #expect(usage.cpu == Self.cpu(user: 3_000, system: 200, total: 3_200_000, switches: 6))
    #expect(usage.notes.isEmpty)
  }

  @Test func theWindowStartFlushesEveryWorkerThenPurgesThenReads() async {
    let allocator = ScriptedAllocator(snapshots: [Self.start, Self.start])
    let meter = ResourceMeter.scripted(.available(allocator))
    let mark = await meter.begin()
    #expect(allocator.calls == [.flushWorkers, .purge, .snapshot])
    _ = await meter.end(mark, cachedEntries: 0)
    #expect(allocator.calls == [.flushWorkers, .purge, .snapshot, .flushWorkers, .snapshot])
  }

  @Test func anUnavailableAllocatorLeavesItsFiguresUnknownAndTheRestMeasured() async {
    let meter = ResourceMeter.scripted(
      .unavailable(reason: "test"), histogramBytes: 300, residentSetSize: 1,
      cpu: [
        Self.cpu(user: 0, system: 0, total: 0, switches: 0),
        Self.cpu(user: 1, system: 1, total: 2_000, switches: 2),
      ])
    let usage = await meter.end(await meter.begin(), cachedEntries: 10)
    #expect(usage.allocator == nil)
    #expect(usage.bytesPerEntry == nil)
    #expect(usage.cpu != nil)
    #expect(usage.rssBytes == 1)
  }

  /// A missed worker's cached blocks are counted out of the byte figures; its unmerged requests leave
  /// `malloc_count` unknown, with a note, rather than short.
  @Test func aSweepThatMissesAWorkerGivesLiveBytesAndLeavesOnlyTheRequestCountUnknown() async {
    let start = AllocatorSnapshot(
      allocatedBytes: 1_000_000, residentBytes: 4_000_000, mallocCount: 700, cachedBytes: 20_000)
    let end = AllocatorSnapshot(
      allocatedBytes: 1_090_300, residentBytes: 4_100_000, mallocCount: 1_500, cachedBytes: 60_000)
    let allocator = ScriptedAllocator(snapshots: [start, end], flushSucceeds: false)
    let meter = ResourceMeter.scripted(.available(allocator), histogramBytes: 300)
    let usage = await meter.end(await meter.begin(), cachedEntries: 10)
    #expect(allocator.calls == [.flushWorkers, .purge, .snapshot, .flushWorkers, .snapshot])
    #expect(
      usage.allocator
        == AllocatorUsage(
          allocatedBytes: 1_030_300, residentBytes: 4_100_000, allocatedDeltaBytes: 50_300,
          residentDeltaBytes: 100_000, mallocCount: nil))
    #expect(usage.bytesPerEntry == Double(50_300 - ClientRecorder.histogramCount * 300) / 10)
    #expect(usage.notes == [ResourceMeter.unflushedNote])
    #expect(usage.notes.first?.hasPrefix("malloc_count is n/a: ") == true)
  }

  /// One missed sweep, at either end of the window, is enough to leave the request count unknown.
  @Test(arguments: [[false, true], [true, false]])
  func aMissedSweepAtEitherEndLeavesTheRequestCountUnknown(sweeps: [Bool]) async {
    let allocator = ScriptedAllocator(snapshots: [Self.start, Self.start], flushAnswers: sweeps)
    let meter = ResourceMeter.scripted(.available(allocator))
    let usage = await meter.end(await meter.begin(), cachedEntries: 10)
    #expect(usage.allocator?.allocatedDeltaBytes == 0)
    #expect(usage.allocator?.mallocCount == nil)
    #expect(usage.notes == [ResourceMeter.unflushedNote])
  }

  @Test(arguments: [1_000_000 + 1_200, 1_000_000 + 800, 1_000_000 - 5_000])
  func aDeltaNoLargerThanTheRecorderHasNoBytesPerEntryAndSaysWhy(endAllocatedBytes: Int) async {
    let end = AllocatorSnapshot(
      allocatedBytes: endAllocatedBytes, residentBytes: 4_000_000, mallocCount: 800)
    let allocator = ScriptedAllocator(snapshots: [Self.start, end])
    let meter = ResourceMeter.scripted(.available(allocator), histogramBytes: 300)
    let usage = await meter.end(await meter.begin(), cachedEntries: 10)
    #expect(usage.allocator?.allocatedDeltaBytes == endAllocatedBytes - 1_000_000)
    #expect(usage.bytesPerEntry == nil)
    #expect(usage.notes.count == 1)
    #expect(
      usage.notes.first?.hasPrefix("bytes_per_entry is n/a: the window's allocated delta") == true)
  }

  /// Ten entries of 4 KiB payloads and a positive delta that is 0.7 B an entry (`mutex/outside` at
  /// 16-byte payloads read so): memory from before the window was freed in it, and the figure is no
  /// entry's cost. At the payload it is one.
  @Test(arguments: [(1_207, nil), (1_200 + 40_960, 4_096.0)] as [(Int, Double?)])
  func aFigureUnderThePayloadEachEntryHoldsIsNotAnEntrysCostAndSaysWhy(
    delta: Int, bytesPerEntry: Double?
  ) async {
    let end = AllocatorSnapshot(
      allocatedBytes: 1_000_000 + delta, residentBytes: 4_000_000, mallocCount: 800)
    let allocator = ScriptedAllocator(snapshots: [Self.start, end])
    let meter = ResourceMeter.scripted(.available(allocator), histogramBytes: 300)
    let usage = await meter.end(await meter.begin(), cachedEntries: 10, payloadBytes: 4_096)
    #expect(usage.bytesPerEntry == bytesPerEntry)
    if bytesPerEntry == nil {
      #expect(
        usage.notes == [
          "bytes_per_entry is n/a: the window's allocated delta (1.18KiB) less its request"
            + " recorder (1.17KiB) is 0.7 B an entry, under the 4096-byte payload each entry"
            + " holds, so memory from before the window was freed in it and the meter could not"
            + " resolve the 10 entries' cost apart from it; a longer window caches more"
        ])
    } else {
      #expect(usage.notes.isEmpty)
    }
  }

  /// What a harness says it holds beside the cache, fixed.
  private struct HeldByHarness: HarnessHeldMemory {
    var bytes: Int
    func harnessHeldBytes(meter: ResourceMeter, cachedEntries: Int, payloadBytes: Int) -> Int? {
      bytes
    }
  }

  /// A typed design's key table is counted by `alloc_delta` and left out of `bytes_per_entry`; a note
  /// says how much of the delta it is once that is a twentieth or more, and nothing below.
  @Test(arguments: [(20_000, true), (2_000, false)])
  func theHarnessShareOfTheDeltaIsLeftOutOfEachEntryAndNamedWhenLarge(
    harnessBytes: Int, named: Bool
  ) async {
    let end = AllocatorSnapshot(
      allocatedBytes: 1_050_300, residentBytes: 4_000_000, mallocCount: 800)
    let allocator = ScriptedAllocator(snapshots: [Self.start, end])
    let meter = ResourceMeter.scripted(.available(allocator), histogramBytes: 300)
    let usage = await meter.end(
      await meter.begin(), cachedEntries: 10, harness: HeldByHarness(bytes: harnessBytes))
    #expect(usage.allocator?.allocatedDeltaBytes == 50_300)
    #expect(
      usage.bytesPerEntry
        == Double(50_300 - ClientRecorder.histogramCount * 300 - harnessBytes) / 10)
    // Information, which --quiet leaves out, not a warning: nothing is missing.
    #expect(usage.notes.isEmpty)
    if named {
      #expect(
        usage.information == [
          "alloc_delta (49.1KiB) includes 19.5KiB (40%) that the harness's key table holds beside"
            + " the cache: its entries, and with --decode inside or outside the payloads it keeps"
            + " to decode again; bytes_per_entry leaves it out"
        ])
    } else {
      #expect(usage.information.isEmpty)
    }
  }

  @Test func anEmptyCacheHasNoBytesPerEntry() async {
    let allocator = ScriptedAllocator(snapshots: [Self.start, Self.start])
    let meter = ResourceMeter.scripted(.available(allocator), histogramBytes: 300)
    let usage = await meter.end(await meter.begin(), cachedEntries: 0)
    #expect(usage.allocator != nil)
    #expect(usage.bytesPerEntry == nil)
  }

  @Test func theDisabledMeterMeasuresNothing() async {
    let meter = ResourceMeter.disabled
    let usage = await meter.end(await meter.begin(), cachedEntries: 3)
    #expect(usage.allocator == nil)
    #expect(usage.cpu == nil)
    #expect(usage.peakRSSBytes == nil)
    #expect(usage.rssBytes == nil)
    #expect(await meter.settledAllocatedBytes() == nil)
  }

  /// A sweep that missed a worker still gives the figure: what that worker's cache holds is counted out.
  @Test(arguments: [true, false])
  func aSettledReadingIsTheLiveBytesWhetherOrNotTheSweepReachedEveryWorker(flushSucceeds: Bool)
    async
  {
    let cached = AllocatorSnapshot(
      allocatedBytes: 1_000_000, residentBytes: 4_000_000, mallocCount: 700, cachedBytes: 30_000)
    let allocator = ScriptedAllocator(snapshots: [cached], flushSucceeds: flushSucceeds)
    let meter = ResourceMeter.scripted(.available(allocator), histogramBytes: 300)
    #expect(await meter.settledAllocatedBytes() == 970_000)
    #expect(allocator.calls == [.flushWorkers, .snapshot], "the sweep first, then one reading")
  }

  @Test func notesSayWhyJemallocFiguresAreMissingAndWhatTheRecordersWeigh() {
    var meter = ResourceMeter.scripted(.unavailable(reason: "built without it"))
    meter.histogramBytes = 262_144
    meter.peakRSS = SampledPeakTracker(interval: .milliseconds(1)) { 1 }
    let notes = meter.notes()
    #expect(notes.contains("memory columns from jemalloc are n/a: built without it"))
    #expect(notes.contains { $0.hasPrefix("peak_rss_bytes is sampled every 1.00ms") })
    #expect(notes.count == 2)
    #expect(
      meter.recorderNote(clients: 1)?.contains("share 1 stripe of 4 histograms of 256KiB, 1.00MiB")
        == true)
    let stripes = HistogramStripes.defaultCount(concurrency: 100_000)
    #expect(
      meter.recorderNote(clients: 100_000)?.contains(
        "share \(stripes) stripes of 4 histograms of 256KiB, \(HumanUnits.bytes(stripes * 4 * 262_144))"
      )
        == true)
    #expect(ResourceMeter.disabled.recorderNote(clients: 64) == nil)
  }

  @Test func footprintIsTheAllocatedBytesBetweenTwoSnapshots() {
    let allocator = ScriptedAllocator(snapshots: [
      Self.start,
      AllocatorSnapshot(allocatedBytes: 1_262_144, residentBytes: 4_000_000, mallocCount: 701),
    ])
    let meter = ResourceMeter.scripted(.available(allocator))
    #expect(meter.allocatedBytes { 42 } == 262_144)
    #expect(ResourceMeter.disabled.allocatedBytes { 42 } == nil)
  }
}
