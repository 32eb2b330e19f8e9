import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The built `cachebench` executable run as a child process, for figures that must come from a process of
/// their own: jemalloc's counters are process-wide, so in the test runner every concurrently running test
/// would move them.
@Suite(.timeLimit(.minutes(2)))
struct CacheBenchExecutableTests {
  private func run(_ arguments: [String]) async throws -> (rows: [[String: String]], log: String) {
    try await ExecutableRun.csv(arguments)
  }

  /// Every one of the 1,000 keys is requested (20,000 uniform draws), so the cache ends holding 1,000
  /// payloads of 4,096 bytes.
  private static let thousandKeys = [
    "--decode", "none", "--keys", "1000", "--payload-bytes", "4096", "--distribution", "uniform",
    "--requests", "20000", "--warmup", "200", "--latency", "0ms", "--concurrency", "8",
  ]

  @Test func aCoalescingCacheOfAThousandPayloadsIsChargedTheirBytes() async throws {
    let (rows, log) = try await run(["--variants", "coalescing"] + Self.thousandKeys)
    let row = try #require(rows.first, "\(log)")
    #expect(row["cached_entries"] == "1000")
    #if Jemalloc
      let delta = try #require(row["allocated_delta_bytes"].flatMap { Int($0) })
      #expect(delta >= 1_000 * 4_096)
      // A payload is 4,096 bytes plus a 32-byte array header, which jemalloc rounds up to its 5,120-byte
      // class; the hash table adds under 100 bytes an entry. Twice the payload would mean a second copy.
      let perEntry = try #require(row["bytes_per_entry"].flatMap { Double($0) })
      #expect(perEntry >= 4_096 && perEntry <= 8_192)
      #expect(row["malloc_count"].flatMap { UInt64($0) } != nil)
    #else
      #expect(row["allocated_delta_bytes"] == "n/a")
      #expect(row["bytes_per_entry"] == "n/a")
    #endif
  }

  @Test func nothingAVariantAllocatedOutlivesItBeyondASmallBound() async throws {
    let (rows, log) = try await run(
      ["--variants", "naive,coalescing,sharded,mutex"] + Self.thousandKeys)
    #expect(rows.count == 4)
    for row in rows {
      #if Jemalloc
        // Each window held about 5 MB of payloads, which a leaked cache would leave allocated. What is
        // left once it is released is noise, not broken down: measured between -38 KB and +34 KB at load
        // 4-6, and up to +90 KB at load 12, on 2 cores; hence a quarter of a MiB.
        // Under load the thread-cache sweep can miss a worker (libdispatch had started 7 threads, and each
        // meeting reached 2 or 3 of them, at load 7 on 2 cores). The figure counts out what such a
        // worker's cache holds, so it is measured whether or not the sweep reached every thread.
        let variant = row["variant"] ?? "?"
        let retained = try #require(row["retained_bytes"].flatMap { Int($0) }, "\(variant): \(log)")
        #expect(abs(retained) <= 256 * 1_024, "\(variant); stderr: \(log)")
      #else
        #expect(row["retained_bytes"] == "n/a")
      #endif
      #expect(row["peak_rss_bytes"] != "n/a")
    }
  }
}
