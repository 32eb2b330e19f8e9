import Foundation
import Testing

@testable import CacheBenchCore

#if Jemalloc
  /// The responses a `TypedResponseFetcher` keeps are the harness's memory: the key table's
  /// `harnessHeldBytes` grows by them.
  struct TypedResponseMemoryTests {
    @Test func keptResponsesCountAsTheHarnesss() async throws {
      let keys = 64
      let bytes = 4_096
      let cache = try TypedResponseTests.design(encoded: TypedUserCaches.Calls()).makeCache(
        CacheEnvironment(
          fetcher: ConstantLatencyFetcher(
            latency: .zero, payloadBytes: bytes, ledger: FetchLedger()),
          keys: keys))
      let held = try #require(cache as? any HarnessHeldMemory)
      let meter = ResourceMeter.system()
      let before = try #require(
        held.harnessHeldBytes(meter: meter, cachedEntries: keys, payloadBytes: bytes))
      for key in 0..<keys { _ = try await cache.lookup(key) }
      let after = try #require(
        held.harnessHeldBytes(meter: meter, cachedEntries: keys, payloadBytes: bytes))
      // Each response is the JSON of a 4 KiB avatar, base64: over 4/3 of its bytes, a key. The cache
      // decoded copies of the values, so those count too (a value's 4 KiB a key).
      let grown = after - before
      let least = keys * (bytes * 4 / 3 + bytes)
      #expect(grown >= least, "\(before) → \(after)")
      #expect(grown < keys * bytes * 4, "\(before) → \(after)")
    }
  }
#endif
