import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The options of `calibrate` and `sweep`: what they accept, what they refuse, and the messages.
struct SubcommandOptionsTests {
  static let runDefaults = CommandLineParserTests.documentedDefaults

  @Test(arguments: [
    ("8", [8]),
    ("8,1,2", [1, 2, 8]),
    ("1..16", [1, 2, 4, 8, 16]),
    ("1..12", [1, 2, 4, 8, 12]),
    ("3..20", [3, 6, 12, 20]),
    ("5..5", [5]),
    ("1..4,16", [1, 2, 4, 16]),
    ("4096", [4_096]),
    ("2048..4096", [2_048, 4_096]),
  ])
  func sweepAxesTakeListsAndDoublingRanges(value: String, expected: [Int]) throws {
    #expect(try OptionValueParser.integerList(value, for: .shards, in: 1...4_096) == expected)
  }

  @Test(arguments: [
    ("", "empty item; give a comma list of integers or ranges like 1..16"),
    ("1,,2", "empty item; give a comma list of integers or ranges like 1..16"),
    ("0", "'0' is outside 1...100000"),
    ("1..200000", "'200000' is outside 1...100000"),
    ("x", "'x' is not an integer; give a comma list of integers or ranges like 1..16"),
    ("-2", "'-2' is not an integer; give a comma list of integers or ranges like 1..16"),
    ("1..", "range '1..' needs a number at each end, like 1..16"),
    ("..64", "range '..64' needs a number at each end, like 1..16"),
    ("1...4", "range '1...4' has three dots; write 1..4, two dots"),
    ("1..x", "'x' is not an integer; give a comma list of integers or ranges like 1..16"),
    ("16..1", "range '16..1' runs backwards"),
    ("2,1..4", "2 is listed twice"),
    ("8,8", "8 is listed twice"),
  ])
  func badSweepAxesNameTheProblem(value: String, reason: String) {
    #expect(throws: OptionsError.invalidValue(option: .concurrency, value: value, reason: reason)) {
      try CommandLineParser.parse(["sweep", "--concurrency", value])
    }
  }

  @Test func sweepAloneRunsTheDefaultAxesOverTheRunDefaults() throws {
    let expected = SweepConfiguration(
      base: RunConfiguration(scenario: Self.runDefaults, csvPath: nil),
      shardCounts: [1, 2, 4, 8, 16], concurrencies: [1, 8, 64, 256], maxTime: nil)
    #expect(try CommandLineParser.parse(["sweep"]) == .sweep(expected))
  }

  @Test func sweepTakesRunOptionsRangesAndABudget() throws {
    let command = try CommandLineParser.parse([
      "sweep", "--shards", "1..8", "--concurrency=8,64", "--decode", "inside,outside",
      "--decode-cost", "200us", "--max-time", "2m", "--csv", "sweep.csv",
    ])
    var scenario = Self.runDefaults
    scenario.decodeCost = .microseconds(200)
    let expected = SweepConfiguration(
      base: RunConfiguration(scenario: scenario, csvPath: "sweep.csv"),
      shardCounts: [1, 2, 4, 8], concurrencies: [8, 64], maxTime: .seconds(120))
    #expect(command == .sweep(expected))
  }

  @Test func sweepTakesClientThreadsAsAnAxisLikeConcurrency() throws {
    let command = try CommandLineParser.parse([
      "sweep", "--threads", "4,1..2", "--concurrency", "8",
    ])
    let expected = SweepConfiguration(
      base: RunConfiguration(scenario: Self.runDefaults, csvPath: nil),
      shardCounts: [1, 2, 4, 8, 16], concurrencies: [8], maxTime: nil, threadCounts: [1, 2, 4])
    #expect(command == .sweep(expected))
  }

  @Test(arguments: [
    ("0", "'0' is outside 1...1024"),
    ("1..2048", "'2048' is outside 1...1024"),
    ("2,x", "'x' is not an integer; give a comma list of integers or ranges like 1..16"),
    ("1,1", "1 is listed twice"),
  ])
  func badThreadAxesNameTheProblem(value: String, reason: String) {
    #expect(throws: OptionsError.invalidValue(option: .threads, value: value, reason: reason)) {
      try CommandLineParser.parse(["sweep", "--threads", value])
    }
  }

  @Test func calibrateTakesConcurrencyAndShards() throws {
    #expect(try CommandLineParser.parse(["calibrate"]) == .calibrate(CalibrationConfiguration()))
    #expect(
      try CommandLineParser.parse(["calibrate", "--concurrency", "8", "--shards=4"])
        == .calibrate(CalibrationConfiguration(concurrency: 8, shards: 4)))
    #expect(CalibrationConfiguration() == CalibrationConfiguration(concurrency: 64, shards: 8))
  }

  /// calibrate reads the values run reads, with run's ranges and messages, and a sweep's axes refuse
  /// them too: a value run refuses, calibrate refuses the same way.
  @Test(arguments: [
    ("--shards", "4097"), ("--shards", "0"), ("--concurrency", "100001"), ("--payload-bytes", "0"),
    ("--payload-bytes", "67108865"), ("--concurrency", "x"),
  ])
  func calibrateAndSweepRefuseWhatRunRefuses(_ option: String, _ value: String) {
    func error(_ arguments: [String]) -> OptionsError? {
      do {
        _ = try CommandLineParser.parse(arguments)
        return nil
      } catch { return error }
    }
    let run = error(["run", option, value])
    #expect(run != nil)
    #expect(error(["calibrate", option, value]) == run)
    if option != "--payload-bytes" {
      // A sweep's list of one value is refused too, in its list's words.
      #expect(error(["sweep", option, value]) != nil)
    }
  }

  @Test func calibrateKeepsItsOwnPayloadDefault() throws {
    #expect(
      try CommandLineParser.parse(["calibrate", "--payload-bytes", "4096", "--shards", "2"])
        == .calibrate(CalibrationConfiguration(concurrency: 64, shards: 2, payloadBytes: 4096)))
    #expect(CalibrationConfiguration().payloadBytes == 64)
  }

  @Test(arguments: [
    (
      ["calibrate", "--keys", "5"],
      OptionsError.notApplicable(option: .keys, subcommand: "calibrate"),
      "--keys does not apply to 'calibrate'; see 'cachebench --help'"
    ),
    (
      ["run", "--max-time", "5s"], .notApplicable(option: .maxTime, subcommand: "run"),
      "--max-time does not apply to 'run'; see 'cachebench --help'"
    ),
    (
      ["--max-time", "5s"], .notApplicable(option: .maxTime, subcommand: "run"),
      "--max-time does not apply to 'run'; see 'cachebench --help'"
    ),
    (
      ["sweep", "--max-time", "0s"],
      .invalidValue(
        option: .maxTime, value: "0s",
        reason: "must be greater than 0 and at most 1440m (24 hours)"),
      "invalid value '0s' for --max-time: must be greater than 0 and at most 1440m (24 hours)"
    ),
    (
      ["sweep", "--variants", "sharded,mutex"],
      .invalidValue(
        option: .variants, value: "sharded,mutex",
        reason: "a sweep needs coalescing, the single actor its ratios are relative to"),
      "invalid value 'sharded,mutex' for --variants:"
        + " a sweep needs coalescing, the single actor its ratios are relative to"
    ),
    (
      ["calibrate", "extra"], .unexpectedArgument("extra"),
      "unexpected argument 'extra'; see 'cachebench --help'"
    ),
    (
      ["sweep", "--shards", "1", "--shards", "2"], .duplicateOption(.shards),
      "duplicate option --shards: give it once"
    ),
  ])
  func optionsASubcommandDoesNotTakeAreUsageErrors(
    arguments: [String], error: OptionsError, message: String
  ) {
    #expect(throws: error) { try CommandLineParser.parse(arguments) }
    #expect(error.description == message)
  }
}
