import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The run configurations valid command lines produce.
struct CommandLineParserTests {
  /// The scenario the help page documents as the defaults, spelled out field by field.
  static let documentedDefaults = Scenario(
    variants: Variant.all(
      designs: [.naive, .coalescing, .sharded, .mutex], placements: [.inside, .outside], shards: 8),
    keys: 10_000,
    distribution: .zipf(theta: 0.99),
    seed: 1,
    concurrency: 64,
    stop: .requests(50_000),
    warmupRequests: 2_000,
    fetchLatency: .milliseconds(1),
    payloadBytes: 4_096,
    decodeCost: .microseconds(20),
    shards: 8
  )

  /// The documented defaults with one change applied.
  static func defaults(with change: (inout Scenario) -> Void) -> Scenario {
    var scenario = documentedDefaults
    change(&scenario)
    return scenario
  }

  /// One option with a valid value and the configuration it should yield.
  struct ValidOption: Sendable, CustomTestStringConvertible {
    var option: String
    var value: String
    var expected: RunConfiguration
    var testDescription: String { "\(option) \(value)" }

    init(_ option: String, _ value: String, _ change: (inout Scenario) -> Void) {
      self.option = option
      self.value = value
      expected = RunConfiguration(scenario: defaults(with: change), csvPath: nil)
    }

    init(_ option: String, _ value: String, csvPath: String) {
      self.option = option
      self.value = value
      expected = RunConfiguration(scenario: documentedDefaults, csvPath: csvPath)
    }

    init(_ option: String, _ value: String, profiling: ProfilingOptions) {
      self.option = option
      self.value = value
      expected = RunConfiguration(
        scenario: documentedDefaults, csvPath: nil, profiling: profiling)
    }
  }

  /// The ways one option and its value can be written.
  enum Spelling: String, CaseIterable, Sendable {
    case separate
    case joined
    case runThenSeparate
    case runThenJoined

    func arguments(_ option: String, _ value: String) -> [String] {
      switch self {
      case .separate: [option, value]
      case .joined: ["\(option)=\(value)"]
      case .runThenSeparate: ["run", option, value]
      case .runThenJoined: ["run", "\(option)=\(value)"]
      }
    }
  }

