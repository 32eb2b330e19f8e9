import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct ContentionTableWriterTests {
  @Test func rendersWaitBusySchedulingServiceUtilisationAndTheHitPathAgainstItsFloor() {
    var naive = OutputFixtures.naiveInside
    naive.actorWait = OutputFixtures.histogram(2_500_000)
    naive.actorService = OutputFixtures.histogram(200_000)
    naive.schedulingDelay = OutputFixtures.histogram(2_000_000)
    naive.actorBusyWait = OutputFixtures.histogram(1_000_000)
    naive.utilisation = IsolationUtilisation(busyNanoseconds: [750], windowNanoseconds: 1_000)
    naive.decodes = 4
    naive.decodesOnActor = 4
    var sharded = OutputFixtures.shardedOutside
    sharded.actorWait = OutputFixtures.histogram(1_500)
    sharded.actorService = OutputFixtures.histogram(250)
    sharded.actorBusyWait = OutputFixtures.histogram(0)
    sharded.utilisation = IsolationUtilisation(
      busyNanoseconds: [500, 100, 0, 0, 0, 0, 0, 200], windowNanoseconds: 1_000)
    sharded.decodes = 10
    sharded.decodesOnActor = 0
    let text = ContentionTableWriter.render(
      [naive, sharded], calibration: CalibrationFixtures.roundFigures)
    let expected = """
      variant     decode   wait p50  wait p99  busy p50  busy p99  sched p50  sched p99  service p50  service p99                   util  on actor  hit path  vs floor
      ----------  -------  --------  --------  --------  --------  ---------  ---------  -----------  -----------  ---------------------  --------  --------  ----------------------
      naive       inside     2.50ms    2.50ms    1.00ms    1.00ms     2.00ms     2.00ms        200µs        200µs                  75.0%    100.0%    80.0ns  1.60× empty actor call
      sharded(8)  outside    1.50µs    1.50µs       0ns       0ns        n/a        n/a        250ns        250ns  50.0% max, 10.0% mean      0.0%   120.0ns  2.40× empty actor call

      """
    #expect(text == expected)
  }

  @Test func emptyHistogramsShowADashAndUnmeasuredFiguresNA() {
    let mutex = VariantResult(
      variant: Variant(design: .mutex, decode: .noDecode, shards: 1), requests: 0, hits: 0,
      joins: 0, leaders: 0, errors: 0, cancellations: 0, fetches: 0, duplicateFetches: 0,
      windowNanoseconds: 1, latency: LatencyHistogram(), fetchLatency: LatencyHistogram(),
      configuredFetchLatency: .zero)
    let measured = ContentionTableWriter.render(
      [mutex], calibration: CalibrationFixtures.roundFigures)
    #expect(
      measured.hasSuffix(
        "mutex    none           -         -         -         -        n/a        n/a            -            -   n/a       n/a       n/a  n/a\n"
      ))
    var timedOnly = CalibrationFixtures.roundFigures
    timedOnly.hitPaths = [.init(design: .mutex, shards: 1, nanoseconds: 50)]
    #expect(
      ContentionTableWriter.render([mutex], calibration: timedOnly).hasSuffix(
        "   50.0ns  2.00× async call + Mutex op, timed\n"),
      "a design without busy totals shows its timed hit, and says so")
    let uncalibrated = ContentionTableWriter.render([mutex], calibration: nil)
    #expect(uncalibrated.hasSuffix("-            -   n/a       n/a       n/a  n/a\n"))
  }
}
