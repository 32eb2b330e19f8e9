import Testing

@testable import CacheBench
@testable import CacheBenchCore

/// A hookless actor on the instrumented executor: its actor columns are of jobs, and the run says so.
/// Each of 8 overlapping misses is two jobs on the actor (the check, then the store after the fetch),
/// forced with a fetcher the test releases once all 8 have started.
@Suite(.timeLimit(.minutes(1)))
struct InstrumentedIsolationNoteTests {
  static let callers = 8

  actor TimedReentrantCache: Cache {
    let executor = InstrumentedExecutor()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    let fetcher: any Fetcher
    var values: [Int: CachedValue] = [:]

    init(_ environment: CacheEnvironment) { fetcher = environment.fetcher }

    func lookup(_ key: Int) async throws -> CacheLookup {
      if let value = values[key] { return CacheLookup(value: value) }
      let value = CachedValue(payload: try await fetcher.fetch(key))
      values[key] = value
      return CacheLookup(value: value)
    }

    func invalidate(_ key: Int) { values[key] = nil }
  }

  @Test func theActorColumnsAreOfTheExecutorsJobsAndTheNoteSaysHowMany() async throws {
    let fetcher = ControllableFetcher()
    let design = CacheDesign(name: "reentrant-timed", summary: "instrumented executor") {
      TimedReentrantCache($0)
    }
    var driver = BenchmarkDriver(
      scenario: Scenario(
        variants: [Variant(design: design, decode: .noDecode, shards: 1)], keys: 1,
        distribution: .uniform, concurrency: Self.callers, stop: .requests(Self.callers),
        warmupRequests: 0, payloadBytes: 16))
    driver.remote = { fetcher }
    let releaser = Task {
      await fetcher.waitForStarts(Self.callers)
      _ = fetcher.release()
    }
    defer { releaser.cancel() }
    let result = try #require(try await driver.run().first)
    #expect(result.fetches == Self.callers)
    #expect(result.isolationJobs == 2 * Self.callers)
    #expect(result.actorWait.totalCount == UInt64(2 * Self.callers))
    let note = "actor_wait, actor_busy_wait and actor_service are of the \(2 * Self.callers) jobs"
    #expect(result.designNotes(failRate: 0).contains { $0.hasPrefix(note) })
    // The CSV and JSON carry the same mark: the job count the columns are of.
    let declaration = try #require(MetricCatalogue.byName["isolation_jobs"])
    let source = MetricSource(result: result, scenario: nil)
    #expect(declaration.read(source) == .whole(Int64(2 * Self.callers)))
  }
}
