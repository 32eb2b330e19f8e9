import Synchronization
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// A sweep on tiny cells: every cell of the plan, in order, each exactly as `run` would measure it.
@Suite(.timeLimit(.minutes(2)))
struct SweepRunnerTests {
  static var scenario: Scenario {
    var scenario = Scenario(variants: [])
    scenario.keys = 30
    scenario.stop = .requests(200)
    scenario.warmupRequests = 0
    scenario.fetchLatency = .zero
    scenario.decodeCost = .microseconds(1)
    return scenario
  }

  static let plan = SweepPlan(
    designs: [.coalescing, .sharded, .mutex], placements: [.inside, .outside],
    shardCounts: [1, 3], concurrencies: [1, 4])

  @Test func aSweepMeasuresEveryCellOfThePlanInOrder() async throws {
    let results = try await SweepRunner(scenario: Self.scenario, plan: Self.plan).run()
    #expect(results.map(\.cell) == Self.plan.cells)
    for (cell, result) in results {
      #expect(result.variant == cell.variant)
      #expect(result.requests == 200)
    }
  }

  @Test func aRepeatedSweepMeasuresEveryCellThatOftenInterleaved() async throws {
    let plan = SweepPlan(
      designs: [.coalescing, .mutex], placements: [.inside], shardCounts: [1], concurrencies: [2])
    let progress = SanitizerVisibleMutex<[SweepRunner.Progress]>([])
    var runner = SweepRunner(scenario: Self.scenario, plan: plan)
    runner.repetitions = 3
    runner.onProgress = { update in progress.withLock { $0.append(update) } }
    let results = try await runner.run()
    let (a, b) = (plan.cells[0], plan.cells[1])
    #expect(results.map(\.cell) == [a, b, b, a, a, b])
    let updates = progress.withLock { $0 }
    #expect(updates.map(\.repetition) == [1, 1, 2, 2, 3, 3])
    #expect(updates.map(\.total) == [6, 6, 6, 6, 6, 6])
    #expect(updates.map(\.measured.count) == [0, 1, 2, 3, 4, 5])
    #expect(updates[4].remaining == [a, b])
    let matrix = SweepMatrix(plan: plan, results: results)
    #expect(matrix.rows.map(\.repetitions.count) == [3, 3])
  }

  @Test func noCellStartsOnceTheBudgetIsSpent() async throws {
    // Each reading of this clock is 10 later than the one before: the runner reads it once at the start
    // and once before each cell, so a deadline of 45 lets exactly the first three cells start (at 20, 30 and 40).
    let ticks = Atomic<UInt64>(0)
    let progress = SanitizerVisibleMutex<[Int]>([])
    var runner = SweepRunner(scenario: Self.scenario, plan: Self.plan, deadline: 45)
    runner.clock = { ticks.wrappingAdd(10, ordering: .relaxed).newValue }
    runner.onProgress = { update in progress.withLock { $0.append(update.position) } }
    let results = try await runner.run()
    #expect(results.map(\.cell) == Array(Self.plan.cells.prefix(3)))
    #expect(progress.withLock { $0 } == [1, 2, 3])
    let matrix = SweepMatrix(plan: Self.plan, results: results)
    #expect(matrix.unmeasured == Array(Self.plan.cells.dropFirst(3)))
  }

  @Test func eachCellRunsOnItsOwnClientThreads() async throws {
    let plan = SweepPlan(
      designs: [.coalescing, .mutex], placements: [.outside], shardCounts: [1], concurrencies: [4],
      threadCounts: [1, 2])
    let runner = SweepRunner(scenario: Self.scenario, plan: plan)
    #expect(plan.cells.map { runner.scenario(for: $0).threads } == [1, 1, 2, 2])
    let results = try await runner.run()
    #expect(results.map(\.cell) == plan.cells)
    #expect(results.allSatisfy { $0.result.requests == 200 })
  }

  @Test func eachCellRunsAtItsOwnConcurrencyAndShardCount() {
    let runner = SweepRunner(scenario: Self.scenario, plan: Self.plan)
    let cell = Self.plan.cells.first { $0.variant.shards == 3 && $0.concurrency == 4 }!
    let scenario = runner.scenario(for: cell)
    #expect(scenario.concurrency == 4)
    #expect(scenario.shards == 3)
    #expect(scenario.variants == [cell.variant])
    #expect(scenario.keys == Self.scenario.keys)
  }
}
