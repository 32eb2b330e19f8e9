import CacheBenchCore

extension MetricCatalogue {
  /// Memory and CPU of the window (`ResourceUsage`); not measured where the source is unavailable.
  static let resources: [MetricDeclaration] = [
    MetricDeclaration(
      "allocated_bytes", .bytes, better: .lower, rule: MetricRule(better: .lower, relative: 0.25),
      transientlyUnmeasurable: true, doc: "bytes: jemalloc `stats.allocated` at window end"
    ) { .integer($0.result.resources.allocator?.allocatedBytes) },
    MetricDeclaration(
      "resident_bytes", .bytes, better: .lower, rule: MetricRule(better: .lower, relative: 0.50),
      transientlyUnmeasurable: true, doc: "bytes: jemalloc `stats.resident` at window end"
    ) { .integer($0.result.resources.allocator?.residentBytes) },
    MetricDeclaration(
      "allocated_delta_bytes", .bytes, better: .lower, transientlyUnmeasurable: true,
      doc: "bytes, signed: `allocated_bytes` less its value at window start"
    ) { .integer($0.result.resources.allocator?.allocatedDeltaBytes) }
    .shown(in: .summary, as: "alloc_delta", at: 100, .bytes),
    MetricDeclaration(
      "resident_delta_bytes", .bytes, better: .lower, transientlyUnmeasurable: true,
      doc: "bytes, signed: `resident_bytes` less its value at window start"
    ) { .integer($0.result.resources.allocator?.residentDeltaBytes) },
    MetricDeclaration(
      "malloc_count", .count, better: .lower, transientlyUnmeasurable: true,
      doc:
        "count: allocation requests during the window, every thread (see [Memory and CPU](metrics.md#memory-and-cpu))"
    ) { .integer($0.result.resources.allocator?.mallocCount) },
    MetricDeclaration(
      "mallocs_per_request", .ratio, better: .lower,
      rule: MetricRule(better: .lower, relative: 0.10, absolute: 1.5),
      transientlyUnmeasurable: true, doc: "`malloc_count / requests`, 3 decimals"
    ) { $0.result.mallocsPerRequest.map { .decimal($0, fractionDigits: 3) } ?? .notMeasured }
    .shown(in: .summary, as: "mallocs/req", at: 120, .decimal(fractionDigits: 1)),
    MetricDeclaration(
      "cached_entries", .count, better: .none,
      doc: "count: keys with a ready value in the cache at window end"
    ) { .integer($0.result.resources.cachedEntries) },
    MetricDeclaration(
      "bytes_per_entry", .bytes, better: .lower, transientlyUnmeasurable: true,
      doc:
        "bytes, 1 decimal: `(allocated_delta_bytes − one latency recorder − a typed design's key table) / cached_entries`; empty when nothing is cached, n/a when under `--payload-bytes`"
    ) { $0.bytesPerEntry }.shown(in: .summary, as: "B/entry", at: 110, .bytes),
    MetricDeclaration(
      "retained_bytes", .bytes, better: .lower, transientlyUnmeasurable: true,
      doc:
        "bytes, signed: allocated after the variant's caches and tasks are released, less after its warm-up (before its window), less its result's two histograms"
    ) { .integer($0.result.resources.retainedBytes) },
    MetricDeclaration(
      "peak_rss_bytes", .bytes, better: .lower, rule: MetricRule(better: .lower, relative: 0.25),
      doc:
        "bytes: the process's highest resident set during the window, on the footing of the run's first window (its start plus this window's rise above its own start), so it does not climb with run order; see metrics.md"
    ) { .integer($0.result.resources.peakRSSBytes) }
    .shown(in: .summary, as: "peak_rss", at: 130, .bytes),
    MetricDeclaration(
      "rss_bytes", .bytes, better: .lower,
      doc: "bytes: the process's resident set (`VmRSS`) at window end"
    ) { .integer($0.result.resources.rssBytes) },
    MetricDeclaration(
      "cpu_user_s", .seconds, better: .lower,
      doc: "s, 6 decimals: user CPU time of the whole process (`getrusage`)"
    ) { .microseconds($0.result.resources.cpu.map { $0.userMicroseconds }) },
    MetricDeclaration(
      "cpu_sys_s", .seconds, better: .lower,
      doc: "s, 6 decimals: system CPU time of the whole process (`getrusage`)"
    ) { .microseconds($0.result.resources.cpu.map { $0.systemMicroseconds }) },
    MetricDeclaration(
      "cpu_total_s", .seconds, better: .lower,
      doc: "s, 6 decimals: CPU time of the whole process (`CLOCK_PROCESS_CPUTIME_ID`)"
    ) {
      $0.result.resources.cpu.map {
        .seconds(nanoseconds: UInt64(max(0, $0.totalNanoseconds)))
      } ?? .notMeasured
    },
    MetricDeclaration(
      "ctx_switches_vol", .count, better: .lower,
      doc: "count: voluntary context switches (`getrusage`)"
    ) { .integer($0.result.resources.cpu?.voluntarySwitches) },
    MetricDeclaration(
      "ctx_switches_invol", .count, better: .lower,
      doc: "count: involuntary context switches (`getrusage`)"
    ) { .integer($0.result.resources.cpu?.involuntarySwitches) },
  ]
}
