import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct CalibrationTableWriterTests {
  @Test func rendersEveryMechanismThenEveryHitPathAgainstItsFloor() {
    let text = CalibrationTableWriter.render(CalibrationFixtures.roundFigures)
    let expected = """
      mechanism                 cost  note
      ---------------------  -------  -------------------------------------------------------
      clock read              12.0ns  MonotonicClock.now()
      histogram record         4.0ns  LatencyHistogram.record
      async call              20.0ns  Cache.lookup answering at once
      empty actor call        50.0ns  from a task, and back
      timed actor call        80.0ns  as the caches time a call: +30.0ns measurement overhead
      actor-to-actor call    120.0ns  from inside another actor
      reference hit          100.0ns  a hand-written coalescing actor's hit, untimed
      Mutex op, uncontended    5.0ns  withLock, one thread
      Mutex op, contended    400.0ns  2 tasks at once (concurrency 4)
      task creation          900.0ns  create, run, await value
      Task.sleep overshoot   +60.0µs  median, at 50.0µs
      Task.sleep overshoot   +70.0µs  median, at 1.00ms
      Task.sleep overshoot       n/a  median, at 10.0ms
      harness per request     64.3ns  ClientLoop around get; 0 allocations

      hit path       cost  vs floor               with timing  untimed  vs floor  vs reference
      ----------  -------  ---------------------  -----------  -------  --------  ------------
      naive       110.0ns  2.2× empty actor call        1.38×   80.0ns     1.60×         0.80×
      sharded(8)  150.0ns  3.0× empty actor call        1.88×  120.0ns     2.40×         1.20×
      mutex           n/a  n/a                            n/a      n/a       n/a           n/a

      """
    #expect(text == expected)
  }

  @Test func theRunSummaryIsTwoLines() {
    let text = CalibrationTableWriter.summary(CalibrationFixtures.roundFigures)
    let expected =
      "floor: clock read 12.0ns, async call 20.0ns, empty actor call 50.0ns (timed +30.0ns),"
      + " actor-to-actor 120.0ns, Mutex 5.0ns (400.0ns contended by 2), histogram record 4.0ns,"
      + " task 900.0ns\n"
      + "floor: Task.sleep overshoot +60.0µs at 50.0µs, +70.0µs at 1.00ms, n/a at 10.0ms;"
      + " harness 64.3ns per request, 0 allocations\n"
    #expect(text == expected)
  }

  @Test(arguments: [
    (4.25, "4.3ns"), (0, "0.0ns"), (999.9, "999.9ns"), (999.96, "1.00µs"), (41_234, "41.2µs"),
    (Double.nan, "n/a"), (-1, "n/a"),
  ])
  func costsKeepOneDecimalBelowAMicrosecond(nanoseconds: Double, expected: String) {
    #expect(CalibrationTableWriter.cost(nanoseconds) == expected)
  }

  @Test func aContendedMutexThatNeverRanTogetherIsNA() {
    var calibration = CalibrationFixtures.roundFigures
    calibration.mutexContended = nil
    #expect(CalibrationTableWriter.render(calibration).contains("Mutex op, contended        n/a  "))
    // The table says why, as every n/a should.
    #expect(
      CalibrationTableWriter.render(calibration).contains(
        "; n/a: in no round did the tasks start within a tenth of it (a busy machine)"))
    #expect(
      CalibrationTableWriter.summary(calibration).contains("Mutex 5.0ns (n/a contended by 2)"))
    let values = CSVWriter.values(
      of: OutputFixtures.naiveInside, scenario: OutputFixtures.scenario,
      metadata: OutputFixtures.metadata, calibration: calibration)
    #expect(values[CSVWriter.columns.firstIndex(of: "floor_mutex_contended_ns")!] == "")
  }

  @Test func allocationsAreShownAsBytesWhenNotZeroAndNAWhenUnknown() {
    var calibration = CalibrationFixtures.roundFigures
    calibration.harness.allocatedBytesPerRequest = 0.125
    #expect(
      CalibrationTableWriter.summary(calibration).hasSuffix(", 0.125 B allocated per request\n"))
    calibration.harness.allocatedBytesPerRequest = nil
    #expect(CalibrationTableWriter.summary(calibration).hasSuffix(", allocations n/a\n"))
  }
}
