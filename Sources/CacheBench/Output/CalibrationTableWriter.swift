import CacheBenchCore

/// Renders a `Calibration` for people: the full table `cachebench calibrate` prints, and the two-line floor
/// summary every run prints under its tables.
///
/// Costs below a microsecond keep one decimal (`4.2ns`), because the cheapest mechanisms cost a few
/// nanoseconds and rounding them to whole ones would hide a factor of two; larger costs use `HumanUnits`.
/// A figure that could not be measured is `n/a`.
enum CalibrationTableWriter {
  /// The calibrate command's output: one table of mechanisms, one of hit paths against their floors,
  /// first the bare mechanism, then ("with timing") the mechanism plus the measurement overhead of the
  /// timed actor call, which every timed hit pays inside its isolation; then the untimed hit path, whose
  /// isolation reads no clock, against the bare mechanism: the design's own work with the harness's
  /// measurement taken out of both sides; and that against the hit of a hand-written coalescing actor.
  /// Every design probed has a row; a figure it has not is `n/a`, and a line under the table says why
  /// when the probe knows.
  static func render(_ calibration: Calibration) -> String {
    var mechanisms = TextTable(columns: [
      .init(header: "mechanism", alignment: .left),
      .init(header: "cost", alignment: .right),
      .init(header: "note", alignment: .left),
    ])
    mechanisms.rows = [
      ["clock read", cost(calibration.clockRead), "MonotonicClock.now()"],
      ["histogram record", cost(calibration.histogramRecord), "LatencyHistogram.record"],
      ["async call", cost(calibration.asyncCall), "Cache.lookup answering at once"],
      ["empty actor call", cost(calibration.emptyActorCall), "from a task, and back"],
      [
        "timed actor call", cost(calibration.timedActorCall),
        "as the caches time a call: +\(cost(calibration.timingOverhead)) measurement overhead",
      ],
      ["actor-to-actor call", cost(calibration.actorToActorCall), "from inside another actor"],
      [
        "reference hit", cost(calibration.referenceCoalescingHit),
        "a hand-written coalescing actor's hit, untimed",
      ],
      ["Mutex op, uncontended", cost(calibration.mutexUncontended), "withLock, one thread"],
      contendedMutexRow(calibration),
      ["task creation", cost(calibration.taskCreation), "create, run, await value"],
    ]
    for sleep in calibration.sleepOvershoots {
      mechanisms.rows.append([
        "Task.sleep overshoot", sleep.overshoot.map { "+" + cost($0) } ?? "n/a",
        "median, at \(HumanUnits.latency(nanoseconds: sleep.target))",
      ])
    }
    mechanisms.rows += typedAdapterRows(calibration)
    mechanisms.rows.append([
      "harness per request", cost(calibration.harness.nanosecondsPerRequest),
      "ClientLoop around get; " + allocationText(calibration.harness),
    ])
    var hitPaths = TextTable(columns: [
      .init(header: "hit path", alignment: .left),
      .init(header: "cost", alignment: .right),
      .init(header: "vs floor", alignment: .left),
      .init(header: "with timing", alignment: .right),
      .init(header: "untimed", alignment: .right),
      .init(header: "vs floor", alignment: .right),
      .init(header: "vs reference", alignment: .right),
    ])
    for hitPath in calibration.hitPaths {
      let variant = Variant(design: hitPath.design, decode: .noDecode, shards: hitPath.shards)
      hitPaths.rows.append([
        variant.name, hitPath.nanoseconds.map(cost) ?? "n/a", floorRatioText(calibration, variant),
        multiple(calibration.timedHitPathRatio(of: variant)),
        hitPath.untimedNanoseconds.map(cost) ?? "n/a",
        multiple(calibration.untimedHitPathRatio(of: variant)),
        multiple(calibration.untimedReferenceRatio(of: variant)),
      ])
    }
    return mechanisms.render() + "\n" + hitPaths.render() + unmeasuredLines(calibration)
  }

  /// The typed adapter's cost per hit against its Int-keyed twin (`Calibration.TypedAdapterCost`),
  /// signed, since noise can make it negative; no row when it was not measured.
  static func typedAdapterRows(_ calibration: Calibration) -> [[String]] {
    guard let adapter = calibration.typedAdapter else { return [] }
    let twin = adapter.intKeyed.map(cost) ?? "n/a"
    func row(_ name: String, _ overhead: Double?, _ share: Double?, _ how: String) -> [String] {
      let signed = overhead.map { $0 < 0 ? "-" + cost(-$0) : cost($0) } ?? "n/a"
      let percent = share.map { ", " + DecimalText.fixed($0 * 100, fractionDigits: 1) + "%" }
      return [
        name, signed, "per hit, \(how) vs its Int-keyed twin (\(twin) hit)" + (percent ?? ""),
      ]
    }
    return [
      row("typed adapter", adapter.keyedOverhead, adapter.keyedOverheadShare, "KeyedCache"),
      row("typed, by closure", adapter.overhead, adapter.overheadShare, "lookup closure"),
    ]
  }

