#if Jemalloc
  import CJemalloc
#endif

/// jemalloc's running count of bytes the calling thread has allocated (`thread.allocatedp`), to tell
/// whether a stretch of code allocates at all.
///
/// A deliberately minimal private reader, for the harness probe only: jemalloc keeps this counter per thread
/// and bumps it on every allocation, tcache hits included, so reading it before and after a loop that never
/// suspends gives exactly the bytes that loop allocated, with no global `epoch` refresh and no interference
/// from other threads. It counts bytes, not calls: 0 bytes means 0 allocations; more than 0 means at least
/// one. The run-wide `malloc_count` comes from jemalloc's global statistics instead.
///
/// Swift tasks may move between threads at suspension points; the counter notices when it is read on another
/// thread than it started on (the counter's address differs) and then answers `nil` rather than a wrong delta.
struct ThreadAllocationCounter {
  private let counter: UnsafeMutablePointer<UInt64>
  private let start: UInt64

  /// Starts counting on the calling thread, or returns `nil` when jemalloc does not provide the counter
  /// (built without statistics, or not the process allocator).
  static func start() -> ThreadAllocationCounter? {
    guard let counter = currentThreadCounter() else { return nil }
    return ThreadAllocationCounter(counter: counter, start: counter.pointee)
  }

  /// Bytes allocated on this thread since `start()`, or `nil` when called on another thread.
  func bytesAllocated() -> UInt64? {
    guard let current = Self.currentThreadCounter(), current == counter else { return nil }
    return counter.pointee &- start
  }

  /// The address of the calling thread's counter, from `mallctl("thread.allocatedp")`; always `nil` when
  /// built without the `Jemalloc` trait (the sanitizer builds), where there is no jemalloc to ask.
  private static func currentThreadCounter() -> UnsafeMutablePointer<UInt64>? {
    #if !Jemalloc
      return nil
    #else
      var pointer: UnsafeMutablePointer<UInt64>? = nil
      var size = MemoryLayout<UnsafeMutablePointer<UInt64>?>.size
      let status = mallctl("thread.allocatedp", &pointer, &size, nil, 0)
      guard status == 0, size == MemoryLayout<UnsafeMutablePointer<UInt64>?>.size else {
        return nil
      }
      return pointer
    #endif
  }
}