  static let validOptions: [ValidOption] = [
    ValidOption("--variants", "naive") {
      $0.variants = Variant.all(designs: [.naive], placements: [.inside, .outside], shards: 8)
    },
    ValidOption("--variants", "mutex,sharded,naive") {
      $0.variants = Variant.all(
        designs: [.mutex, .sharded, .naive], placements: [.inside, .outside], shards: 8)
    },
    ValidOption("--variants", "naive,coalescing,sharded,mutex") { _ in },
    ValidOption("--decode", "none") {
      $0.variants = Variant.all(
        designs: DesignRegistry.builtIn.defaultDesigns, placements: [.noDecode], shards: 8)
    },
    ValidOption("--decode", "none,outside,inside") {
      $0.variants = Variant.all(
        designs: DesignRegistry.builtIn.defaultDesigns, placements: [.noDecode, .outside, .inside],
        shards: 8)
    },
    ValidOption("--decode-cost", "0us") { $0.decodeCost = .zero },
    ValidOption("--decode-cost", "1s") { $0.decodeCost = .seconds(1) },
    ValidOption("--decode-cost", "2.5ms") { $0.decodeCost = .microseconds(2_500) },
    ValidOption("--shards", "1") {
      $0.shards = 1
      $0.variants = Variant.all(
        designs: DesignRegistry.builtIn.defaultDesigns, placements: [.inside, .outside], shards: 1)
    },
    ValidOption("--shards", "4096") {
      $0.shards = 4_096
      $0.variants = Variant.all(
        designs: DesignRegistry.builtIn.defaultDesigns, placements: [.inside, .outside],
        shards: 4_096)
    },
    ValidOption("--keys", "1") { $0.keys = 1 },
    ValidOption("--keys", "10000000") { $0.keys = 10_000_000 },
    ValidOption("--keys", "007") { $0.keys = 7 },
    ValidOption("--distribution", "uniform") { $0.distribution = .uniform },
    ValidOption("--distribution", "zipf") { _ in },
    ValidOption("--distribution", "hotspot:0.2,0.8") {
      $0.distribution = .hotspot(hotShare: 0.2, requestShare: 0.8)
    },
    ValidOption("--zipf-theta", "1.2") { $0.distribution = .zipf(theta: 1.2) },
    ValidOption("--zipf-theta", "5") { $0.distribution = .zipf(theta: 5) },
    ValidOption("--zipf-theta", "0.01") { $0.distribution = .zipf(theta: 0.01) },
    ValidOption("--seed", "0") { $0.seed = 0 },
    ValidOption("--seed", "18446744073709551615") { $0.seed = .max },
    ValidOption("--concurrency", "1") { $0.concurrency = 1 },
    ValidOption("--concurrency", "4096") { $0.concurrency = 4_096 },
    ValidOption("--concurrency", "100000") { $0.concurrency = 100_000 },
    ValidOption("--threads", "1") { $0.threads = 1 },
    ValidOption("--threads", "1024") { $0.threads = 1_024 },
    ValidOption("--threads", "04") { $0.threads = 4 },
    ValidOption("--requests", "1") { $0.stop = .requests(1) },
    ValidOption("--requests", "1000000000") { $0.stop = .requests(1_000_000_000) },
    ValidOption("--duration", "30s") { $0.stop = .duration(.seconds(30)) },
    ValidOption("--duration", "1ns") { $0.stop = .duration(.nanoseconds(1)) },
    ValidOption("--duration", "1440m") { $0.stop = .duration(.seconds(86_400)) },
    ValidOption("--warmup", "0") { $0.warmupRequests = 0 },
    ValidOption("--warmup", "1000000000") { $0.warmupRequests = 1_000_000_000 },
    ValidOption("--latency", "0s") { $0.fetchLatency = .zero },
    ValidOption("--latency", "60s") { $0.fetchLatency = .seconds(60) },
    ValidOption("--latency", "1m") { $0.fetchLatency = .seconds(60) },
    ValidOption("--latency", "250us") { $0.fetchLatency = .microseconds(250) },
    ValidOption("--latency", "exp:2ms") {
      $0.fetchLatency = .milliseconds(2)
      $0.fetcher.latency = .exponential(mean: .milliseconds(2))
    },
    ValidOption("--latency", "uniform:1ms..5ms") {
      $0.fetchLatency = .milliseconds(3)
      $0.fetcher.latency = .uniform(.milliseconds(1), .milliseconds(5))
    },
    ValidOption("--fail-rate", "0.05") { $0.fetcher.failRate = 0.05 },
    ValidOption("--fail-rate", "1") { $0.fetcher.failRate = 1 },
    ValidOption("--fail-rate", "0") { _ in },
    ValidOption("--fetch-limit", "1") { $0.fetcher.fetchLimit = 1 },
    ValidOption("--rate", "5000/s") { $0.openLoop = OpenLoopSchedule(rate: 5_000) },
    ValidOption("--rate", "0.5/s") { $0.openLoop = OpenLoopSchedule(rate: 0.5) },
    // A bare number is per second too, as a profile's `rate` field gives it.
    ValidOption("--rate", "5000") { $0.openLoop = OpenLoopSchedule(rate: 5_000) },
    ValidOption("--rate", "0.5") { $0.openLoop = OpenLoopSchedule(rate: 0.5) },
    ValidOption("--fetch-limit", "100000") { $0.fetcher.fetchLimit = 100_000 },
    ValidOption("--payload-bytes", "1") { $0.payloadBytes = 1 },
    ValidOption("--payload-bytes", "67108864") { $0.payloadBytes = 67_108_864 },
    ValidOption("--invalidate-rate", "0.05") { $0.invalidateRate = 0.05 },
    ValidOption("--invalidate-rate", "1") { $0.invalidateRate = 1 },
    ValidOption("--cancel-rate", "0") { $0.cancelRate = 0 },
    ValidOption("--cancel-rate", "1.0") { $0.cancelRate = 1 },
    ValidOption("--capacity", "1") { $0.capacity = 1 },
    ValidOption("--capacity", "10000000") { $0.capacity = 10_000_000 },
    ValidOption("--ttl", "250ms") { $0.timeToLive = .milliseconds(250) },
    ValidOption("--csv", "results.csv", csvPath: "results.csv"),
    ValidOption("--csv", "-", csvPath: "-"),
    ValidOption("--csv", "out dir/a=b.csv", csvPath: "out dir/a=b.csv"),
    ValidOption(
      "--perf-ctl", "ctl.fifo,ack.fifo",
      profiling: ProfilingOptions(
        perfControl: PerfControlPaths(control: "ctl.fifo", acknowledgement: "ack.fifo"))),
    ValidOption(
      "--perf-ctl", "fifo:/tmp/a b/ctl,/tmp/ack,2",
      profiling: ProfilingOptions(
        perfControl: PerfControlPaths(control: "/tmp/a b/ctl", acknowledgement: "/tmp/ack,2"))),
    ValidOption(
      "--profile-variant", "coalescing/inside",
      profiling: ProfilingOptions(
        selection: .only(Variant(design: .coalescing, decode: .inside, shards: 1)))),
    ValidOption(
      "--profile-variant", "sharded(8)/outside",
      profiling: ProfilingOptions(
        selection: .only(Variant(design: .sharded, decode: .outside, shards: 8)))),
  ]

  @Test func noArgumentsRunTheDocumentedDefaults() throws {
    let command = try CommandLineParser.parse([])
    #expect(command == .run(RunConfiguration(scenario: Self.documentedDefaults, csvPath: nil)))
  }

  @Test func runAloneIsTheSameAsNoArguments() throws {
    #expect(try CommandLineParser.parse(["run"]) == CommandLineParser.parse([]))
  }

