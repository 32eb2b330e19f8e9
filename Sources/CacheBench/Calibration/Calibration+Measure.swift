extension Calibration {
  /// The targets at which `Task.sleep` overshoot is measured: 50 µs, 1 ms and 10 ms.
  static let sleepTargets: [Duration] = [.microseconds(50), .milliseconds(1), .milliseconds(10)]

  /// The hit paths a run of `variants` needs: one per distinct design and shard count, in variant order.
  static func hitPathDesigns(of variants: [Variant]) -> [(design: CacheDesign, shards: Int)] {
    var seen: [(design: CacheDesign, shards: Int)] = []
    for variant in variants
    where !seen.contains(where: { $0.design == variant.design && $0.shards == variant.shards }) {
      seen.append((variant.design, variant.shards))
    }
    return seen
  }

  /// Measures every floor, one probe after another, in this process: the `Mutex` contended by
  /// `concurrency` tasks, the harness with `keys`, and the hit path of each of `hitPaths`.
  ///
  /// Meant to run before any load (at the start of a run or a sweep), so the figures are the machine's and
  /// not the benchmark's. `onProbe` is told the name of each probe as it starts, for progress on stderr.
  @concurrent
  static func measure(
    concurrency: Int, keys: KeySequence, hitPaths: [(design: CacheDesign, shards: Int)],
    budget: CalibrationBudget = .standard, onProbe: @Sendable (String) -> Void = { _ in }
  ) async -> Calibration {
    onProbe("clock, histogram, calls, Mutex")
    let clockRead = CalibrationProbes.clockRead(budget: budget)
    let histogramRecord = CalibrationProbes.histogramRecord(budget: budget)
    let asyncCall = await CalibrationProbes.asyncCall(budget: budget)
    let emptyActorCall = await CalibrationProbes.emptyActorCall(budget: budget)
    let timedActorCall = await CalibrationProbes.timedActorCall(budget: budget)
    let actorToActorCall = await CalibrationProbes.actorToActorCall(budget: budget)
    let mutexUncontended = CalibrationProbes.mutexUncontended(budget: budget)
    let contended = await CalibrationProbes.mutexContended(
      concurrency: concurrency, budget: budget)
    onProbe("task creation, Task.sleep")
    let taskCreation = await CalibrationProbes.taskCreation(budget: budget)
    var overshoots: [SleepOvershoot] = []
    for target in sleepTargets {
      overshoots.append(
        SleepOvershoot(
          target: UInt64(target.nanoseconds),
          overshoot: await CalibrationProbes.sleepOvershoot(target: target, budget: budget)))
    }
    onProbe("harness and hit paths")
    let harness = await HarnessProbe.measure(keys: keys, budget: budget)
    var measuredHitPaths: [HitPath] = []
    for (design, shards) in hitPaths {
      let nanoseconds = await HitPathProbe.measure(design: design, shards: shards, budget: budget)
      measuredHitPaths.append(HitPath(design: design, shards: shards, nanoseconds: nanoseconds))
    }
    return Calibration(
      clockRead: clockRead, histogramRecord: histogramRecord, asyncCall: asyncCall,
      emptyActorCall: emptyActorCall,
      timedActorCall: timedActorCall, actorToActorCall: actorToActorCall,
      mutexUncontended: mutexUncontended, mutexContended: contended.nanoseconds,
      contendedConcurrency: concurrency, contendingTasks: contended.tasks,
      taskCreation: taskCreation, sleepOvershoots: overshoots,
      harness: harness, hitPaths: measuredHitPaths)
  }

  /// This calibration with the contended `Mutex` measured again at `concurrency`, for a sweep whose cells
  /// differ in concurrency.
  @concurrent
  func remeasuringContention(
    at concurrency: Int, budget: CalibrationBudget = .standard
  ) async -> Calibration {
    guard concurrency != contendedConcurrency else { return self }
    var copy = self
    let contended = await CalibrationProbes.mutexContended(
      concurrency: concurrency, budget: budget)
    copy.mutexContended = contended.nanoseconds
    copy.contendedConcurrency = concurrency
    copy.contendingTasks = contended.tasks
    return copy
  }
}
