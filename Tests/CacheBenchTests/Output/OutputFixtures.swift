@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Fake results, scenario and metadata for the writer tests.
///
/// Every histogram records one value (possibly several times), so each percentile, the maximum and
/// the mean are that value whatever the histogram's interpolation: the expected texts stay valid
/// when the placeholder histogram is replaced.
enum OutputFixtures {
  /// A histogram holding `count` copies of `value` nanoseconds.
  static func histogram(_ value: UInt64, count: Int = 3) -> LatencyHistogram {
    var histogram = LatencyHistogram()
    for _ in 0..<count {
      histogram.record(value)
    }
    return histogram
  }

  /// The naive design with decode inside: many duplicate fetches, millisecond latency, every memory and
  /// CPU figure measured.
  static let naiveInside = VariantResult(
    variant: Variant(design: .naive, decode: .inside, shards: 1),
    requests: 10_000, hits: 9_000, joins: 0, leaders: 1_000, errors: 0, cancellations: 0,
    fetches: 1_000, duplicateFetches: 250,
    windowNanoseconds: 3_000_000_000,
    latency: histogram(1_234_567),
    fetchLatency: histogram(1_012_345),
    configuredFetchLatency: .milliseconds(1),
    resources: measured
  )

  /// Memory and CPU figures of a window of 10,000 requests that cached 1,000 entries.
  static let measured = ResourceUsage(
    allocator: AllocatorUsage(
      allocatedBytes: 6_000_000, residentBytes: 28_000_000, allocatedDeltaBytes: 5_375_616,
      residentDeltaBytes: -8_192, mallocCount: 15_000),
    cachedEntries: 1_000,
    bytesPerEntry: 5_113.472,
    retainedBytes: 4_096,
    peakRSSBytes: 48_836_608,
    peakRSSSource: .highWaterMark,
    rssBytes: 48_000_000,
    cpu: CPUTimes(
      userMicroseconds: 230_941, systemMicroseconds: 57_324, totalNanoseconds: 288_279_000,
      voluntarySwitches: 1_643, involuntarySwitches: 1_571)
  )

  /// The sharded design with decode outside: coalesced, microsecond latency, no memory or CPU measured.
  static let shardedOutside = VariantResult(
    variant: Variant(design: .sharded, decode: .outside, shards: 8),
    requests: 250_000, hits: 240_000, joins: 9_000, leaders: 1_000, errors: 0, cancellations: 0,
    fetches: 1_000, duplicateFetches: 0,
    windowNanoseconds: 2_000_000_000,
    latency: histogram(41_234),
    fetchLatency: histogram(1_090_000),
    configuredFetchLatency: .milliseconds(1)
  )

  /// A run of both fixtures over a zipf workload stopping after a request count.
  static let scenario = Scenario(
    variants: [naiveInside.variant, shardedOutside.variant],
    keys: 1_000,
    distribution: .zipf(theta: 0.99),
    seed: 42,
    concurrency: 16,
    stop: .requests(10_000),
    warmupRequests: 500,
    fetchLatency: .milliseconds(1),
    payloadBytes: 4_096,
    decodeCost: .microseconds(20),
    shards: 8
  )

  /// Metadata of a fixed run.
  static let metadata = RunMetadata(
    timestamp: "2026-11-29T15:04:36Z",
    hostCores: 2,
    hostName: "bench-1",
    swiftVersion: "6.3.1",
    gitCommit: "0123abc",
    toolVersion: "0.1.0"
  )
}
