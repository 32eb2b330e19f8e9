import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The open-loop window: latency counted from each request's intended start, beside the actual start.
@Suite(.timeLimit(.minutes(2)))
struct OpenLoopTests {
  @Test func aStalledFetchDelaysTheIntendedStartLatencyOfEveryRequestBehindItButNotTheActual()
    async throws
  {
    let fetcher = ControllableFetcher()
    let cache = CoalescingActorCache(fetcher: fetcher, decoder: nil)
    var scenario = Scenario(variants: [])
    scenario.concurrency = 1
    let driver = BenchmarkDriver(scenario: scenario)
    let keys = KeySequence(distribution: .uniform, keys: 1, seed: 1)
    // Every request is due at once, so each one behind the stalled first waits for it.
    let schedule = OpenLoopSchedule(rate: 10_000_000)
    let window = Task {
      await driver.window(
        cache: cache, keys: keys, stop: .requests(50), decoder: nil, schedule: schedule)
    }
    await fetcher.waitForStarts(1)
    let stallStart = MonotonicClock.now()
    for _ in 0..<100 { await Task.yield() }
    let stallEnd = MonotonicClock.now()
    #expect(fetcher.release() == 1)
    let recorder = await window.value.recorder
    let stall = stallEnd - stallStart
    let actual = try #require(recorder.actualLatency)
    #expect(recorder.requests == 50)
    #expect(actual.totalCount == 50)
    // The 49 hits started after the release but were due before the stall began: each one's latency
    // from its intended start exceeds the stall, and exceeds its actual-start latency by the stall.
    let intendedMedian = recorder.latency.value(atPercentile: 50)
    let actualMedian = actual.value(atPercentile: 50)
    #expect(Double(intendedMedian) >= Double(stall) * 0.999)
    #expect(Double(actualMedian + stall) <= Double(intendedMedian) * 1.002)
    #expect(recorder.maximumStartLag >= stall)
  }

  @Test func aClosedLoopWindowKeepsNoActualStartHistogram() async {
    let cache = CoalescingActorCache(fetcher: ControllableFetcher(), decoder: nil)
    var scenario = Scenario(variants: [])
    scenario.concurrency = 1
    let recorder = await BenchmarkDriver(scenario: scenario).window(
      cache: cache, keys: KeySequence(distribution: .uniform, keys: 1, seed: 1),
      stop: .requests(0), decoder: nil
    ).recorder
    #expect(recorder.actualLatency == nil)
  }

  @Test func anOpenLoopRunAccountsForEveryRequestAndReportsItsRate() async throws {
    var scenario = Scenario(variants: [Variant(design: .mutex, decode: .noDecode, shards: 1)])
    scenario.keys = 40
    scenario.concurrency = 4
    scenario.stop = .requests(200)
    scenario.warmupRequests = 0
    scenario.fetchLatency = .zero
    scenario.openLoop = OpenLoopSchedule(rate: 1_000_000)
    let result = try #require(try await BenchmarkDriver(scenario: scenario).run().first)
    let openLoop = try #require(result.openLoop)
    #expect(result.requests == 200)
    #expect(openLoop.actualLatency.totalCount == 200)
    #expect(openLoop.targetRate == 1_000_000)
    #expect(openLoop.achievedRate > 0)
    #expect(openLoop.backlog == 0)
  }

  @Test func theBacklogIsTheRequestsDueByTheDeadlineThatWereNotIssued() {
    var recorder = ClientRecorder()
    recorder.requests = 700
    recorder.lastActualStart = 1_000_000_000
    let figures = BenchmarkDriver.openLoopFigures(
      recorder, schedule: OpenLoopSchedule(rate: 1_000), stop: .duration(.seconds(1)),
      elapsed: 1_200_000_000)
    #expect(figures.backlog == 300)
    #expect(figures.achievedRate == 700)
  }
}
