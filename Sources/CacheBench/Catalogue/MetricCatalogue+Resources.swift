import CacheBenchCore

extension MetricCatalogue {
  /// Memory and CPU of the window (`ResourceUsage`); not measured where the source is unavailable.
  static let resources: [MetricDeclaration] = [
    MetricDeclaration(
      "allocated_bytes", .bytes, better: .lower, rule: MetricRule(better: .lower, relative: 0.25),
      transientlyUnmeasurable: true, doc: "jemalloc `stats.allocated` at window end"
    ) { .integer($0.result.resources.allocator?.allocatedBytes) },
    MetricDeclaration(
      "resident_bytes", .bytes, better: .lower, rule: MetricRule(better: .lower, relative: 0.50),
      transientlyUnmeasurable: true, doc: "jemalloc `stats.resident` at window end"
    ) { .integer($0.result.resources.allocator?.residentBytes) },
    MetricDeclaration(
      "allocated_delta_bytes", .bytes, better: .lower, transientlyUnmeasurable: true,
      doc: "change of `stats.allocated` over the window"
    ) { .integer($0.result.resources.allocator?.allocatedDeltaBytes) },
    MetricDeclaration(
      "resident_delta_bytes", .bytes, better: .lower, transientlyUnmeasurable: true,
      doc: "change of `stats.resident` over the window"
    ) { .integer($0.result.resources.allocator?.residentDeltaBytes) },
    MetricDeclaration(
      "malloc_count", .count, better: .lower, transientlyUnmeasurable: true,
      doc: "jemalloc small and large `nrequests` over the window"
    ) { .integer($0.result.resources.allocator?.mallocCount) },
    MetricDeclaration(
      "mallocs_per_request", .ratio, better: .lower,
      rule: MetricRule(better: .lower, relative: 0.10, absolute: 1.5),
      transientlyUnmeasurable: true, doc: "`malloc_count` over `requests`"
    ) { $0.result.mallocsPerRequest.map { .decimal($0, fractionDigits: 3) } ?? .notMeasured },
    MetricDeclaration(
      "cached_entries", .count, better: .none, doc: "entries the cache held at window end"
    ) { .integer($0.result.resources.cachedEntries) },
    MetricDeclaration(
      "bytes_per_entry", .bytes, better: .lower, transientlyUnmeasurable: true,
      doc: "retained bytes per cached entry; empty when the cache holds nothing"
    ) { $0.bytesPerEntry },
    MetricDeclaration(
      "retained_bytes", .bytes, better: .lower, transientlyUnmeasurable: true,
      doc: "bytes the cache retained at window end"
    ) { .integer($0.result.resources.retainedBytes) },
    MetricDeclaration(
      "peak_rss_bytes", .bytes, better: .lower, rule: MetricRule(better: .lower, relative: 0.25),
      doc: "the process's peak resident set (`peak_rss_source` says how it was read)"
    ) { .integer($0.result.resources.peakRSSBytes) },
    MetricDeclaration(
      "rss_bytes", .bytes, better: .lower, doc: "the process's resident set at window end"
    ) { .integer($0.result.resources.rssBytes) },
    MetricDeclaration(
      "cpu_user_s", .seconds, better: .lower, doc: "user CPU time over the window (getrusage)"
    ) { .microseconds($0.result.resources.cpu.map { $0.userMicroseconds }) },
    MetricDeclaration(
      "cpu_sys_s", .seconds, better: .lower, doc: "system CPU time over the window (getrusage)"
    ) { .microseconds($0.result.resources.cpu.map { $0.systemMicroseconds }) },
    MetricDeclaration(
      "cpu_total_s", .seconds, better: .lower, doc: "user and system CPU time over the window"
    ) {
      $0.result.resources.cpu.map {
        .seconds(nanoseconds: UInt64(max(0, $0.totalNanoseconds)))
      } ?? .notMeasured
    },
    MetricDeclaration(
      "ctx_switches_vol", .count, better: .lower, doc: "voluntary context switches over the window"
    ) { .integer($0.result.resources.cpu?.voluntarySwitches) },
    MetricDeclaration(
      "ctx_switches_invol", .count, better: .lower,
      doc: "involuntary context switches over the window"
    ) { .integer($0.result.resources.cpu?.involuntarySwitches) },
  ]
}
