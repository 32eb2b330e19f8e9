import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct CSVWriterTests {
  /// The 25 contention and floor fields of a result without actor timing, in a run without calibration.
  private static let noContention = String(repeating: ",", count: 27)

  /// The operation mix and retention fields of `OutputFixtures.scenario` and its results: no invalidations,
  /// no cancellations, no capacity, no time to live, nothing evicted or expired.
  /// The operation-mix and retention columns of a run without them, then the repository columns of a
  /// design without a store: the write rate, and empty figures.
  private static let noOperationMix = ",0,0,0,,,0,0" + ",0,,,,"
  /// No scheduling-delay sample and no client spread: what a fixture result without them writes; then
  /// pool clients, for whom the main actor's figures do not apply.
  private static let unsampled =
    ",n/a,n/a,n/a,n/a,0" + ",n/a,n/a,n/a,n/a,n/a" + ",,,,,n/a,n/a,n/a" + "," + poolCaller
  /// The caller column of pool clients and their empty main-actor figures.
  private static let poolCaller = ",pool" + String(repeating: ",", count: 6)
  /// A variant measured once: one repetition, no interval.
  private static let oneRepetition = ",1" + String(repeating: ",", count: 7)
  /// The decode columns of a result that counted no decodes (`decodes`, `decode_on_actor_share`).
  private static let uncountedDecodes = ",,"
  /// The decode-after-cancellation columns of a run without `--cancel-rate`: cancelled at wait, no
  /// checkpoint, and seven empty figures (they do not apply).
  private static let noCancellation = ",wait,0" + String(repeating: ",", count: 7)
  /// The reference columns of a row without calibration (`hit_path_untimed_reference_ratio`,
  /// `floor_reference_coalescing_hit_ns`).
  private static let uncalibrated = ",,"
  /// The `ignored_options` column of a design that ignored nothing the run asked.
  private static let nothingIgnored = ","
  /// The `hit_ratio` column, after `ignored_options`: the naive fixture's 9,000 hits of 10,000
  /// requests, the sharded one's 240,000 of 250,000.
  private static let naiveHitRatio = ",0.9000"
  private static let shardedHitRatio = ",0.9600"
  /// The `main_actor_decodes` column, after `hit_ratio`: empty for the fixtures' pool callers.
  private static let noMainActorDecodes = ","
  /// The `isolation_jobs` column, after `main_actor_decodes`: empty, the fixtures' timings being their
  /// own.
  private static let ownIsolationTimings = ","
  /// The `write_failures` column, after `isolation_jobs`: empty, the fixtures' designs taking no writes.
  private static let noWriteFailures = ","
  /// The columns after `main_actor_decodes`: `isolation_jobs` and `write_failures`.
  private static let lastFields = ownIsolationTimings + noWriteFailures

  private static let naiveRow =
    "2026-11-29T15:04:36Z,0.1.0,6.3.1,0123abc,2,42,1000,zipf,0.99,16,10000,,500,1000000,4096,20000,"
    + "naive,naive,inside,1,"
    + "10000,9000,0,1000,0,0,1000,250,3.000000,3333.3,"
    + "1234567,1234567,1234567,1234567,1234567,1234567,1234567.0,1012345,1012345,,"
    + measuredFields + noContention + ",false,0," + fetcherFields + noOperationMix + unsampled
    + oneRepetition + uncountedDecodes + noCancellation + uncalibrated + nothingIgnored
    + naiveHitRatio + noMainActorDecodes + lastFields
    + "\r\n"

  /// The fetcher columns of the default fetcher (constant 1 ms, no failures, no pool), then the
  /// seven open-loop columns, empty in a closed-loop run.
  private static let fetcherFields = "1ms,0,false,,,," + String(repeating: ",", count: 7)

  /// The memory and CPU columns of `OutputFixtures.measured`.
  private static let measuredFields =
    "6000000,28000000,5375616,-8192,15000,1.500,1000,5113.5,4096,48836608,vmhwm,48000000,"
    + "0.230941,0.057324,0.288279,1643,1571"

  private static let shardedRow =
    "2026-11-29T15:04:36Z,0.1.0,6.3.1,0123abc,2,42,1000,zipf,0.99,16,10000,,500,1000000,4096,20000,"
    + "sharded(8),sharded,outside,8,"
    + "250000,240000,9000,1000,0,0,1000,0,2.000000,125000.0,"
    + "41234,41234,41234,41234,41234,41234,41234.0,1090000,1090000,,"
    + Array(repeating: "n/a", count: 17).joined(separator: ",") + noContention + ",false,0,"
    + fetcherFields + noOperationMix + unsampled + oneRepetition + uncountedDecodes + noCancellation
    + uncalibrated + nothingIgnored + shardedHitRatio + noMainActorDecodes + lastFields
    + "\r\n"

  @Test func headerIsTheDocumentedColumnListJoinedByCommas() {
    // The pinned header (`OutputSchemaGolden`), so the column list is written down once.
    let expected = OutputSchemaTests.list(OutputSchemaGolden.csvHeader)
    #expect(CSVWriter.columns == expected)
    let text = CSVWriter.render(
      results: [], scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata)
    #expect(text == expected.joined(separator: ",") + "\r\n")
  }

  @Test func rendersOneCRLFTerminatedRowPerResultInOrder() {
    let text = CSVWriter.render(
      results: [OutputFixtures.naiveInside, OutputFixtures.shardedOutside],
      scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata)
    let header = CSVWriter.columns.joined(separator: ",") + "\r\n"
    #expect(text == header + Self.naiveRow + Self.shardedRow)
  }

  @Test func everyRowHasOneFieldPerColumn() {
    let text = CSVWriter.render(
      results: [OutputFixtures.naiveInside], scenario: OutputFixtures.scenario,
      metadata: OutputFixtures.metadata)
    let records = text.split(separator: "\r\n")
    #expect(records.count == 2)
    for record in records {
      #expect(
        record.split(separator: ",", omittingEmptySubsequences: false).count
          == CSVWriter.columns.count)
    }
  }

  @Test func everyRowOfAnInterruptedRunSaysSoAndCountsItsUndrainedClients() {
    var result = OutputFixtures.naiveInside
    result.interrupted = true
    result.undrainedClients = 3
    let text = CSVWriter.render(
      results: [result], scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata)
    #expect(
      text.split(separator: "\r\n")[1].hasSuffix(
        ",1571" + Self.noContention + ",true,3," + Self.fetcherFields + Self.noOperationMix
          + Self.unsampled + Self.oneRepetition + Self.uncountedDecodes + Self.noCancellation
          + Self.uncalibrated + Self.nothingIgnored + Self.naiveHitRatio + Self.noMainActorDecodes
          + Self.lastFields))
  }

  @Test func durationStopAndUniformKeysLeaveTargetAndThetaEmpty() {
    var scenario = OutputFixtures.scenario
    scenario.distribution = .uniform
    scenario.stop = .duration(.milliseconds(2_500))
    let text = CSVWriter.render(
      results: [OutputFixtures.naiveInside], scenario: scenario,
      metadata: OutputFixtures.metadata)
    let row = text.split(separator: "\r\n")[1]
    #expect(
      row.hasPrefix("2026-11-29T15:04:36Z,0.1.0,6.3.1,0123abc,2,42,1000,uniform,,16,,2.500000,500,")
    )
  }

  @Test func histogramsThatRecordedNothingGiveEmptyLatencyFields() {
    var result = OutputFixtures.naiveInside
    result.fetchLatency = LatencyHistogram()
    result.latency = LatencyHistogram()
    let text = CSVWriter.render(
      results: [result], scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata)
    let row = text.split(separator: "\r\n")[1]
    #expect(
      row.hasSuffix(
        ",1000,250,3.000000,3333.3,,,,,,,,,,," + Self.measuredFields + Self.noContention
          + ",false,0," + Self.fetcherFields + Self.noOperationMix + Self.unsampled
          + Self.oneRepetition + Self.uncountedDecodes + Self.noCancellation + Self.uncalibrated
          + Self.nothingIgnored + Self.naiveHitRatio + Self.noMainActorDecodes
          + Self.lastFields))
  }

  @Test func unmeasuredFiguresAreNotAvailableNeverZero() {
    var result = OutputFixtures.naiveInside
    result.resources = .unmeasured
    let text = CSVWriter.render(
      results: [result], scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata)
    let fields = text.split(separator: "\r\n")[1].split(
      separator: ",", omittingEmptySubsequences: false)
    let memory = fields[
      CSVWriter.columns.firstIndex(of: "allocated_bytes")!...CSVWriter.columns.firstIndex(
        of: "ctx_switches_invol")!]
    #expect(memory.count == 17)
    #expect(memory.allSatisfy { $0 == "n/a" })
  }

  @Test func theFetcherColumnsGiveTheDistributionRateFlagLimitAndPoolQueue() {
    var scenario = OutputFixtures.scenario
    scenario.fetcher = FetcherSettings(
      latency: .lognormal(median: .milliseconds(2), sigma: 0.5), failRate: 0.05,
      ignoresCancellation: true, fetchLimit: 4)
    var result = OutputFixtures.naiveInside
    var queue = LatencyHistogram()
    queue.record(5_000)
    result.fetchQueue = queue
    let text = CSVWriter.render(
      results: [result], scenario: scenario, metadata: OutputFixtures.metadata)
    let row = text.split(separator: "\r\n")[1]
    #expect(
      row.hasSuffix(
        ",\"lognormal:2ms,0.5\",0.05,true,4,5000,5000,5000,,,,,,," + Self.noOperationMix
          + Self.unsampled + Self.oneRepetition + Self.uncountedDecodes + Self.noCancellation
          + Self.uncalibrated + Self.nothingIgnored + Self.naiveHitRatio + Self.noMainActorDecodes
          + Self.lastFields))
  }

  @Test func theThreadsColumnGivesTheClientThreads() {
    var scenario = OutputFixtures.scenario
    scenario.threads = 4
    let text = CSVWriter.render(
      results: [OutputFixtures.naiveInside], scenario: scenario, metadata: OutputFixtures.metadata)
    let row = text.split(separator: "\r\n")[1]
    #expect(
      CSVWriter.columns.firstIndex(of: "threads")
        == CSVWriter.columns.firstIndex(of: "isolation_domains").map { $0 + 1 })
    #expect(
      row.hasSuffix(
        ",n/a,n/a,n/a,4" + Self.poolCaller + Self.oneRepetition + Self.uncountedDecodes
          + Self.noCancellation + Self.uncalibrated + Self.nothingIgnored + Self.naiveHitRatio
          + Self.noMainActorDecodes + Self.lastFields))
  }

  @Test func mainActorClientsGetTheCallerAndTheMainActorsFiguresOrNA() throws {
    var scenario = OutputFixtures.scenario
    scenario.caller = .main
    var result = OutputFixtures.naiveInside
    let columns = try #require(CSVWriter.columns.firstIndex(of: "caller"))
    let unprobed = CSVWriter.values(
      of: result, scenario: scenario, metadata: OutputFixtures.metadata)
    #expect(
      Array(unprobed[columns...(columns + 6)]) == ["main"] + Array(repeating: "n/a", count: 6))
    result.mainActorResponsiveness = MainActorResponsiveness(
      delay: OutputFixtures.histogram(20_000), hitches: 2, hangs: 1)
    let probed = CSVWriter.values(of: result, scenario: scenario, metadata: OutputFixtures.metadata)
    #expect(
      Array(probed[columns...(columns + 6)])
        == ["main", "20000", "20000", "20000", "3", "2", "1"])
  }

  @Test func theDecodeColumnsGiveTheDecodesAndTheShareThatRanOnAnActor() {
    var result = OutputFixtures.naiveInside
    result.decodes = 8
    result.decodesOnActor = 6
    let text = CSVWriter.render(
      results: [result], scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata)
    #expect(
      text.split(separator: "\r\n")[1].hasSuffix(
        Self.oneRepetition + ",8,0.7500" + Self.noCancellation + Self.uncalibrated
          + Self.nothingIgnored + Self.naiveHitRatio + Self.noMainActorDecodes
          + Self.lastFields))
    result.decodesOnActor = 0
    let none = CSVWriter.render(
      results: [result], scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata)
    #expect(
      none.split(separator: "\r\n")[1].hasSuffix(
        ",8,0.0000" + Self.noCancellation + Self.uncalibrated + Self.nothingIgnored
          + Self.naiveHitRatio + Self.noMainActorDecodes + Self.lastFields),
      "0 is measured, not empty")
  }

  @Test func theOpenLoopColumnsGiveTargetAchievedBacklogLagAndActualLatency() {
    var scenario = OutputFixtures.scenario
    scenario.openLoop = OpenLoopSchedule(rate: 5_000)
    var result = OutputFixtures.naiveInside
    var actual = LatencyHistogram()
    actual.record(900)
    result.openLoop = OpenLoopFigures(
      targetRate: 5_000, achievedRate: 4_321.25, backlog: 17, maximumStartLagNanoseconds: 123_456,
      actualLatency: actual)
    let text = CSVWriter.render(
      results: [result], scenario: scenario, metadata: OutputFixtures.metadata)
    let row = text.split(separator: "\r\n")[1]
    #expect(
      row.hasSuffix(
        ",,,,5000.0,4321.3,17,123456,900,900,900" + Self.noOperationMix + Self.unsampled
          + Self.oneRepetition + Self.uncountedDecodes + Self.noCancellation + Self.uncalibrated
          + Self.nothingIgnored + Self.naiveHitRatio + Self.noMainActorDecodes
          + Self.lastFields))
  }

  @Test func aCacheThatHoldsNothingHasAnEmptyBytesPerEntry() {
    var result = OutputFixtures.naiveInside
    result.resources.cachedEntries = 0
    result.resources.bytesPerEntry = nil
    let text = CSVWriter.render(
      results: [result], scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata)
    let fields = text.split(separator: "\r\n")[1].split(
      separator: ",", omittingEmptySubsequences: false)
    let column = CSVWriter.columns.firstIndex(of: "bytes_per_entry")!
    #expect(fields[column - 1] == "0")
    #expect(fields[column] == "")
  }

  @Test func contentionColumnsCarryTheActorHistogramsTheHitPathAndTheFloor() {
    var result = OutputFixtures.shardedOutside
    result.actorWait = OutputFixtures.histogram(1_500)
    result.actorService = OutputFixtures.histogram(250)
    let text = CSVWriter.render(
      results: [result], scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata,
      calibration: CalibrationFixtures.roundFigures)
    let row = text.split(separator: "\r\n")[1]
    #expect(
      row.hasSuffix(
        ",1500,1500,1500,1500,250,250,250,250,150.0,3.00,120.0,2.40,"
          + "12.0,4.0,20.0,50.0,30.0,120.0,5.0,400.0,2,900.0,60000.0,70000.0,,64.3,0.000,false,0,"
          + Self.fetcherFields + Self.noOperationMix + Self.unsampled + Self.oneRepetition
          + Self.uncountedDecodes + Self.noCancellation + ",1.20,100.0" + Self.nothingIgnored
          + Self.shardedHitRatio + Self.noMainActorDecodes + Self.lastFields))
  }

  @Test func aDesignWhoseHitPathWasNotMeasuredLeavesItEmpty() throws {
    let mutex = VariantResult(
      variant: Variant(design: .mutex, decode: .inside, shards: 1), requests: 0, hits: 0,
      joins: 0, leaders: 0, errors: 0, cancellations: 0, fetches: 0, duplicateFetches: 0,
      windowNanoseconds: 1, latency: LatencyHistogram(), fetchLatency: LatencyHistogram(),
      configuredFetchLatency: .zero)
    let values = CSVWriter.values(
      of: mutex, scenario: OutputFixtures.scenario, metadata: OutputFixtures.metadata,
      calibration: CalibrationFixtures.roundFigures)
    let column = try #require(CSVWriter.columns.firstIndex(of: "hit_path_ns"))
    #expect(values[column] == "")
    #expect(values[column + 1] == "")
    #expect(values[column + 2] == "")
    #expect(values[column + 3] == "")
    #expect(values[column + 4] == "12.0")
    let reference = try #require(
      CSVWriter.columns.firstIndex(of: "hit_path_untimed_reference_ratio"))
    #expect(values[reference] == "")
    #expect(values[reference + 1] == "100.0", "the reference is the run's, in every row")
  }

  @Test(arguments: [
    ("plain", "plain"),
    ("", ""),
    ("a,b", "\"a,b\""),
    ("say \"hi\"", "\"say \"\"hi\"\"\""),
    ("line\nbreak", "\"line\nbreak\""),
    ("carriage\rreturn", "\"carriage\rreturn\""),
    ("crlf\r\n", "\"crlf\r\n\""),
    ("\"", "\"\"\"\""),
  ])
  func fieldsWithCommaQuoteOrLineBreakAreQuotedWithQuotesDoubled(value: String, expected: String) {
    #expect(CSVWriter.escaped(value) == expected)
  }

  @Test func metadataWithACommaQuoteAndNewlineIsQuotedInTheRow() {
    var metadata = OutputFixtures.metadata
    metadata.gitCommit = "0123abc,\"dirty\"\nwip"
    let text = CSVWriter.render(
      results: [OutputFixtures.naiveInside], scenario: OutputFixtures.scenario, metadata: metadata)
    #expect(
      text.contains("\r\n2026-11-29T15:04:36Z,0.1.0,6.3.1,\"0123abc,\"\"dirty\"\"\nwip\",2,42,"))
  }
}
