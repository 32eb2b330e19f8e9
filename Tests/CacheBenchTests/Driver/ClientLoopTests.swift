import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The client loop and the batched request claims.
@Suite(.timeLimit(.minutes(2)))
struct ClientLoopTests {
  /// A cache that answers at once and remembers every key it was asked for.
  private final class KeyRecordingCache: Cache {
    private let keys = SanitizerVisibleMutex<[Int]>([])

    func lookup(_ key: Int) async throws -> CacheLookup {
      keys.withLock { $0.append(key) }
      return CacheLookup(
        value: CachedValue(payload: Payload(key: key, count: 1), decoded: nil), outcome: .hit,
        timing: IsolationTiming(entered: 0, reentryWait: 0, service: 0))
    }

    func invalidate(_ key: Int) async {}

    var requested: [Int] { keys.withLock { $0 } }
  }

  @Test(arguments: [1, 31, 32, 33, 1_000])
  func clientsClaimingBatchesIssueEveryIndexBelowTheLimitExactlyOnce(limit: Int) async {
    let cache = KeyRecordingCache()
    let keys = KeySequence(distribution: .uniform, keys: 1_000_000, seed: 7)
    let claims = RequestClaims()
    let requests = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<5 {
        group.addTask {
          var recorder = ClientRecorder()
          await ClientLoop.run(
            cache: cache, keys: keys, claims: claims, limit: limit, deadline: .max, decoder: nil,
            into: &recorder)
          return recorder.requests
        }
      }
      return await group.reduce(0, +)
    }
    #expect(requests == limit)
    #expect(cache.requested.sorted() == (0..<limit).map { keys.key(at: $0) }.sorted())
  }

  @Test func everyRequestThatReturnsRecordsOneWaitAndOneServiceTime() async {
    let cache = KeyRecordingCache()
    var recorder = ClientRecorder()
    await ClientLoop.run(
      cache: cache, keys: KeySequence(distribution: .uniform, keys: 10, seed: 1),
      claims: RequestClaims(), limit: 100, deadline: .max, decoder: nil, into: &recorder)
    #expect(recorder.requests == 100)
    #expect(recorder.latency.totalCount == 100)
    #expect(recorder.actorWait.totalCount == 100)
    #expect(recorder.actorService.totalCount == 100)
  }

  @Test func openLoopClientsIssueEveryIndexOnceAtItsIntendedStartAndRecordTheirTimings() async {
    let cache = KeyRecordingCache()
    let keys = KeySequence(distribution: .uniform, keys: 1_000_000, seed: 7)
    let claims = RequestClaims()
    let schedule = OpenLoopSchedule(rate: 100_000)
    let start = MonotonicClock.now()
    let merged = await withTaskGroup(of: ClientRecorder.self) { group in
      for _ in 0..<3 {
        group.addTask {
          var recorder = ClientRecorder()
          recorder.rawLatencies = []
          await ClientLoop.run(
            cache: cache, keys: keys, claims: claims, limit: 100, deadline: .max, decoder: nil,
            windowStart: start, schedule: schedule, into: &recorder)
          return recorder
        }
      }
      var merged = ClientRecorder()
      for await recorder in group { merged.merge(recorder) }
      return merged
    }
    #expect(merged.requests == 100)
    #expect(cache.requested.sorted() == (0..<100).map { keys.key(at: $0) }.sorted())
    #expect(merged.latency.totalCount == 100)
    #expect(merged.actualLatency?.totalCount == 100)
    #expect(merged.actorWait.totalCount == 100)
    #expect(merged.actorService.totalCount == 100)
    // Request i is due 10 µs × i after the window opened and never issued before that.
    let samples = merged.rawLatencies ?? []
    #expect(samples.count == 100)
    #expect(samples.allSatisfy { $0.issuedNanoseconds == schedule.intendedOffset(of: $0.request) })
    #expect(merged.lastActualStart >= schedule.intendedOffset(of: 99))
  }

  @Test func aDriverRunRecordsQueueDelayForEveryRequestThatReturned() async throws {
    var scenario = Scenario(
      variants: Variant.all(
        designs: CacheDesign.builtIn, placements: [.inside, .outside], shards: 3))
    scenario.keys = 40
    scenario.concurrency = 8
    scenario.stop = .requests(400)
    scenario.warmupRequests = 0
    scenario.fetchLatency = .zero
    scenario.decodeCost = .microseconds(1)
    for result in try await BenchmarkDriver(scenario: scenario).run() {
      let returned = result.hits + result.joins + result.leaders
      #expect(result.actorWait.totalCount == returned, "\(result.variant)")
      #expect(result.actorService.totalCount == returned, "\(result.variant)")
    }
  }
}
