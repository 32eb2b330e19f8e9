#if Jemalloc
  import CJemalloc

  /// Reads jemalloc's statistics through `mallctl`, with every name resolved once to a MIB (a numeric path)
  /// so a read does no string parsing.
  ///
  /// A snapshot flushes the calling thread's cache (`thread.tcache.flush`) and advances `epoch`, which makes
  /// jemalloc merge its per-arena counters; only then are `stats.*` current. Two facts of jemalloc 5.3
  /// shape how the driver uses it, both checked here by measurement:
  /// - `small.nrequests` counts an allocation served from a thread's cache only when that thread's cache
  ///   merges its counter: on a refill, a flush, or the thread's exit. `epoch` does not collect it. Two
  ///   threads doing 10,300 malloc/free pairs each and then idling showed 15 requests until they exited,
  ///   then 20,644. So the driver flushes every worker thread (`flushWorkerThreadCaches()`) before reading.
  /// - `stats.allocated` counts blocks freed into a thread cache as allocated until that cache is flushed
  ///   (1,000 freed 100-byte blocks kept 153,888 bytes "allocated" on the thread that freed them).
  final class JemallocStats: AllocatorStatistics {
    /// Which counters a snapshot reads.
    enum Scope: Sendable, Equatable {
      /// The whole process: `stats.allocated`, `stats.resident`, requests of all arenas.
      case process
      /// One arena, for measurements that must not see other threads' allocations (see
      /// `withPrivateArena(_:)`).
      case arena(UInt32)
    }

    /// jemalloc's version string, e.g. `5.3.0-0-g54eaed1d8b56b1aa528be3bdd1877e59c56fa90c`.
    let version: String
    let scope: Scope

    private let epoch: MIB
    private let flush: MIB
    private let purge: MIB
    /// `stats.allocated`, or an arena's small allocated bytes, to which `largeAllocated` is added.
    private let allocated: MIB
    private let largeAllocated: MIB?
    private let resident: MIB
    private let smallRequests: MIB
    private let largeRequests: MIB
    private let cachedBytes: MIB
    private let sweep: ThreadCacheSweep

    /// Bytes allocated to check that jemalloc serves this process; never touched, so never resident.
    static let probeBytes = 16 << 20

    /// Opens the process-wide statistics and checks that jemalloc is the allocator of this process: it
    /// must answer `version`, have statistics compiled in, and see a 16 MiB allocation made through the
    /// Swift runtime in the calling thread's `thread.allocated` (bytes this thread ever allocated), a
    /// counter no other thread moves. (The check read `stats.allocated` until it failed once in a full
    /// run of the test suite: another test freed more than half the probe at that instant.)
    static func open() throws(JemallocError) -> JemallocStats {
      let stats = try JemallocStats(scope: .process)
      let allocatedByThread = try MIB("thread.allocated")
      let before: UInt64 = try allocatedByThread.read()
      let probe = UnsafeMutableRawPointer.allocate(byteCount: probeBytes, alignment: 16)
      let after = Result { () throws(JemallocError) -> UInt64 in try allocatedByThread.read() }
      probe.deallocate()
      let delta = Int(truncatingIfNeeded: try after.get() &- before)
      guard delta >= probeBytes else {
        throw .notProcessAllocator(
          version: stats.version, probeBytes: probeBytes, allocatedDelta: delta)
      }
      return stats
    }

    /// Resolves the MIBs of `scope`; does not check which allocator serves the process.
    init(scope: Scope, sweep: ThreadCacheSweep = ThreadCacheSweep()) throws(JemallocError) {
      var versionPointer: UnsafePointer<CChar>? = nil
      var length = MemoryLayout<UnsafePointer<CChar>?>.size
      let status = mallctl("version", &versionPointer, &length, nil, 0)
      guard status == 0, let versionPointer else { throw .call(name: "version", code: status) }
      version = String(cString: versionPointer)
      var statisticsEnabled = false
      length = MemoryLayout<Bool>.size
      let configStatus = mallctl("config.stats", &statisticsEnabled, &length, nil, 0)
      guard configStatus == 0 else { throw .call(name: "config.stats", code: configStatus) }
      guard statisticsEnabled else { throw .statisticsDisabled(version: version) }

      self.scope = scope
      self.sweep = sweep
      epoch = try MIB("epoch")
      flush = try MIB("thread.tcache.flush")
      switch scope {
      case .process:
        let all = UInt32(MALLCTL_ARENAS_ALL)
        purge = try MIB("arena.\(all).purge")
        allocated = try MIB("stats.allocated")
        largeAllocated = nil
        resident = try MIB("stats.resident")
        smallRequests = try MIB("stats.arenas.\(all).small.nrequests")
        largeRequests = try MIB("stats.arenas.\(all).large.nrequests")
        cachedBytes = try MIB("stats.arenas.\(all).tcache_bytes")
      case .arena(let index):
        purge = try MIB("arena.\(index).purge")
        allocated = try MIB("stats.arenas.\(index).small.allocated")
        largeAllocated = try MIB("stats.arenas.\(index).large.allocated")
        resident = try MIB("stats.arenas.\(index).resident")
        smallRequests = try MIB("stats.arenas.\(index).small.nrequests")
        largeRequests = try MIB("stats.arenas.\(index).large.nrequests")
        cachedBytes = try MIB("stats.arenas.\(index).tcache_bytes")
      }
    }

    func flushWorkerThreadCaches() async -> Bool {
      let flush = self.flush
      return await sweep.run { try? flush.call() }
    }

    func purgeUnusedPages() {
      try? purge.call()
    }

    func snapshot() -> AllocatorSnapshot? {
      try? read()
    }

    /// Measures `make` on the calling thread bound to an arena of its own (`withPrivateArena(_:)`), so no
    /// other thread's allocations or frees can blur the figure.
    func allocatedBytes<Value>(by make: () -> Value) -> Int? {
      Self.inPrivateArena { arena in
        let before = try arena.read()
        let value = make()
        let after = try withExtendedLifetime(value) { try arena.read() }
        return after.allocatedBytes - before.allocatedBytes
      }
    }

    /// Each of `makes` measured in turn in one arena of its own, each value let go before the next
    /// is made.
    func allocatedBytes(ofEach makes: [() -> Any]) -> [Int]? {
      Self.inPrivateArena { arena in
        var sizes: [Int] = []
        sizes.reserveCapacity(makes.count)
        for make in makes {
          let before = try arena.read()
          let value = make()
          let after = try withExtendedLifetime(value) { try arena.read() }
          sizes.append(after.allocatedBytes - before.allocatedBytes)
        }
        return sizes
      }
    }

    /// `body` in an arena of its own (`withPrivateArena(_:)`); when the arena could not be made or read,
    /// again in a new one, up to three times in all (in a full run of the test suite, with other tests
    /// making arenas and refreshing the statistics meanwhile, one measurement failed once); nil when
    /// every attempt failed.
    private static func inPrivateArena<Result>(
      _ body: (JemallocStats) throws -> Result
    ) -> Result? {
      for _ in 0..<3 {
        if let result = try? withPrivateArena(body) { return result }
      }
      return nil
    }

    /// `snapshot()`, naming the `mallctl` that failed.
    ///
    /// Allocates nothing itself (no loops over arrays of MIBs, which unoptimised builds box element by
    /// element), so an exact count of the caller's allocations is not disturbed by reading it.
    /// `flushingThisThread: false` leaves the calling thread's cache as it is, so its freed blocks show in
    /// `cachedBytes`; for tests of that figure.
    func read(flushingThisThread: Bool = true) throws(JemallocError) -> AllocatorSnapshot {
      if flushingThisThread { try flush.call() }
      try epoch.write(UInt64(1))
      var allocatedBytes: Int = try allocated.read()
      if let largeAllocated { allocatedBytes += try largeAllocated.read() as Int }
      let mallocCount = try smallRequests.read() as UInt64 + (try largeRequests.read() as UInt64)
      return AllocatorSnapshot(
        allocatedBytes: allocatedBytes, residentBytes: try resident.read(),
        mallocCount: mallocCount,
        cachedBytes: try cachedBytes.read())
    }

    /// The size class jemalloc rounds a request of `bytes` up to (`nallocx`), which is what
    /// `stats.allocated` counts for it.
    static func sizeClass(of bytes: Int) -> Int {
      nallocx(bytes, 0)
    }

    /// A resolved `mallctl` name.
    struct MIB: Sendable {
      let name: String
      private let components: [Int]

      init(_ name: String) throws(JemallocError) {
        var components = [Int](repeating: 0, count: 8)
        var count = components.count
        let status = mallctlnametomib(name, &components, &count)
        guard status == 0 else { throw .call(name: name, code: status) }
        self.name = name
        self.components = Array(components.prefix(count))
      }

      /// Reads a value of the name's type (`size_t` as `Int`, `uint64_t` as `UInt64`, `unsigned` as
      /// `UInt32`).
      func read<Value: FixedWidthInteger>() throws(JemallocError) -> Value {
        var value: Value = 0
        var length = MemoryLayout<Value>.size
        let status = components.withUnsafeBufferPointer { mib in
          mallctlbymib(mib.baseAddress, mib.count, &value, &length, nil, 0)
        }
        guard status == 0 else { throw .call(name: name, code: status) }
        return value
      }

      /// Writes `value`.
      func write<Value: FixedWidthInteger>(_ value: Value) throws(JemallocError) {
        var value = value
        let status = components.withUnsafeBufferPointer { mib in
          mallctlbymib(mib.baseAddress, mib.count, nil, nil, &value, MemoryLayout<Value>.size)
        }
        guard status == 0 else { throw .call(name: name, code: status) }
      }

      /// Invokes a name that takes no value (`thread.tcache.flush`, `arena.<i>.purge`).
      func call() throws(JemallocError) {
        let status = components.withUnsafeBufferPointer { mib in
          mallctlbymib(mib.baseAddress, mib.count, nil, nil, nil, 0)
        }
        guard status == 0 else { throw .call(name: name, code: status) }
      }
    }
  }
#else
  /// Stands in for the jemalloc reader when the `Jemalloc` trait is disabled: there is nothing to read.
  enum JemallocStats {
    /// Always fails with `JemallocError.notBuiltIn`.
    static func open() throws(JemallocError) -> any AllocatorStatistics {
      throw .notBuiltIn
    }
  }
#endif
