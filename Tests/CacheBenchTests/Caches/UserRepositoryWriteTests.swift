import Testing

@testable import CacheBenchCore

/// A user's repository with revisions, measured as it is written: its update takes the new data and the
/// revision it expects, and refuses a stale one. The harness's writes (`CacheWrite`) carry both, so the
/// adapter neither reads before writing nor guesses which error was a conflict, and the run's `writes`
/// and `conflicts` are the repository's own counts.
@Suite(.timeLimit(.minutes(1)))
struct UserRepositoryWriteTests {
  /// Documents with revisions, as an app's repository keeps them.
  actor DocumentRepository {
    struct StaleRevision: Error {
      let current: UInt64
    }
    /// The store could not be reached: not a conflict.
    struct Unavailable: Error {}

    /// Keys whose every update fails with `Unavailable`, before any revision is checked.
    let unreachable: Set<Int>
    private(set) var unavailable = 0

    init(unreachable: Set<Int> = []) {
      self.unreachable = unreachable
    }

    private var revisions: [Int: UInt64] = [:]
    private(set) var updates = 0
    private(set) var refused = 0
    /// Revisions read because a write came without one.
    private(set) var revisionReads = 0
    /// Writes whose data was not a payload of the run's size made for their own key.
    private(set) var malformedWrites = 0
    private(set) var keysWritten: Set<Int> = []

    func revision(of id: Int) -> UInt64 {
      revisionReads += 1
      return revisions[id] ?? 1
    }

    func update(
      _ id: Int, data: Payload, expected: UInt64, payloadBytes: Int
    ) throws -> UInt64 {
      updates += 1
      keysWritten.insert(id)
      if unreachable.contains(id) {
        unavailable += 1
        throw Unavailable()
      }
      if data.key != id || data.bytes.count != payloadBytes
        || data != Payload(key: id, count: payloadBytes)
      {
        malformedWrites += 1
      }
      let current = revisions[id] ?? 1
      guard current == expected else {
        refused += 1
        throw StaleRevision(current: current)
      }
      revisions[id] = current + 1
      return current + 1
    }
  }

  /// The app's cache in front of the repository: reads fetch and keep the value; a write updates the
  /// repository with the value and the revision the harness says the key is at.
  actor DocumentCache: Cache {
    let fetcher: any Fetcher
    let repository: DocumentRepository
    let payloadBytes: Int
    private var values: [Int: Payload] = [:]

    init(fetcher: any Fetcher, repository: DocumentRepository, payloadBytes: Int) {
      self.fetcher = fetcher
      self.repository = repository
      self.payloadBytes = payloadBytes
    }

    func lookup(_ key: Int) async throws -> CacheLookup {
      if let value = values[key] { return CacheLookup(value: CachedValue(payload: value)) }
      let payload = try await fetcher.fetch(key)
      values[key] = payload
      return CacheLookup(value: CachedValue(payload: payload))
    }

    func invalidate(_ key: Int) { values[key] = nil }

    func write(_ write: CacheWrite) async -> WriteResult? {
      var expected = write.expectedRevision
      if expected == nil { expected = await repository.revision(of: write.key) }
      do {
        let saved = try await repository.update(
          write.key, data: write.value, expected: expected ?? 1, payloadBytes: payloadBytes)
        values[write.key] = write.value
        return WriteResult(conflict: false, revision: saved)
      } catch let stale as DocumentRepository.StaleRevision {
        return WriteResult(conflict: true, revision: stale.current)
      } catch {
        return .failure()
      }
    }
  }

  static func measure(
    clients: Int, repository: DocumentRepository
  ) async throws -> VariantResult {
    let design = CacheDesign(
      name: "user-documents", summary: "a user's repository with revisions", traits: [.takesWrites]
    ) { environment in
      DocumentCache(fetcher: environment.fetcher, repository: repository, payloadBytes: 48)
    }
    return try await measure(design, clients: clients)
  }

