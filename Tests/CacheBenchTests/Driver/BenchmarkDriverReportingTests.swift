import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// What the driver hands to reports: its events for progress, and raw latencies when asked.
@Suite(.timeLimit(.minutes(2)))
struct BenchmarkDriverReportingTests {
  private func scenario(requests: Int = 300, warmup: Int = 40) -> Scenario {
    var scenario = Scenario(variants: [
      Variant(design: .coalescing, decode: .noDecode, shards: 1),
      Variant(design: .mutex, decode: .noDecode, shards: 1),
    ])
    scenario.keys = 30
    scenario.concurrency = 4
    scenario.stop = .requests(requests)
    scenario.warmupRequests = warmup
    scenario.fetchLatency = .zero
    return scenario
  }

  /// An event reduced to what the test compares.
  enum Seen: Equatable {
    case started(String)
    case window(String, WindowProgress.Phase)
    case finished(String)
  }

  @Test func eachVariantStartsWarmsUpMeasuresAndFinishesInThatOrder() async throws {
    let seen = SanitizerVisibleMutex<[Seen]>([])
    let windows = SanitizerVisibleMutex<[WindowProgress]>([])
    let driver = BenchmarkDriver(scenario: scenario()) { event in
      switch event {
      case .started(let variant): seen.withLock { $0.append(.started(variant.description)) }
      case .windowStarted(let window):
        seen.withLock { $0.append(.window(window.variant.description, window.phase)) }
        windows.withLock { $0.append(window) }
      case .finished(let result):
        seen.withLock { $0.append(.finished(result.variant.description)) }
      case .failed(let variant, let reason):
        Issue.record("\(variant) failed: \(reason)")
      }
    }
    _ = try await driver.run()
    #expect(
      seen.withLock { $0 } == [
        .started("coalescing/none"), .window("coalescing/none", .warmup),
        .window("coalescing/none", .measurement), .finished("coalescing/none"),
        .started("mutex/none"), .window("mutex/none", .warmup),
        .window("mutex/none", .measurement), .finished("mutex/none"),
      ])
    // Clients claim batches of indices, sized so each of the 4 clients gets at least 16 of a window:
    // 1 index for the 40 warm-up requests, 4 for the 300 measured. The batches covering 0..<target are
    // all claimed; a client whose batch holds the target stops there, and each other client claims one
    // batch past it. Issued requests are capped at the target.
    func claimed(target: Int) -> Int {
      let batch = RequestClaims.batchSize(requests: target, concurrency: 4)
      let covering = (target + batch - 1) / batch
      let holders = target % batch == 0 ? 0 : 1
      return (covering + 4 - holders) * batch
    }
    #expect(RequestClaims.batchSize(requests: 40, concurrency: 4) == 1)
    #expect(RequestClaims.batchSize(requests: 300, concurrency: 4) == 4)
    #expect(windows.withLock { $0.map(\.requestsIssued) } == [40, 300, 40, 300])
    #expect(
      windows.withLock { $0.map { $0.claims.claimed } }
        == [claimed(target: 40), claimed(target: 300), claimed(target: 40), claimed(target: 300)])
  }

  @Test func withoutWarmUpNoWarmUpWindowIsAnnounced() async throws {
    let phases = SanitizerVisibleMutex<[WindowProgress.Phase]>([])
    let driver = BenchmarkDriver(scenario: scenario(warmup: 0)) { event in
      if case .windowStarted(let window) = event { phases.withLock { $0.append(window.phase) } }
    }
    _ = try await driver.run()
    #expect(phases.withLock { $0 } == [.measurement, .measurement])
  }

  @Test func rawLatenciesHoldOneSamplePerMeasuredRequestWhenAsked() async throws {
    var driver = BenchmarkDriver(scenario: scenario())
    driver.recordsRawLatencies = true
    for result in try await driver.run() {
      let samples = result.rawLatencies
      #expect(samples.map(\.request).sorted() == Array(0..<300))
      #expect(samples.map(\.latencyNanoseconds).max() == result.latency.max)
      #expect(samples.map(\.latencyNanoseconds).min() == result.latency.min)
      #expect(samples.allSatisfy { $0.issuedNanoseconds <= result.windowNanoseconds })
    }
  }

  @Test func rawLatenciesAreNotRecordedUnlessAsked() async throws {
    for result in try await BenchmarkDriver(scenario: scenario()).run() {
      #expect(result.rawLatencies.isEmpty)
    }
  }
}
