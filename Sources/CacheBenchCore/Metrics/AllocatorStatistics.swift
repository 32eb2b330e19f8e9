/// The process allocator's counters at one moment, as read around a measured window.
///
/// All three are process-wide: they include the tool's own allocations (recorders, histograms) as well as
/// the cache's, which is why the driver reads them around each window and reports deltas.
struct AllocatorSnapshot: Sendable, Equatable {
  /// Bytes in live allocations, rounded up to their size classes (jemalloc `stats.allocated`).
  var allocatedBytes: Int
  /// Bytes of resident pages the allocator maps: live data, its metadata, and freed pages not yet
  /// returned to the kernel (jemalloc `stats.resident`).
  var residentBytes: Int
  /// Allocation requests served so far (jemalloc `small.nrequests + large.nrequests` over all arenas).
  var mallocCount: UInt64
  /// Of `allocatedBytes`, the freed blocks that sit in threads' caches, not handed back to their arenas
  /// (jemalloc `stats.arenas.<i>.tcache_bytes`, summed over every thread's cache as the statistics are
  /// refreshed); 0 once every cache is flushed.
  var cachedBytes: Int = 0

  /// Bytes in allocations not yet freed: `allocatedBytes` less the freed blocks in threads' caches, so a
  /// thread that could not be made to flush does not leave its frees counted as allocated. Checked
  /// against a program whose allocations are known (docs/metrics.md).
  var liveBytes: Int { allocatedBytes - cachedBytes }
}

/// A source of allocator statistics: jemalloc in the tool, a scripted fake in tests.
///
/// jemalloc keeps per-thread caches whose blocks count as allocated and whose request counters reach the
/// shared statistics only when the cache is flushed or refilled, so a reader must flush every thread that
/// allocated before its counters mean anything; `flushWorkerThreadCaches()` does that.
protocol AllocatorStatistics: Sendable {
  /// Hands the blocks cached by every worker thread of the concurrency pool back to the allocator, merging
  /// each thread's pending request counter; false when not every worker thread could be reached.
  func flushWorkerThreadCaches() async -> Bool

  /// Returns freed pages to the kernel, so the next window's resident figures start from live data only
  /// and do not inherit a previous variant's garbage.
  func purgeUnusedPages()

  /// Reads the counters after flushing the calling thread's cache and refreshing the statistics; nil if a
  /// read failed.
  func snapshot() -> AllocatorSnapshot?

  /// Allocated bytes that `make` and what it returns hold, as the allocator counts them; nil when unknown.
  func allocatedBytes<Value>(by make: () -> Value) -> Int?

  /// `allocatedBytes(by:)` of each of `makes`, in order, in one measurement (one private arena for
  /// jemalloc, however many there are); nil when unknown.
  func allocatedBytes(ofEach makes: [() -> Any]) -> [Int]?
}

extension AllocatorStatistics {
  /// Compares two snapshots around `make`, so allocations on other threads meanwhile blur the figure.
  func allocatedBytes<Value>(by make: () -> Value) -> Int? {
    guard let before = snapshot() else { return nil }
    let value = make()
    let after = withExtendedLifetime(value) { snapshot() }
    return after.map { $0.allocatedBytes - before.allocatedBytes }
  }

  /// Each of `makes` measured by `allocatedBytes(by:)`, in order.
  func allocatedBytes(ofEach makes: [() -> Any]) -> [Int]? {
    var sizes: [Int] = []
    for make in makes {
      guard let size = allocatedBytes(by: make) else { return nil }
      sizes.append(size)
    }
    return sizes
  }
}
