import CacheBenchCore

/// Runs the cells of a sweep one after another in one process, each exactly as `run` would measure its
/// variant (warm-up on a throwaway cache, then a window on a fresh one metered for memory and CPU, then the
/// accounting check), with the workload, and the decoder calibration shared by every cell.
///
/// With `repetitions` above 1 every cell is measured that many times, interleaved as `run --repeat`
/// measures its variants (`RepetitionOrder`: the plan forward, then backward, then forward), so a drift
/// in the host's load is spread over every cell rather than charged to the last ones.
///
/// With a deadline, no cell starts once the deadline has passed; the cell running at the deadline finishes,
/// so a sweep overruns its budget by at most one cell. The clock is injectable so tests can spend the
/// budget without waiting.
struct SweepRunner: Sendable {
  /// What a progress display is told before each cell.
  struct Progress: Sendable {
    /// The cell about to run.
    var cell: SweepCell
    /// Its 1-based position in the plan.
    var position: Int
    /// Cells in the plan.
    var total: Int
    /// Nanoseconds since the runner started.
    var elapsed: UInt64
    /// Nanoseconds left until the deadline, if there is one.
    var budgetLeft: UInt64?
    /// The cells measured so far, with the nanoseconds each took, in the order they ran.
    var measured: [SweepTimeEstimate.Measured] = []
    /// Whether the windows stop by requests (`SweepTimeEstimate.scalesWithClients`).
    var stopsByRequests = true
    /// The cells still to run after this one, this one first, in the order they will run.
    var remaining: [SweepCell] = []
    /// Which repetition this measurement of the cell is, from 1, and how many each cell gets.
    var repetition = 1
    var repetitions = 1
  }

  /// The workload every cell gets; its concurrency, shard count, client threads and variants are replaced
  /// per cell.
  var scenario: Scenario
  /// The cells to run, in order.
  var plan: SweepPlan
  /// Measurements of each cell, interleaved (`RepetitionOrder`); 1 by default.
  var repetitions = 1
  /// `MonotonicClock` reading after which no cell starts; `nil` for no budget.
  var deadline: UInt64?
  /// The clock the budget is checked against: `MonotonicClock`, except in tests.
  var clock: @Sendable () -> UInt64 = { MonotonicClock.now() }
  /// Told before each cell starts.
  var onProgress: @Sendable (Progress) -> Void = { _ in }
  /// Measures each cell's memory and CPU, as a run's meter measures each variant; by default nothing
  /// (every such figure unknown), for tests that do not ask for them.
  var meter = ResourceMeter.disabled

  /// Measures the cells in plan order (each `repetitions` times, interleaved) until the plan or the
  /// budget is exhausted; a cell's measurements are in the order they ran.
  @concurrent
  func run() async throws(AccountingError) -> [(cell: SweepCell, result: VariantResult)] {
    let keys = KeySequence(
      distribution: scenario.distribution, keys: scenario.keys, seed: scenario.seed)
    let decoder = PayloadDecoder.calibrated(cost: scenario.decodeCost)
    let schedule = RepetitionOrder.schedule(plan.cells, repetitions: repetitions)
    let stopsByRequests: Bool
    if case .requests = scenario.stop { stopsByRequests = true } else { stopsByRequests = false }
    let start = clock()
    var results: [(cell: SweepCell, result: VariantResult)] = []
    var measured: [SweepTimeEstimate.Measured] = []
    var cellStart = start
    for (index, entry) in schedule.enumerated() {
      let now = clock()
      if let last = results.last {
        measured.append(
          .init(
            cell: last.cell, nanoseconds: now &- cellStart, result: last.result,
            warmupRequests: scenario.warmupRequests, cores: HostInfo.onlineCores))
      }
      if let deadline, now >= deadline { break }
      cellStart = now
      onProgress(
        Progress(
          cell: entry.item, position: index + 1, total: schedule.count, elapsed: now &- start,
          budgetLeft: deadline.map { $0 &- now }, measured: measured,
          stopsByRequests: stopsByRequests, remaining: schedule[index...].map(\.item),
          repetition: entry.repetition + 1, repetitions: repetitions))
      var driver = BenchmarkDriver(scenario: scenario(for: entry.item))
      driver.meter = meter
      // nil only when the run was asked to stop before the window, which ends the sweep.
      guard
        var result = try await driver.measure(entry.item.variant, keys: keys, decoder: decoder)
      else { break }
      await driver.measureRetainedBytes(of: &result)
      results.append((entry.item, result))
    }
    return results
  }

  /// The scenario of one cell: the shared workload at the cell's concurrency and client threads, with the
  /// cell's variant.
  func scenario(for cell: SweepCell) -> Scenario {
    var scenario = self.scenario
    scenario.concurrency = cell.concurrency
    scenario.threads = cell.threads
    scenario.shards = cell.variant.shards
    scenario.variants = [cell.variant]
    return scenario
  }
}
