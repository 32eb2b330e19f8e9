extension Calibration {
  /// The targets at which `Task.sleep` overshoot is measured: 50 µs, 1 ms and 10 ms.
  static let sleepTargets: [Duration] = [
    .microseconds(50), .milliseconds(1), .milliseconds(10),
  ]

  /// The hit paths a run of `variants` needs: one per distinct design and shard count, in variant order.
  package static func hitPathDesigns(of variants: [Variant]) -> [(design: CacheDesign, shards: Int)]
  {
    var seen: [(design: CacheDesign, shards: Int)] = []
    for variant in variants
    where !seen.contains(where: { $0.design == variant.design && $0.shards == variant.shards }) {
      seen.append((variant.design, variant.shards))
    }
    return seen
  }

  /// Measures every floor in this process: the probes of one operation interleaved round by round
  /// (`CalibrationProbes.bestOfInterleavedRounds`), then the `Mutex` contended at `concurrency`, then the
  /// sleeps; the harness runs with `keys`, and there is a hit path for each of `hitPaths`, over payloads
  /// of `payloadBytes` (the run's `--payload-bytes`) in a cache built for as many keys as `keys` has.
  ///
  /// Meant to run before any load (at the start of a run or a sweep), so the figures are the machine's and
  /// not the benchmark's. `onProbe` is told the name of each probe as it starts, for progress on stderr.
  @concurrent
  package static func measure(
    concurrency: Int, keys: KeySequence, hitPaths: [(design: CacheDesign, shards: Int)],
    payloadBytes: Int = 64, budget: CalibrationBudget = .standard,
    onProbe: @Sendable (String) -> Void = { _ in }
  ) async -> Calibration {
    onProbe("clock, histogram, calls, Mutex, task, harness and hit paths, interleaved")
    let harness = await HarnessProbe.makeRound(
      keys: keys, payloadBytes: payloadBytes, budget: budget)
    // Per hit path, the timed round then the untimed one, interleaved with every other probe's.
    var hitPathProbes: [HitPathProbe.Preparation] = []
    for (design, shards) in hitPaths {
      for timed in [true, false] {
        hitPathProbes.append(
          await HitPathProbe.prepare(
            design: design, shards: shards, timed: timed, payloadBytes: payloadBytes,
            keys: keys.keys, budget: budget))
      }
    }
    // The typed adapter's twins, last, read from the end of the rounds.
    var adapterProbes: [HitPathProbe.Preparation] = []
    for design in [AdapterTwin.typed, AdapterTwin.keyed, AdapterTwin.untyped] {
      adapterProbes.append(
        await HitPathProbe.prepare(
          design: design, shards: 1, payloadBytes: payloadBytes, keys: 1, budget: budget))
    }
    let probes: [ProbeRound] =
      [
        CalibrationProbes.clockRead(budget: budget),
        CalibrationProbes.histogramRecord(budget: budget),
        CalibrationProbes.asyncCall(budget: budget),
        CalibrationProbes.emptyActorCall(budget: budget),
        CalibrationProbes.timedActorCall(budget: budget),
        CalibrationProbes.actorToActorCall(budget: budget),
        CalibrationProbes.mutexUncontended(budget: budget),
        CalibrationProbes.taskCreation(budget: budget),
        harness.round,
        await CalibrationProbes.referenceCoalescingHit(budget: budget),
      ] + hitPathProbes.compactMap(\.round) + adapterProbes.compactMap(\.round)
    let best = await CalibrationProbes.bestOfInterleavedRounds(probes, rounds: budget.rounds)
    var measuredHitPaths = best.dropFirst(10).makeIterator()
    let figures = hitPathProbes.map { probe in
      Self.figure(of: probe, best: probe.round == nil ? nil : measuredHitPaths.next())
    }
    let adapter = adapterProbes.map { probe in
      Self.figure(of: probe, best: probe.round == nil ? nil : measuredHitPaths.next())
    }
    let hitPathFigures = hitPaths.indices.map { index in
      HitPath(
        design: hitPaths[index].design, shards: hitPaths[index].shards,
        nanoseconds: figures[2 * index].nanoseconds,
        untimedNanoseconds: figures[2 * index + 1].nanoseconds,
        unmeasured: figures[2 * index].unmeasured,
        untimedUnmeasured: figures[2 * index + 1].unmeasured)
    }
    onProbe("contended Mutex")
    let contended = await CalibrationProbes.mutexContended(
      concurrency: concurrency, budget: budget)
    onProbe("Task.sleep")
    var overshoots: [SleepOvershoot] = []
    for target in sleepTargets {
      overshoots.append(
        SleepOvershoot(
          target: UInt64(target.nanoseconds),
          overshoot: await CalibrationProbes.sleepOvershoot(target: target, budget: budget)))
    }
    return Calibration(
      clockRead: best[0], histogramRecord: best[1], asyncCall: best[2], emptyActorCall: best[3],
      timedActorCall: best[4], actorToActorCall: best[5], mutexUncontended: best[6],
      mutexContended: contended.nanoseconds, contendedConcurrency: concurrency,
      contendingTasks: contended.tasks, taskCreation: best[7],
      referenceCoalescingHit: best[9], sleepOvershoots: overshoots,
      harness: HarnessCost(
        nanosecondsPerRequest: best[8],
        allocatedBytesPerRequest: harness.allocatedBytesPerRequest()),
      hitPaths: hitPathFigures,
      typedAdapter: TypedAdapterCost(
        typed: adapter[0].nanoseconds, keyed: adapter[1].nanoseconds,
        intKeyed: adapter[2].nanoseconds))
  }

  /// A hit-path probe's figure from its best round (`nil` when it had no rounds), or why it has none.
  private static func figure(
    of probe: HitPathProbe.Preparation, best: Double?
  ) -> (nanoseconds: Double?, unmeasured: Unmeasured?) {
    switch probe {
    case .unmeasured(let reason): return (nil, reason)
    case .rounds(_, let unmeasured):
      guard let best, best.isFinite else { return (nil, unmeasured() ?? .notAHit) }
      return (best, nil)
    }
  }

  /// This calibration with the contended `Mutex` measured again at `concurrency`, for a sweep whose cells
  /// differ in concurrency.
  @concurrent
  package func remeasuringContention(
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
