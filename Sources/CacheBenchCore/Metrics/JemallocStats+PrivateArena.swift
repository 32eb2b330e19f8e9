#if Jemalloc
  import CJemalloc

  extension JemallocStats {
    /// Runs `body` with the calling thread bound to a new arena of its own, and statistics that read that
    /// arena alone.
    ///
    /// jemalloc's counters are process-wide, so allocations on other threads (concurrent tests, the
    /// runtime) would blur an exact count. A thread bound to a fresh arena allocates from it and nothing
    /// else does, so its counters move by exactly what `body` allocates. The thread's cache is flushed on
    /// entry and exit, so no block of another arena is served from it. `body` must not suspend (it is
    /// synchronous) so that it stays on this thread. The arena is left in place afterwards, not destroyed:
    /// whatever `body` allocated that outlives it (a recorded test failure, say) still lives there.
    static func withPrivateArena<Result>(
      _ body: (JemallocStats) throws -> Result
    ) throws -> Result {
      var arena: UInt32 = 0
      var length = MemoryLayout<UInt32>.size
      var status = mallctl("arenas.create", &arena, &length, nil, 0)
      guard status == 0 else { throw JemallocError.call(name: "arenas.create", code: status) }
      var previous: UInt32 = 0
      length = MemoryLayout<UInt32>.size
      status = mallctl("thread.arena", &previous, &length, &arena, MemoryLayout<UInt32>.size)
      guard status == 0 else { throw JemallocError.call(name: "thread.arena", code: status) }
      defer {
        _ = mallctl("thread.arena", nil, nil, &previous, MemoryLayout<UInt32>.size)
        _ = mallctl("thread.tcache.flush", nil, nil, nil, 0)
      }
      _ = mallctl("thread.tcache.flush", nil, nil, nil, 0)
      // The statistics names of an arena exist only once an epoch has seen it.
      var epoch: UInt64 = 1
      _ = mallctl("epoch", nil, nil, &epoch, MemoryLayout<UInt64>.size)
      return try body(try JemallocStats(scope: .arena(arena)))
    }
  }
#endif
