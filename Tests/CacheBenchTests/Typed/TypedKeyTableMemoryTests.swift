import Foundation
import Testing

@testable import CacheBenchCore

/// Every way of registering a typed design gives the driver a cache whose key table the meter can
/// leave out of `bytes_per_entry`: a `KeyedCache`'s adapter as well as a closure's.
struct TypedCacheHarnessMemoryTests {
  @Test(arguments: [
    TypedUserCaches.reentrant(), TypedUserCaches.reentrantKeyed, TypedUserCaches.inFlight,
  ])
  func everyTypedRegistrationReportsWhatItsTableHolds(design: CacheDesign) throws {
    let cache = try design.makeCache(
      CacheEnvironment(
        fetcher: ConstantLatencyFetcher(latency: .zero, payloadBytes: 16, ledger: FetchLedger()),
        keys: 10))
    #expect(cache is any HarnessHeldMemory, "\(type(of: cache))")
  }

  @Test func anUntypedDesignHoldsNothingOfTheHarness() throws {
    let cache = try TypedUserCaches.reentrantTwin.makeCache(
      CacheEnvironment(
        fetcher: ConstantLatencyFetcher(latency: .zero, payloadBytes: 16, ledger: FetchLedger()),
        keys: 10))
    #expect(!(cache is any HarnessHeldMemory))
  }
}

#if Jemalloc

  /// What a typed design's key table holds is the harness's, not the cache's: `bytes_per_entry` leaves
  /// it out (`HarnessHeldMemory`). The table and its values are made in a jemalloc arena of their own, so
  /// everything alive in it afterwards is known: the table's and the values'.
  struct TypedKeyTableMemoryTests {
    static let keys = 200
    static let payloadBytes = 4_096

    /// A table of `keys` Int keys whose values are `Data` copies of their payloads, every key fetched
    /// once, and the bytes left allocated in its arena.
    static func filledTable(keepsPayloads: Bool) throws -> (TypedKeyTable<Int, Data>, Int) {
      func make() throws -> TypedKeyTable<Int, Data> {
        let table = try TypedKeyTable<Int, Data>(
          count: keys, key: { $0 }, value: { Data($0.bytes) }, keepsPayloads: keepsPayloads)
        for index in 0..<keys {
          _ = table.value(at: index, fetched: Payload(key: index, count: payloadBytes))
        }
        return table
      }
      // Once outside the arena, so that the runtime's one-time allocations (type metadata) are not
      // counted as the table's.
      _ = try make()
      return try JemallocStats.withPrivateArena { stats in
        let before = try stats.read()
        let table = try make()
        return (table, try stats.read().allocatedBytes - before.allocatedBytes)
      }
    }

    @Test(arguments: [false, true])
    func theHarnessIsChargedWhatTheTableHoldsBesideTheValues(keepsPayloads: Bool) throws {
      let meter = ResourceMeter.system()
      let (table, allocated) = try Self.filledTable(keepsPayloads: keepsPayloads)
      let fetched = Payload(key: 0, count: Self.payloadBytes)
      let value = try #require(meter.allocatedBytes { Data(fetched.bytes) })
      #expect(value >= Self.payloadBytes)
      let harness = try #require(
        table.harnessHeldBytes(
          meter: meter, cachedEntries: Self.keys, payloadBytes: Self.payloadBytes))
      // Everything in the arena but the values, which the cache holds.
      let expected = allocated - Self.keys * value
      #expect(abs(harness - expected) <= allocated / 100, "\(harness) against \(expected)")
      if keepsPayloads {
        // The payloads the harness decodes again are its own.
        #expect(harness >= Self.keys * Self.payloadBytes)
      } else {
        // No copy of a payload: an entry and a slot a key.
        #expect(harness < Self.keys * 256, "\(harness) B for \(Self.keys) keys")
      }
      // Values the cache let go (fewer cached entries than keys made) are the table's too.
      let half = try #require(
        table.harnessHeldBytes(
          meter: meter, cachedEntries: Self.keys / 2, payloadBytes: Self.payloadBytes))
      #expect(half == harness + Self.keys / 2 * value)
    }

    /// A cache that keeps its own copy of each value (equal bytes, storage of its own) holds those
    /// bytes itself, so the table's values are the harness's too, every one of them; answers that
    /// share the table's values charge nothing more.
    @Test func valuesTheCacheAnswersWithCopiesOfAreTheHarnesssToo() throws {
      let meter = ResourceMeter.system()
      let (table, _) = try Self.filledTable(keepsPayloads: false)
      let value = try #require(
        meter.allocatedBytes { Data(Payload(key: 0, count: Self.payloadBytes).bytes) })
      let shared = try #require(
        table.harnessHeldBytes(
          meter: meter, cachedEntries: Self.keys, payloadBytes: Self.payloadBytes))
      for index in 0..<Self.keys {
        let own = try #require(table.entry(at: index)).value
        #expect(table.answer(own, at: index, servesBytes: false).payload.key == index)
      }
      #expect(
        table.harnessHeldBytes(
          meter: meter, cachedEntries: Self.keys, payloadBytes: Self.payloadBytes) == shared)
      let copy = Data(Array(try #require(table.entry(at: 0)).value))
      #expect(table.answer(copy, at: 0, servesBytes: false).payload.key == 0)
      let copied = try #require(
        table.harnessHeldBytes(
          meter: meter, cachedEntries: Self.keys, payloadBytes: Self.payloadBytes))
      #expect(copied == shared + Self.keys * value, "\(copied) against \(shared)")
    }
  }
#endif
