/// What one variant's measured window cost in memory and CPU.
///
/// Every figure is optional: nil means unknown (jemalloc unavailable, `/proc` unreadable, a worker thread
/// that could not be flushed), and the writers show it as `n/a`, never as 0.
package struct ResourceUsage: Sendable, Equatable {
  /// jemalloc's figures for the window; nil when they are unknown.
  package var allocator: AllocatorUsage?
  /// Keys with a ready value in the cache at window end; nil when the design cannot tell.
  package var cachedEntries: Int?
  /// What each cached entry costs: the allocated delta less the one latency recorder the window keeps for
  /// its result, divided by `cachedEntries`; nil when either is unknown or nothing is cached.
  package var bytesPerEntry: Double?
  /// Allocated bytes the variant left behind once its caches and tasks were released, compared with
  /// `allocatedBytesBeforeWindow`, not counting the two latency histograms its result keeps; about 0 when
  /// nothing leaks into the next variant.
  package var retainedBytes: Int?
  /// `stats.allocated` after the warm-up's cache was released, before anything of the measured window was
  /// made (worker thread caches flushed); nil when unknown.
  package var allocatedBytesBeforeWindow: Int?
  /// The process's highest resident set size during the window, bytes.
  package var peakRSSBytes: Int?
  /// How `peakRSSBytes` was found.
  package var peakRSSSource: PeakRSSSource?
  /// The process's resident set size (`VmRSS`) at window end, bytes.
  package var rssBytes: Int?
  /// CPU time and context switches of the whole process during the window.
  package var cpu: CPUTimes?
  /// Why figures that the meter normally produces are missing for this window, one line each.
  package var notes: [String] = []
  /// What a figure includes that a reader may not expect (the harness's share of `alloc_delta`), one
  /// line each: information, which `--quiet` leaves out, not a warning.
  package var information: [String] = []

  /// Nothing measured: every figure unknown.
  static let unmeasured = ResourceUsage()
}

/// jemalloc's figures for one window.
package struct AllocatorUsage: Sendable, Equatable {
  /// `stats.allocated` at window end, bytes; less the blocks cached in threads when a worker thread
  /// could not be flushed (`AllocatorSnapshot.liveBytes`).
  package var allocatedBytes: Int
  /// `stats.resident` at window end, bytes.
  package var residentBytes: Int
  /// `allocatedBytes` less its value at window start: what the window left allocated, bytes.
  package var allocatedDeltaBytes: Int
  /// `residentBytes` less its value at window start, bytes.
  package var residentDeltaBytes: Int
  /// Allocation requests during the window, on every thread (see `JemallocStats`); nil when a worker
  /// thread could not be flushed, so requests it served may not have reached the counters.
  package var mallocCount: UInt64?
}
