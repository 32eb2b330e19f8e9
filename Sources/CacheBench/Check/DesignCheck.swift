import CacheBenchCore

/// `cachebench check`: short targeted scenarios on one design, each a lesson users of actor caches wrote
/// up, judged pass, warn or fail with the figures it rests on and what to change. The design gets the
/// same `CacheEnvironment` a run gives it, with a `CheckFetcher` whose fetches wait for the check, so a
/// design without any hook is checked like a built-in one.
struct DesignCheck {
  /// How one check ended.
  enum Verdict: String, Sendable, Equatable {
    case pass, warn, fail
  }

  /// One line of the report card.
  struct Outcome: Sendable, Equatable {
    /// The check's short name: `reentrancy`, `failed-fetch`, ...
    var check: String
    var verdict: Verdict
    /// What was seen, with its figures.
    var evidence: String
    /// What to change; nil when there is nothing to.
    var fix: String?
  }

  let design: CacheDesign
  /// Shards for a sharded design.
  var shards = 4
  /// How long the check waits for a caller after releasing its fetch before calling the design hung.
  var patience: Duration = .seconds(10)
  /// How long no new fetch may start before the callers are taken to be waiting: the settling the
  /// check does instead of a hook in the design (see `Settling`).
  var quiet: Duration = .milliseconds(100)
  /// The design the hit-scaling check compares with (the Mutex design), or nil for none.
  var reference: CacheDesign?
  /// Whether `run` ends with the hit-scaling check, the one timed check.
  var includesHitScaling = true
  /// When each hit-scaling run stops, after a warm-up that fetches every key: 0.2 s.
  var hitStop: StopCondition = .duration(.milliseconds(200))
  /// Runs at each client count, the design's and the reference's alternating; the highest rate of
  /// each counts (see `hitScaling`).
  var hitRounds = 3

  /// The timed check's name, which `run` ends with unless `includesHitScaling` is off.
  static let hitScalingCheck = "hit-scaling"

  /// Callers of one cold key in the reentrancy check.
  static let overlappingCallers = 16
  /// Waiters on the failing fetch in the failed-fetch check.
  static let failingWaiters = 4

  /// A new cache of the design, around `fetcher`.
  func makeCache(_ fetcher: CheckFetcher) throws -> any Cache {
    try design.makeCache(
      CacheEnvironment(
        fetcher: fetcher, keys: 64, shards: design.isSharded ? shards : 1))
  }

  /// Every check, in the report's order. A design that cannot be built fails every check, saying why.
  func run() async -> [Outcome] {
    var outcomes: [Outcome] = []
    for (name, check) in Self.checks {
      do {
        outcomes.append(try await check(self))
      } catch {
        outcomes.append(
          Outcome(
            check: name, verdict: .fail, evidence: "the design could not be built: \(error)"))
      }
    }
    guard includesHitScaling else { return outcomes }
    do {
      outcomes.append(try await hitScaling(reference: reference))
    } catch {
      // Timed: a run the machine starved says nothing about the design, so it warns, as the check does.
      outcomes.append(Outcome(check: Self.hitScalingCheck, verdict: .warn, evidence: "\(error)"))
    }
    return outcomes
  }

  /// The checks by name, in order.
  static let checks: [(String, @Sendable (DesignCheck) async throws -> Outcome)] = [
    ("reentrancy", { try await $0.reentrancy() }),
    ("failed-fetch", { try await $0.failedFetch() }),
    ("cancelled-joiner", { try await $0.cancelledJoiner() }),
    (cancelledSoleCallerCheck, { try await $0.cancelledSoleCaller() }),
    ("invalidate-during-fetch", { try await $0.invalidateDuringFetch() }),
    (decodePlacementCheck, { try await $0.decodePlacement() }),
    (mainActorCheck, { try await $0.mainActor() }),
  ]
}

/// The waiting `cachebench check` does where a test would use a hook: the design gives no signal when
/// a caller is parked, so the check waits until the callers have called and no new fetch has started
/// for `quiet`. A caller still on its way to a fetch then is late by more than `quiet`, which only a
/// machine stalled for that long makes happen; the verdicts it could change are the ones that count
/// fetches, and each says how many it counted.
enum Settling {
  /// Returns once `fetcher` has started at least `atLeast` fetches and then none for `quiet`, or once
  /// `patience` has passed.
  static func settle(
    _ fetcher: CheckFetcher, atLeast: Int, quiet: Duration, patience: Duration
  ) async {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: patience)
    var seen = fetcher.startedCount
    var since = clock.now
    while clock.now < deadline {
      try? await Task.sleep(for: .milliseconds(5))
      let started = fetcher.startedCount
      if started != seen {
        (seen, since) = (started, clock.now)
      } else if started >= atLeast && since.duration(to: clock.now) >= quiet {
        return
      }
    }
  }

  /// `task`'s result, or nil when it has not finished within `patience` (the task is left running: a
  /// request hung in a cache cannot be taken back).
  static func result<Value: Sendable>(
    of task: Task<Value, Never>, within patience: Duration
  ) async -> Value? {
    let first = FirstOutcome<Finished<Value>>()
    Task { first.deliver(.value(await task.value)) }
    let timer = Task {
      try? await Task.sleep(for: patience)
      first.deliver(.timedOut)
    }
    let outcome = await first.value()
    timer.cancel()
    guard case .value(let value) = outcome else { return nil }
    return value
  }

  /// How a wait for a task ended.
  private enum Finished<Value: Sendable>: Sendable {
    case value(Value)
    case timedOut
  }
}
