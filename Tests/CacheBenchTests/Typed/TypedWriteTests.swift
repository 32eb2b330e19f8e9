import Foundation
import Testing

@testable import CacheBenchCore

/// A user's typed store with revisions, keyed by `String` and holding `Data`, written to as it is
/// written: its update takes the key, the new data and the revision it expects. The harness hands the
/// design's `write` a value of the design's own type, counts conflicts and failures as the store
/// reports them, and takes the store's later answers of a written value as the key's.
@Suite(.timeLimit(.minutes(1)))
struct TypedWriteTests {
  /// Profiles by user name: a read fetches and keeps; an update stores new data when the revision it
  /// expects is the current one (or it expects none), and fails for the names that are offline.
  actor ProfileStore {
    struct StaleRevision: Error {
      let current: UInt64
    }
    struct Offline: Error {}

    private let download: @Sendable (String) async throws -> Data
    /// Updates store their data with its first byte flipped, a value the harness never made.
    private let corruptsUpdates: Bool
    private let offline: Set<String>
    private var profiles: [String: Data] = [:]
    private var revisions: [String: UInt64] = [:]
    private var updated: Set<String> = []
    private(set) var updates = 0
    private(set) var refused = 0
    private(set) var failed = 0
    /// Reads that returned data an update stored.
    private(set) var updatedServed = 0
    /// Downloads not stored because an update of the name landed while they were in flight.
    private(set) var staleDownloads = 0

    init(
      download: @escaping @Sendable (String) async throws -> Data, offline: Set<String>,
      corruptsUpdates: Bool
    ) {
      self.download = download
      self.offline = offline
      self.corruptsUpdates = corruptsUpdates
    }

    func profile(for name: String) async throws -> Data {
      if let profile = profiles[name] {
        if updated.contains(name) { updatedServed += 1 }
        return profile
      }
      let downloaded = try await download(name)
      // An update that landed during the download wins.
      if let profile = profiles[name] {
        staleDownloads += 1
        return profile
      }
      profiles[name] = downloaded
      return downloaded
    }

    func update(_ name: String, to data: Data, expecting: UInt64?) throws -> UInt64 {
      updates += 1
      guard !offline.contains(name) else {
        failed += 1
        throw Offline()
      }
      let current = revisions[name] ?? 1
      if let expecting, expecting != current {
        refused += 1
        throw StaleRevision(current: current)
      }
      var stored = data
      if corruptsUpdates { stored[stored.startIndex] ^= 0xFF }
      profiles[name] = stored
      updated.insert(name)
      revisions[name] = current + 1
      return current + 1
    }
  }

  /// The stores the factory made, for the test to read after the run.
  final class Made: Sendable {
    let stores = SanitizerVisibleMutex<[ProfileStore]>([])
  }

  static func design(offline: Set<String> = [], corruptsUpdates: Bool = false, made: Made)
    -> CacheDesign
  {
    CacheDesign(
      name: "profiles", summary: "a user's typed store with revisions", key: { "user-\($0)" },
      makeCache: { environment in
        let store = ProfileStore(
          download: environment.fetcher.fetch, offline: offline, corruptsUpdates: corruptsUpdates)
        made.stores.withLock { $0.append(store) }
        return store
      },
      lookup: { try await $0.profile(for: $1) },
      write: { store, name, data, expected in
        do {
          return WriteResult(
            conflict: false, revision: try await store.update(name, to: data, expecting: expected))
        } catch let stale as ProfileStore.StaleRevision {
          return WriteResult(conflict: true, revision: stale.current)
        } catch {
          return .failure()
        }
      },
      staleRejectedCount: { await $0.staleDownloads })
  }

  /// The untyped repository's workload (`UserRepositoryWriteTests.measure`).
  static func measure(_ design: CacheDesign, clients: Int) async throws -> VariantResult {
    try await UserRepositoryWriteTests.measure(design, clients: clients)
  }

  @Test func aTypedDesignTakesWritesExactlyWhenItHasAWrite() async throws {
    let made = Made()
    #expect(Self.design(made: made).takesWrites)
    let readOnly = CacheDesign(
      name: "profiles-read-only", summary: "the same store without writes",
      traits: [.takesWrites], key: { "user-\($0)" },
      makeCache: { ProfileStore(download: $0.fetcher.fetch, offline: [], corruptsUpdates: false) },
      lookup: { try await $0.profile(for: $1) })
    #expect(!readOnly.takesWrites)
    let cache = try readOnly.makeCache(
      CacheEnvironment(
        fetcher: ConstantLatencyFetcher(latency: .zero, payloadBytes: 16, ledger: FetchLedger()),
        keys: 8))
    #expect(await cache.staleRejectedCount == nil, "no count given: stale_rejected is n/a")
  }

  /// The store's own counts are the run's, and every read of written data is an answer for its key.
  @Test(arguments: [1, 4])
  func writesReachTheStoreWithItsOwnTypesAndItsAnswersOfThemAreTheKeys(clients: Int)
    async throws
  {
    let made = Made()
    let result = try await Self.measure(
      Self.design(offline: ["user-3"], made: made), clients: clients)
    let store = try #require(made.stores.withLock { $0.last })
    let (updates, refused, failed, updatedServed, staleDownloads) = await (
      store.updates, store.refused, store.failed, store.updatedServed, store.staleDownloads
    )
    #expect(updates > 0)
    #expect(result.repository?.writes == updates)
    #expect(result.repository?.conflicts == refused)
    #expect(result.repository?.writeFailures == failed)
    #expect(failed > 0)
    if clients == 1 { #expect(refused == 0, "one client's writes carry the revision it was left") }
    #expect(updatedServed > 0, "reads returned data the writes stored")
    #expect(result.wrongKeyAnswers == 0)
    #expect(result.errors == 0)
    #expect(result.repository?.staleServedAfterWrite == nil)
    #expect(result.staleRejected == staleDownloads, "the store's own count of refused downloads")
  }

  /// A store that corrupts the data it is written answers with a value the harness never made: those
  /// answers are counted as wrong, so the check above is not vacuous.
  @Test func answersOfDataTheHarnessDidNotMakeAreWrong() async throws {
    let made = Made()
    let result = try await Self.measure(
      Self.design(corruptsUpdates: true, made: made), clients: 1)
    let store = try #require(made.stores.withLock { $0.last })
    let updatedServed = await store.updatedServed
    #expect(updatedServed > 0)
    #expect(result.wrongKeyAnswers == updatedServed)
  }
}