  @Test(arguments: validOptions, Spelling.allCases)
  func everyOptionParsesItsValidValues(_ valid: ValidOption, spelling: Spelling) throws {
    let command = try CommandLineParser.parse(spelling.arguments(valid.option, valid.value))
    #expect(command == .run(valid.expected))
  }

  @Test func everyOptionTogetherBuildsOneScenario() throws {
    let command = try CommandLineParser.parse([
      "run", "--variants", "sharded,coalescing", "--decode=outside,none", "--decode-cost", "5us",
      "--shards=16", "--keys", "500", "--distribution", "zipf", "--zipf-theta=1.1", "--seed", "42",
      "--concurrency", "8", "--duration=2.5s", "--warmup", "0", "--latency", "3ms",
      "--payload-bytes", "1024", "--csv", "-",
    ])
    let expected = Scenario(
      variants: [
        Variant(design: .sharded, decode: .outside, shards: 16),
        Variant(design: .sharded, decode: .noDecode, shards: 16),
        Variant(design: .coalescing, decode: .outside, shards: 1),
        Variant(design: .coalescing, decode: .noDecode, shards: 1),
      ],
      keys: 500,
      distribution: .zipf(theta: 1.1),
      seed: 42,
      concurrency: 8,
      stop: .duration(.milliseconds(2_500)),
      warmupRequests: 0,
      fetchLatency: .milliseconds(3),
      payloadBytes: 1_024,
      decodeCost: .microseconds(5),
      shards: 16
    )
    #expect(command == .run(RunConfiguration(scenario: expected, csvPath: "-")))
  }

  @Test func shardsGivenAfterVariantsStillSizeTheShardedVariant() throws {
    let command = try CommandLineParser.parse(["--variants", "sharded", "--shards", "3"])
    let expected = Self.defaults {
      $0.variants = Variant.all(designs: [.sharded], placements: [.inside, .outside], shards: 3)
      $0.shards = 3
    }
    #expect(command == .run(RunConfiguration(scenario: expected)))
  }

  @Test(arguments: [
    ["help"], ["help", "run"], ["help", "compare"], ["help", "sweep"], ["help", "help"],
  ])
  func theHelpSubcommandPrintsTheHelpPage(_ arguments: [String]) throws {
    #expect(try CommandLineParser.parse(arguments) == .help)
  }

  @Test(arguments: [
    ["--help"], ["-h"], ["run", "--help"], ["--keys", "5", "-h"], ["bogus", "--help"],
    ["--shards", "0", "--help"], ["--version", "--help"], ["--csv", "--help"],
  ])
  func helpAnywhereWinsOverEverythingElse(_ arguments: [String]) throws {
    #expect(try CommandLineParser.parse(arguments) == .help)
  }

  @Test(arguments: [["--version"], ["run", "--version"], ["--keys", "0", "--version"]])
  func versionIsRecognisedAnywhere(_ arguments: [String]) throws {
    #expect(try CommandLineParser.parse(arguments) == .version)
  }

  @Test(arguments: [
    ["--pause-before-window"], ["run", "--pause-before-window", "--keys", "10000"],
    ["--keys", "10000", "--pause-before-window"],
  ])
  func thePauseFlagTakesNoValue(_ arguments: [String]) throws {
    let expected = RunConfiguration(
      scenario: Self.documentedDefaults, csvPath: nil,
      profiling: ProfilingOptions(pauseBeforeWindow: true))
    #expect(try CommandLineParser.parse(arguments) == .run(expected))
  }

  @Test func theIgnoreCancellationFlagTakesNoValueAndSetsTheFetcher() throws {
    var scenario = Self.documentedDefaults
    scenario.fetcher.ignoresCancellation = true
    #expect(
      try CommandLineParser.parse(["--ignore-cancellation", "--keys", "10000"])
        == .run(RunConfiguration(scenario: scenario, csvPath: nil)))
  }

  @Test func theProfiledVariantIsLookedUpAfterShardsAndVariantsWhateverTheirOrder() throws {
    let command = try CommandLineParser.parse([
      "--profile-variant", "sharded(3)/none", "--decode", "none", "--shards", "3",
    ])
    let expected = Self.defaults {
      $0.shards = 3
      $0.variants = Variant.all(
        designs: DesignRegistry.builtIn.defaultDesigns, placements: [.noDecode], shards: 3)
    }
    #expect(
      command
        == .run(
          RunConfiguration(
            scenario: expected, csvPath: nil,
            profiling: ProfilingOptions(
              selection: .only(Variant(design: .sharded, decode: .noDecode, shards: 3))))))
  }

  @Test func aValueStartingWithOneDashIsReadAsAValue() throws {
    let command = try CommandLineParser.parse(["--csv", "-", "--keys", "3"])
    #expect(
      command == .run(RunConfiguration(scenario: Self.defaults { $0.keys = 3 }, csvPath: "-")))
  }
}