  /// One line per hit-path figure that is `n/a` for a known reason:
  /// `n/a: hookless untimed: its hits report IsolationTiming without busy totals, …`.
  static func unmeasuredLines(_ calibration: Calibration) -> String {
    calibration.hitPaths.map { hitPath in
      let name = Variant(design: hitPath.design, decode: .noDecode, shards: hitPath.shards).name
      if let reason = hitPath.unmeasured { return "n/a: \(name): \(reason)\n" }
      if let reason = hitPath.untimedUnmeasured { return "n/a: \(name) untimed: \(reason)\n" }
      return ""
    }.joined()
  }

  /// Two lines summarising the floor, printed under a run's tables.
  static func summary(_ calibration: Calibration) -> String {
    let sleeps = calibration.sleepOvershoots.map { sleep in
      (sleep.overshoot.map { "+" + cost($0) } ?? "n/a")
        + " at \(HumanUnits.latency(nanoseconds: sleep.target))"
    }
    return "floor: clock read \(cost(calibration.clockRead)),"
      + " async call \(cost(calibration.asyncCall)),"
      + " empty actor call \(cost(calibration.emptyActorCall))"
      + " (timed +\(cost(calibration.timingOverhead))),"
      + " actor-to-actor \(cost(calibration.actorToActorCall)),"
      + " Mutex \(cost(calibration.mutexUncontended))"
      + " (\(calibration.mutexContended.map(cost) ?? "n/a") contended by"
      + " \(calibration.contendingTasks)),"
      + " histogram record \(cost(calibration.histogramRecord)),"
      + " task \(cost(calibration.taskCreation))\n"
      + "floor: Task.sleep overshoot \(sleeps.joined(separator: ", "));"
      + " harness \(cost(calibration.harness.nanosecondsPerRequest)) per request,"
      + " \(allocationText(calibration.harness))\n"
  }

  /// The contended Mutex row: its cost, or `n/a` and why.
  private static func contendedMutexRow(_ calibration: Calibration) -> [String] {
    [
      "Mutex op, contended", calibration.mutexContended.map(cost) ?? "n/a",
      "\(calibration.contendingTasks) tasks at once (concurrency"
        + " \(calibration.contendedConcurrency))"
        + (calibration.mutexContended == nil
          ? "; n/a: in no round did the tasks start within a tenth of it (a busy machine)" : ""),
    ]
  }

  /// A cost in nanoseconds: one decimal below 1 µs (`4.2ns`, `812.0ns`), `HumanUnits` above.
  static func cost(_ nanoseconds: Double) -> String {
    guard nanoseconds.isFinite, nanoseconds >= 0 else { return "n/a" }
    if nanoseconds < 999.95 { return DecimalText.fixed(nanoseconds, fractionDigits: 1) + "ns" }
    return HumanUnits.latency(nanoseconds: UInt64(nanoseconds.rounded()))
  }

  /// `variant`'s hit path as a multiple of its floor, naming the floor: `2.1× empty actor call`.
  static func floorRatioText(_ calibration: Calibration, _ variant: Variant) -> String {
    guard let ratio = calibration.hitPathRatio(of: variant) else { return "n/a" }
    return DecimalText.fixed(ratio, fractionDigits: 1) + "× "
      + Calibration.floorMechanism(of: variant.design).name
  }

  /// A ratio with two decimals and a `×`, or `n/a`.
  private static func multiple(_ ratio: Double?) -> String {
    ratio.map { DecimalText.fixed($0, fractionDigits: 2) + "×" } ?? "n/a"
  }

  /// What the harness allocates: `0 allocations`, bytes per request, or `allocations n/a`.
  private static func allocationText(_ harness: Calibration.HarnessCost) -> String {
    guard let bytes = harness.allocatedBytesPerRequest else { return "allocations n/a" }
    if bytes == 0 { return "0 allocations" }
    return DecimalText.fixed(bytes, fractionDigits: 3) + " B allocated per request"
  }
}
