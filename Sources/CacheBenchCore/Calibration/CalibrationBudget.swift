import Foundation

/// How much work the calibration probes do: a trade of run time against stability.
///
/// Every probe times `rounds` rounds and keeps the best round mean. One round is `operationsPerRound`
/// operations for probes whose operation costs tens of nanoseconds (actor calls, hit paths); the cheapest
/// operations (clock read, histogram record, uncontended `Mutex`) and the harness get four times as many,
/// and the expensive ones fewer (a quarter for the contended `Mutex`, a twenty-fifth for task creation).
/// Rounds are short (well under a millisecond for most probes) and many, because on a shared machine the
/// scheduler preempts a thread every few milliseconds: a short round often runs undisturbed, and the best
/// round is the one that did. `Task.sleep` overshoot takes `sleepSamples` sleeps per target.
package struct CalibrationBudget: Sendable, Equatable {
  /// Rounds per probe; the best is kept.
  package var rounds: Int
  /// Operations per round of a probe whose operation costs about as much as an actor call.
  var operationsPerRound: Int
  /// Sleeps per `Task.sleep` target; the median is kept.
  var sleepSamples: Int
  /// How long a hit-path probe's warm-up lookups, and each of its rounds, may take before the design is
  /// taken for hung (`HitPathProbe`): calibration runs before any window, where no stall watch could stop
  /// it. Ten seconds is far beyond any answering design's warm-up; tests that check what a probe measures,
  /// in a process whose thread pool other tests crowd, set a longer one (`waiting(upTo:)`).
  var warmUpLimit: Duration = .seconds(10)

  /// What `calibrate` and every run use: about half a second on a 2-core machine, most of it sleeping.
  static let standard = CalibrationBudget(
    rounds: 31, operationsPerRound: 5_000, sleepSamples: 11)

  /// Enough to exercise every probe in tests, in a few tens of milliseconds.
  package static let quick = CalibrationBudget(rounds: 2, operationsPerRound: 500, sleepSamples: 3)

  /// This budget with `limit` for the hit-path probe's warm-up.
  package func waiting(upTo limit: Duration) -> CalibrationBudget {
    var budget = self
    budget.warmUpLimit = limit
    return budget
  }

  /// Operations per round for a probe whose operation is `factor` times as cheap as an actor call
  /// (or as expensive, below 1), at least 1.
  func operations(scaledBy factor: Double) -> Int {
    max(1, Int(Double(operationsPerRound) * factor))
  }

  /// The environment variable that makes every calibration of a process `quick`: `CACHEBENCH_CALIBRATION=quick`.
  /// `scripts/test` sets it for every test pass, whose tests run the executable dozens of times and
  /// check what it does, not how stable its floors are; any other value, or none, is `standard`.
  package static let environmentVariable = "CACHEBENCH_CALIBRATION"

  /// `quick` when `environment` asks for it, else `standard`.
  package static func chosen(
    by environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> CalibrationBudget {
    environment[environmentVariable] == "quick" ? .quick : .standard
  }
}
