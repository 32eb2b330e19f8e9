/// Measures what a window costs in memory and CPU, from jemalloc and the kernel.
///
/// Around each window the driver calls `begin()` and `end(_:cachedEntries:)`:
/// - `begin()` flushes every worker thread's allocator cache (merging the requests they served during
///   warm-up), returns freed pages to the kernel so the window starts from live data, resets the kernel's
///   peak RSS, and reads the allocator and CPU counters;
/// - `end` reads CPU first (so what follows is not charged to the window), then peak and current RSS, then
///   flushes every worker thread again and reads the allocator.
/// Reading costs happen outside the window's clock. Each source is injectable, and each may be missing:
/// its figures are then nil (`n/a`), never 0.
package struct ResourceMeter: Sendable {
  /// Where allocator figures come from, or why there are none.
  enum AllocatorSource: Sendable {
    case available(any AllocatorStatistics)
    case unavailable(reason: String)
  }

  /// What `begin()` read, for `end` to subtract.
  struct Mark: Sendable {
    var allocator: AllocatorSnapshot?
    var cpu: CPUTimes?
    var notes: [String] = []
    /// Whether the sweep before `allocator` was read reached every worker thread.
    var flushed = true
  }

  var allocator: AllocatorSource
  /// Finds the window's peak RSS; nil when the kernel offers no way.
  var peakRSS: (any PeakRSSTracker)?
  /// The process's resident set size now, bytes.
  var residentSetSize: @Sendable () -> Int?
  /// The process's CPU counters now.
  var cpuTimes: @Sendable () -> CPUTimes?
  /// Bytes one empty `LatencyHistogram` holds as the allocator counts them, measured once; subtracted
  /// where the tool's own recorders would otherwise be charged to a cache. Nil when unknown.
  var histogramBytes: Int?

  /// Measures nothing: every figure unknown. The driver's default, so runs that do not ask for memory
  /// figures (most tests) pay nothing for them.
  package static let disabled = ResourceMeter(
    allocator: .unavailable(reason: "not measured"), peakRSS: nil, residentSetSize: { nil },
    cpuTimes: { nil }, histogramBytes: nil)

  /// The meter for this process: jemalloc if it is the process allocator, the kernel's `VmHWM` if the
  /// process may reset it (else a sampler every millisecond), `/proc/self/status` and `getrusage`.
  package static func system() -> ResourceMeter {
    let allocator: AllocatorSource
    do {
      allocator = .available(try JemallocStats.open())
    } catch {
      allocator = .unavailable(reason: error.description)
    }
    var meter = ResourceMeter(
      allocator: allocator,
      peakRSS: HighWaterMarkTracker.ifSupported() ?? SampledPeakTracker() as any PeakRSSTracker,
      residentSetSize: { ProcessMemory.current()?.residentBytes },
      cpuTimes: { CPUTimes.now() },
      histogramBytes: nil)
    meter.histogramBytes = meter.allocatedBytes { LatencyHistogram() }
    return meter
  }

  /// Lines for stderr at the start of a run: figures this meter cannot produce or produces
  /// approximately. Warnings, which a quiet run still prints.
  package func notes() -> [String] {
    var notes: [String] = []
    if case .unavailable(let reason) = allocator {
      notes.append("memory columns from jemalloc are n/a: \(reason)")
    }
    if case .sampled(let interval)? = peakRSS?.source {
      notes.append(
        "peak_rss_bytes is sampled every \(HumanUnits.latency(interval)): this kernel does not let"
          + " the process reset VmHWM")
    }
    if peakRSS == nil {
      notes.append("peak_rss_bytes is n/a: no way to read this process's resident set")
    }
    return notes
  }

  /// A line for stderr at the start of a run with `clients` client tasks: what the tool's own recorders
  /// weigh, and where that shows. Information, which a quiet run leaves out; nil when unknown.
  ///
  /// The clients share their latency histograms in stripes (`HistogramStripes`), so the figure depends on
  /// the stripe count, which is at most 8, not on the clients.
  package func recorderNote(clients: Int) -> String? {
    guard let histogramBytes else { return nil }
    let stripes = HistogramStripes.defaultCount(concurrency: clients)
    let total = stripes * Self.histogramsPerRecorder * histogramBytes
    let noun = stripes == 1 ? "stripe" : "stripes"
    return
      "the \(clients) clients share \(stripes) \(noun) of \(Self.histogramsPerRecorder) histograms of"
      + " \(HumanUnits.bytes(histogramBytes)), \(HumanUnits.bytes(total)) during a window whatever the"
      + " client count: in peak_rss_bytes, not in bytes_per_entry"
  }

  /// Allocated bytes that `make` and what it returns hold, as the allocator counts them; nil when
  /// unknown. Runs `make` on the calling thread.
  func allocatedBytes<Value>(by make: () -> Value) -> Int? {
    guard case .available(let statistics) = allocator else { return nil }
    return statistics.allocatedBytes(by: make)
  }

  /// `allocatedBytes(by:)` of each of `makes`, in order, in one measurement; nil when unknown.
  func allocatedBytes(ofEach makes: [() -> Any]) -> [Int]? {
    guard case .available(let statistics) = allocator else { return nil }
    return statistics.allocatedBytes(ofEach: makes)
  }

  /// Bytes in allocations not yet freed (`AllocatorSnapshot.liveBytes`), for comparing before and after
  /// a variant; nil when unknown. The sweep of the worker threads comes first, so a job still releasing
  /// the variant's caches has finished, but the figure does not need it to reach every thread: blocks
  /// freed into a cache the sweep missed are counted out as cached. (Requiring the sweep left the figure
  /// n/a under load, where libdispatch had more workers than any meeting reached.)
  func settledAllocatedBytes() async -> Int? {
    guard case .available(let statistics) = allocator else { return nil }
    _ = await statistics.flushWorkerThreadCaches()
    return statistics.snapshot()?.liveBytes
  }

  /// Prepares and reads the counters at the start of a window.
  func begin() async -> Mark {
    var mark = Mark()
    if case .available(let statistics) = allocator {
      mark.flushed = await statistics.flushWorkerThreadCaches()
      statistics.purgeUnusedPages()
      mark.allocator = statistics.snapshot()
    }
    peakRSS?.start()
    mark.cpu = cpuTimes()
    return mark
  }

  /// Reads the counters at the end of the window begun with `mark`; `cachedEntries` is what the cache
  /// holds now, and `payloadBytes` the size of the payload each entry holds as fetched
  /// (`--payload-bytes`), under which no entry's cost can be (`bytesPerEntry(allocatedDeltaBytes:…)`).
  /// `harness`, when given, is the cache as the harness presents it, holding memory of the harness's
  /// own, which is left out of `bytesPerEntry`, measured after the end readings.
  func end(
    _ mark: Mark, cachedEntries: Int?, payloadBytes: Int = 0,
    harness: (any HarnessHeldMemory)? = nil
  ) async -> ResourceUsage {
    var usage = ResourceUsage()
    if let start = mark.cpu, let now = cpuTimes() { usage.cpu = now.since(start) }
    if let peakRSS {
      let peak = peakRSS.stop()
      usage.peakRSSBytes = peak?.bytes
      usage.peakRSSSource = peak?.source ?? peakRSS.source
    }
    usage.rssBytes = residentSetSize()
    usage.cachedEntries = cachedEntries
    usage.notes = mark.notes
    if case .available(let statistics) = allocator, let start = mark.allocator {
      let flushed = await statistics.flushWorkerThreadCaches() && mark.flushed
      if let end = statistics.snapshot() {
        usage.allocator = Self.usage(from: start, to: end, flushed: flushed)
        if !flushed { usage.notes.append(Self.unflushedNote) }
      }
    }
    if let allocator = usage.allocator, let histogramBytes, let cachedEntries, cachedEntries > 0 {
      // Measured after every reading of the window, in an arena of its own, so its work and memory
      // are in none of them.
      var harnessBytes: Int? = 0
      if let harness {
        harnessBytes = harness.harnessHeldBytes(
          meter: self, cachedEntries: cachedEntries, payloadBytes: payloadBytes)
      }
      guard let harnessBytes else {
        usage.notes.append(
          "bytes_per_entry is n/a: the allocator could not measure what the harness's key table"
            + " holds")
        return usage
      }
      if let note = Self.harnessShareNote(
        allocatedDeltaBytes: allocator.allocatedDeltaBytes, harnessBytes: harnessBytes)
      {
        usage.information.append(note)
      }
      switch Self.bytesPerEntry(
        allocatedDeltaBytes: allocator.allocatedDeltaBytes,
        recorderBytes: Self.histogramsPerRecorder * histogramBytes, harnessBytes: harnessBytes,
        cachedEntries: cachedEntries, payloadBytes: payloadBytes)
      {
      case .success(let bytes): usage.bytesPerEntry = bytes
      case .failure(let unresolved): usage.notes.append(unresolved.description)
      }
    }
    return usage
  }

  /// Why the meter could not resolve what an entry costs (`bytes_per_entry` is then n/a).
  struct UnresolvedEntryCost: Error, CustomStringConvertible {
    var description: String
  }

  /// What each of `cachedEntries` entries cost: the window's allocated delta less the request recorder
  /// the window keeps for its result (`recorderBytes`) and what the harness holds beside the cache
  /// (`harnessBytes`: a typed design's key table, `HarnessHeldMemory`), per entry; or why that is no
  /// entry's cost.
  ///
  /// Memory allocated before the window (by the runtime, or work that outlived the warm-up) may be
  /// freed during it, and the delta then holds the entries less that. When it is not positive, or is
  /// less per entry than the `payloadBytes` each entry holds as fetched (`mutex/outside` read 0.7 B an
  /// entry at 16-byte payloads, where the other built-ins read 173–357 B), the entries' cost cannot be
  /// told apart from what was freed, and a figure would be nonsense: the meter says why instead.
  static func bytesPerEntry(
    allocatedDeltaBytes: Int, recorderBytes: Int, harnessBytes: Int = 0, cachedEntries: Int,
    payloadBytes: Int
  ) -> Result<Double, UnresolvedEntryCost> {
    let entryBytes = allocatedDeltaBytes - recorderBytes - harnessBytes
    let harness =
      harnessBytes == 0 ? "" : " and the harness's key table (\(HumanUnits.bytes(harnessBytes)))"
    let delta =
      "the window's allocated delta (\(HumanUnits.bytes(allocatedDeltaBytes))) less its request"
      + " recorder (\(HumanUnits.bytes(recorderBytes)))\(harness)"
    let why =
      "memory from before the window was freed in it and the meter could not resolve the"
      + " \(cachedEntries) entries' cost apart from it; a longer window caches more"
    guard entryBytes > 0 else {
      return .failure(
        UnresolvedEntryCost(
          description: "bytes_per_entry is n/a: \(delta) is not positive, so \(why)"))
    }
    let perEntry = Double(entryBytes) / Double(cachedEntries)
    guard perEntry >= Double(payloadBytes) else {
      let each = DecimalText.fixed(perEntry, fractionDigits: 1)
      return .failure(
        UnresolvedEntryCost(
          description: "bytes_per_entry is n/a: \(delta) is \(each) B an entry, under the"
            + " \(payloadBytes)-byte payload each entry holds, so \(why)"))
    }
    return .success(perEntry)
  }

  /// Histograms a recorder holds (latency, actor wait, its busy part, actor service): a histogram stripe
  /// of a window, and the merged recorder the window leaves. The driver's `ClientRecorder` and
  /// `HistogramStripes` are built to this count; the meter charges them to the recorders, not to the cache.
  package static let histogramsPerRecorder = 4

  /// The window's allocator figures from the readings at its start and end.
  ///
  /// When a sweep missed a worker thread, the blocks that thread freed into its cache still count as
  /// allocated, and the requests it served reach the shared counters only when it flushes. The byte
  /// figures then use `liveBytes`, which counts the cached blocks out (exact whether or not a thread
  /// flushed), and `mallocCount` is unknown rather than short by what the missed thread served.
  static func usage(
    from start: AllocatorSnapshot, to end: AllocatorSnapshot, flushed: Bool
  ) -> AllocatorUsage {
    let startBytes = flushed ? start.allocatedBytes : start.liveBytes
    let endBytes = flushed ? end.allocatedBytes : end.liveBytes
    return AllocatorUsage(
      allocatedBytes: endBytes, residentBytes: end.residentBytes,
      allocatedDeltaBytes: endBytes - startBytes,
      residentDeltaBytes: end.residentBytes - start.residentBytes,
      mallocCount: flushed ? end.mallocCount &- start.mallocCount : nil)
  }

  /// What a result's notes say when the harness's key table (`harnessBytes`) is a twentieth or more of
  /// the window's allocated delta, which counts it: a typed design's `alloc_delta` is then not the
  /// cache's alone (with `--decode inside` or `outside` the table keeps every fetched payload, to decode
  /// it again), while `bytes_per_entry` leaves the table out. Nil when its share is smaller.
  static func harnessShareNote(allocatedDeltaBytes: Int, harnessBytes: Int) -> String? {
    guard harnessBytes > 0, allocatedDeltaBytes > 0, harnessBytes * 20 >= allocatedDeltaBytes
    else { return nil }
    let share = DecimalText.fixed(
      100 * Double(harnessBytes) / Double(allocatedDeltaBytes), fractionDigits: 0)
    return "alloc_delta (\(HumanUnits.bytes(allocatedDeltaBytes))) includes"
      + " \(HumanUnits.bytes(harnessBytes)) (\(share)%) that the harness's key table holds beside the"
      + " cache: its entries, and with --decode inside or outside the payloads it keeps to decode"
      + " again; bytes_per_entry leaves it out"
  }

  /// What a result's notes say when a sweep of the worker threads' allocator caches fell short.
  static let unflushedNote =
    "malloc_count is n/a: not every worker thread could flush its allocator cache in time, and the"
    + " requests a thread served reach jemalloc's counters only when it does; the byte figures count"
    + " the blocks cached in threads out (stats.arenas.<all>.tcache_bytes)"
}