  /// `design` over 8 keys, uniform, 400 requests of which 30% are writes, by `clients` clients, with
  /// 20 µs fetches of 48-byte payloads.
  static func measure(_ design: CacheDesign, clients: Int) async throws -> VariantResult {
    var scenario = Scenario(
      variants: [Variant(design: design, decode: .noDecode, shards: 1)], keys: 8,
      distribution: .uniform, concurrency: clients, stop: .requests(400), warmupRequests: 0,
      fetchLatency: .microseconds(20), payloadBytes: 48)
    scenario.writeRate = 0.3
    return try #require(try await BenchmarkDriver(scenario: scenario).run().first)
  }

  @Test func oneClientsWritesCarryTheValueAndTheRevisionSoNoneConflictsAndEachKeyIsReadOnce()
    async throws
  {
    let repository = DocumentRepository()
    let result = try await Self.measure(clients: 1, repository: repository)
    let (updates, refused, reads, malformed, keys) = await (
      repository.updates, repository.refused, repository.revisionReads, repository.malformedWrites,
      repository.keysWritten
    )
    #expect(updates > 0)
    #expect(result.repository?.writes == updates)
    #expect(malformed == 0, "every write stored a payload of the run's size for its own key")
    // One client: each key's first write comes without a revision and is read once; every later write
    // of it expects the revision the last one reported, which is the repository's.
    #expect(reads == keys.count)
    #expect(refused == 0)
    #expect(result.repository?.conflicts == 0)
  }

  @Test func overlappingWritersConflictsAreTheRepositorysOwnCount() async throws {
    let repository = DocumentRepository()
    let result = try await Self.measure(clients: 4, repository: repository)
    let (updates, refused) = await (repository.updates, repository.refused)
    #expect(updates > 0)
    #expect(result.repository?.writes == updates)
    #expect(result.repository?.conflicts == refused)
  }

  /// Writes the store fails for a reason other than a conflict are `write_failures`, apart from the
  /// conflicts: every update of two keys of eight fails, and the run's counts are the repository's.
  @Test(arguments: [1, 4])
  func failedWritesAreCountedApartFromConflicts(clients: Int) async throws {
    let repository = DocumentRepository(unreachable: [2, 5])
    let result = try await Self.measure(clients: clients, repository: repository)
    let (updates, refused, unavailable) = await (
      repository.updates, repository.refused, repository.unavailable
    )
    #expect(unavailable > 0)
    #expect(result.repository?.writes == updates)
    #expect(result.repository?.writeFailures == unavailable)
    #expect(result.repository?.conflicts == refused)
    if clients == 1 { #expect(refused == 0) }
  }

  /// A design that fails no write reads `write_failures` 0, measured; one without writes has none.
  @Test func aRepositoryThatFailsNothingReadsZeroFailures() async throws {
    let result = try await Self.measure(clients: 2, repository: DocumentRepository())
    #expect(result.repository?.writeFailures == 0)
  }

  /// A design that keeps its own store, as a user's does, gives the harness no `entityStore` to check
  /// its reads against: `stale_served_after_write` is not measured, so it reads nil (n/a), never 0.
  @Test func staleReadsAfterAWriteAreNotMeasuredWithoutTheStoreAsAWitness() async throws {
    let result = try await Self.measure(clients: 2, repository: DocumentRepository())
    #expect((result.repository?.writes ?? 0) > 0)
    #expect(result.repository?.staleServedAfterWrite == nil)
  }

  /// A cache written against the key-only `write` keeps compiling and is still called.
  @Test func aDesignThatTakesTheKeyAloneStillGetsItsWrites() async {
    actor KeyOnly: Cache {
      var written: [Int] = []
      func lookup(_ key: Int) async throws -> CacheLookup {
        CacheLookup(value: CachedValue(payload: Payload(key: key, count: 1)))
      }
      func invalidate(_ key: Int) {}
      func write(_ key: Int) async -> WriteResult? {
        written.append(key)
        return WriteResult(conflict: false)
      }
    }
    let cache = KeyOnly()
    let result = await cache.write(
      CacheWrite(key: 7, value: Payload(key: 7, count: 4), expectedRevision: 3))
    #expect(result == WriteResult(conflict: false))
    #expect(await cache.written == [7])
  }
}
