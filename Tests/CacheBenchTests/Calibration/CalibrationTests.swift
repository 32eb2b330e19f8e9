import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The floors, measured with a small budget: positive, and ordered where the order is certain.
@Suite(.timeLimit(.minutes(2)))
struct CalibrationTests {
  /// The quick budget, with a warm-up limit beyond the suite's: these tests check what the probes
  /// measure, and in a test process whose thread pool every other test crowds, the two warm-up lookups
  /// of a design that answers took over the standard 10 s (at load 7 on 2 cores). A design that really
  /// hung would fail the suite's time limit instead.
  private static let budget = CalibrationBudget.quick.waiting(upTo: .seconds(150))

  /// One calibration shared by the tests that only read it, measured once on first use.
  private static let measured = Task {
    await Calibration.measure(
      concurrency: 4, keys: KeySequence(distribution: .zipf(theta: 0.99), keys: 1_000, seed: 1),
      hitPaths: Calibration.hitPathDesigns(
        of: Variant.all(designs: CacheDesign.builtIn, placements: [.noDecode], shards: 4)),
      budget: Self.budget)
  }

  @Test func everyFigureIsPositiveAndFinite() async throws {
    let calibration = await Self.measured.value
    let figures = [
      calibration.clockRead, calibration.histogramRecord, calibration.asyncCall,
      calibration.emptyActorCall, calibration.timedActorCall, calibration.actorToActorCall,
      calibration.mutexUncontended, calibration.taskCreation,
      calibration.harness.nanosecondsPerRequest, calibration.referenceCoalescingHit,
    ]
    for figure in figures {
      #expect(figure > 0 && figure.isFinite)
    }
    if let contended = calibration.mutexContended {
      #expect(contended > 0 && contended.isFinite)
    }
    #expect(calibration.contendedConcurrency == 4)
    #expect(calibration.contendingTasks == min(4, HostInfo.onlineCores))
    #expect(calibration.sleepOvershoots.map(\.target) == [50_000, 1_000_000, 10_000_000])
    for sleep in calibration.sleepOvershoots {
      let overshoot = try #require(sleep.overshoot)
      #expect(overshoot >= 0)
    }
  }

  @Test func everyDesignHasAMeasuredHitPathAboveItsFloorMechanismsClockReads() async throws {
    let calibration = await Self.measured.value
    #expect(calibration.hitPaths.map(\.design) == CacheDesign.builtIn)
    for hitPath in calibration.hitPaths {
      let nanoseconds = try #require(hitPath.nanoseconds, "\(hitPath.design)")
      // Every hit reads the clock twice inside the isolation.
      #expect(nanoseconds > calibration.clockRead, "\(hitPath.design)")
    }
  }

  @Test func everyBuiltInDesignHasAnUntimedHitPathToo() async throws {
    let calibration = await Self.measured.value
    for hitPath in calibration.hitPaths {
      let nanoseconds = try #require(hitPath.untimedNanoseconds, "\(hitPath.design)")
      #expect(nanoseconds > 0 && nanoseconds.isFinite, "\(hitPath.design)")
    }
  }

  @Test func theUntimedProbeMeasuresACacheWhoseDomainsReadNoClock() async throws {
    // The probe switches off the clock of the cache it builds, not of the design's other caches.
    let round = try #require(
      await HitPathProbe.prepare(
        design: .coalescing, shards: 1, timed: false, budget: Self.budget
      ).round)
    #expect(await round() > 0)
    let environment = CacheEnvironment(
      fetcher: ControllableFetcher(), decodePlacement: .noDecode, keys: 1, shards: 1)
    let other = try CacheDesign.coalescing.makeCache(environment)
    let domain = try #require(other.isolationBusyTimes?.first)
    #expect(domain.clockReading > 0)
  }

  /// Many short rounds rather than the shared quick calibration's two: the best round of a probe is then
  /// one the scheduler left alone, which two rounds in a suite that keeps both cores busy may not have
  /// (a clock read once measured 430 ns there, above an actor call's 321 ns).
  @Test func anActorCallCostsAtLeastAClockReadAndATaskMoreThanAnActorCall() async {
    let calibration = await Calibration.measure(
      concurrency: 2, keys: KeySequence(distribution: .uniform, keys: 100, seed: 1), hitPaths: [],
      budget: CalibrationBudget(rounds: 31, operationsPerRound: 100, sleepSamples: 1))
    #expect(calibration.emptyActorCall > calibration.clockRead)
    #expect(calibration.actorToActorCall > calibration.clockRead)
    #expect(calibration.taskCreation > calibration.emptyActorCall)
  }

  @Test func theHarnessLoopStaysOnOneThreadSoItsAllocationsAreMeasured() async {
    let calibration = await Self.measured.value
    #if Jemalloc
      #expect(calibration.harness.allocatedBytesPerRequest != nil)
    #else
      // Without jemalloc (the sanitizer builds) there is no per-thread counter to read.
      #expect(calibration.harness.allocatedBytesPerRequest == nil)
    #endif
  }

  @Test func hitPathsAreMeasuredOncePerDesignAndShardCountInVariantOrder() {
    let variants =
      Variant.all(designs: [.mutex, .sharded], placements: [.inside, .outside], shards: 4)
      + [Variant(design: .sharded, decode: .inside, shards: 8)]
    let designs = Calibration.hitPathDesigns(of: variants)
    #expect(designs.map(\.design) == [.mutex, .sharded, .sharded])
    #expect(designs.map(\.shards) == [1, 4, 8])
  }

  @Test(arguments: [
    (CacheDesign.naive, 1, 110.0, 2.2),
    (CacheDesign.coalescing, 1, 120.0, 2.4),
    (CacheDesign.sharded, 4, 150.0, 3.0),
    // The async call (20) plus the Mutex op (5).
    (CacheDesign.mutex, 1, 20.0, 0.8),
  ])
  func hitPathRatiosDivideByTheDesignsFloorMechanism(
    design: CacheDesign, shards: Int, nanoseconds: Double, expected: Double
  ) {
    var calibration = CalibrationFixtures.roundFigures
    calibration.hitPaths = [
      Calibration.HitPath(design: design, shards: shards, nanoseconds: nanoseconds)
    ]
    let variant = Variant(design: design, decode: .inside, shards: shards)
    #expect(calibration.hitPath(of: variant) == nanoseconds)
    #expect(calibration.hitPathRatio(of: variant) == expected)
    #expect(
      calibration.hitPathRatio(of: Variant(design: design, decode: .inside, shards: shards + 1))
        == nil)
  }

  @Test func theTimingOverheadIsTheTimedCallLessTheEmptyOneAndNeverNegative() {
    var calibration = CalibrationFixtures.roundFigures
    #expect(calibration.timingOverhead == 30)
    calibration.timedActorCall = 40
    #expect(calibration.timingOverhead == 0)
  }

  @Test func remeasuringContentionChangesOnlyTheContendedFigures() async {
    let calibration = CalibrationFixtures.roundFigures
    let same = await calibration.remeasuringContention(at: 4, budget: .quick)
    #expect(same == calibration)
    let other = await calibration.remeasuringContention(at: 2, budget: .quick)
    #expect(other.contendedConcurrency == 2)
    var expected = other
    #expect(other.contendingTasks == min(2, HostInfo.onlineCores))
    expected.mutexContended = calibration.mutexContended
    expected.contendedConcurrency = calibration.contendedConcurrency
    expected.contendingTasks = calibration.contendingTasks
    #expect(expected == calibration)
  }
}
