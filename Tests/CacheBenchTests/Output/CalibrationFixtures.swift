@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// A calibration with round figures, for arithmetic and rendering that must come out exact.
enum CalibrationFixtures {
  static let roundFigures = Calibration(
    clockRead: 12, histogramRecord: 4, asyncCall: 20, emptyActorCall: 50, timedActorCall: 80,
    actorToActorCall: 120, mutexUncontended: 5, mutexContended: 400, contendedConcurrency: 4,
    contendingTasks: 2, taskCreation: 900, referenceCoalescingHit: 100,
    sleepOvershoots: [
      .init(target: 50_000, overshoot: 60_000), .init(target: 1_000_000, overshoot: 70_000),
      .init(target: 10_000_000, overshoot: nil),
    ],
    harness: .init(nanosecondsPerRequest: 64.25, allocatedBytesPerRequest: 0),
    hitPaths: [
      .init(design: .naive, shards: 1, nanoseconds: 110, untimedNanoseconds: 80),
      .init(design: .sharded, shards: 8, nanoseconds: 150, untimedNanoseconds: 120),
      .init(design: .mutex, shards: 1, nanoseconds: nil),
    ])
}
