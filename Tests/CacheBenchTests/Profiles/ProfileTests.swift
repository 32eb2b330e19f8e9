import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Reading profiles: every field as its option, comments ignored, and one precise message per mistake.
struct ProfileTests {
  static let path = "Profiles/test.json"

  private func parse(_ text: String) throws(ProfileError) -> Profile {
    try Profile.parse(text, path: Self.path)
  }

  /// The scenario a profile yields on its own.
  private func scenario(_ text: String) throws -> Scenario {
    let profile = try parse(text)
    var builder = RunConfigurationBuilder()
    for setting in profile.settings {
      try builder.apply(setting.value, for: setting.option)
    }
    return try builder.build().scenario
  }

  @Test func everyScenarioFieldSetsWhatItsOptionSets() throws {
    let text = """
      {
        "_comment": "ignored, as is every member starting with _",
        "description": "all fields",
        "variants": ["mutex", "coalescing"], "decode": ["none"], "decode_cost": "5us",
        "shards": 4, "keys": 300, "distribution": "zipf", "zipf_theta": 1.2, "seed": 18446744073709551615,
        "concurrency": 3, "requests": 700, "warmup": 0, "latency": "1.5ms", "payload_bytes": 64
      }
      """
    let expected = Scenario(
      variants: Variant.all(designs: [.mutex, .coalescing], placements: [.noDecode], shards: 4),
      keys: 300, distribution: .zipf(theta: 1.2), seed: .max, concurrency: 3, stop: .requests(700),
      warmupRequests: 0, fetchLatency: .microseconds(1_500), payloadBytes: 64,
      decodeCost: .microseconds(5), shards: 4)
    #expect(try scenario(text) == expected)
    #expect(try parse(text).summary == "all fields")
  }

  @Test func anEmptyProfileIsTheDefaultScenario() throws {
    #expect(try scenario("{}") == CommandLineParserTests.documentedDefaults)
  }

  @Test func theFetcherAndOpenLoopFieldsAreRead() throws {
    let scenario = try scenario(
      #"{"latency": "bimodal:1ms,50ms,0.01", "fail_rate": 0.05, "fetch_limit": 16, "rate": 5000,"#
        + #" "distribution": "hotspot:0.2,0.8"}"#)
    #expect(
      scenario.fetcher
        == FetcherSettings(
          latency: .bimodal(fast: .milliseconds(1), slow: .milliseconds(50), slowShare: 0.01),
          failRate: 0.05, fetchLimit: 16))
    #expect(scenario.openLoop == OpenLoopSchedule(rate: 5_000))
    #expect(scenario.distribution == .hotspot(hotShare: 0.2, requestShare: 0.8))
  }

  /// The rate is requests per second as a number or as `--rate` spells it, in a profile as on the
  /// command line.
  @Test(arguments: [#"{"rate": 5000}"#, #"{"rate": "5000/s"}"#, #"{"rate": "5000"}"#])
  func theRateFieldTakesANumberOrTheCommandLinesForm(profile: String) throws {
    #expect(try scenario(profile).openLoop == OpenLoopSchedule(rate: 5_000))
  }

  @Test func theOperationMixAndRetentionFieldsAreRead() throws {
    let scenario = try scenario(
      #"{"invalidate_rate": 0.01, "cancel_rate": 0.02, "capacity": 5000, "ttl": "30s"}"#)
    #expect(scenario.invalidateRate == 0.01)
    #expect(scenario.cancelRate == 0.02)
    #expect(scenario.capacity == 5_000)
    #expect(scenario.timeToLive == .seconds(30))
  }

  @Test func theDecodeCancellationFieldsAreRead() throws {
    let scenario = try scenario(
      #"{"cancel_rate": 0.5, "cancel_at": "decode", "decode_checkpoint": 3}"#)
    #expect(scenario.cancelMoment == .decode)
    #expect(scenario.decodeCheckpoint == 3)
    #expect(throws: (any Error).self) {
      try self.scenario(#"{"cancel_at": "decode"}"#)
    }
  }

  @Test func theCommandLineSetsWhenAndHowOftenACancelledDecodeChecks() throws {
    guard
      case .run(let configuration) = try CommandLineParser.parse([
        "--cancel-rate", "0.25", "--cancel-at", "decode", "--decode-checkpoint", "2",
      ])
    else {
      Issue.record("not a run")
      return
    }
    #expect(configuration.scenario.cancelMoment == .decode)
    #expect(configuration.scenario.decodeCheckpoint == 2)
  }

  @Test func aWriteRateFieldSelectsTheRepositoryDesignsAsTheOptionDoes() throws {
    let scenario = try scenario(#"{"write_rate": 0.1, "decode": ["none"]}"#)
    #expect(scenario.writeRate == 0.1)
    #expect(scenario.variants.map(\.design) == DesignRegistry.builtIn.writingDesigns)
    #expect(throws: (any Error).self) {
      try self.scenario(#"{"write_rate": 0.1, "variants": ["naive"]}"#)
    }
  }

  /// Options beside `--profile` that are fields of it replace them; before these fields existed, the
  /// options were dropped without a word.
  @Test func operationMixAndRetentionOptionsOverrideTheProfile() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-profile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("p.json").path
    try #"{"requests": 100, "invalidate_rate": 0.5, "capacity": 10}"#
      .write(toFile: path, atomically: true, encoding: .utf8)
    let arguments = [
      "--profile", path, "--invalidate-rate", "0.25", "--cancel-rate", "0.125", "--ttl", "2s",
    ]
    guard case .run(let request) = try CommandLineParser.parse(arguments) else {
      Issue.record("not a run")
      return
    }
    let resolved = try ProfileResolver.resolve(request)
    #expect(resolved.scenario.invalidateRate == 0.25)
    #expect(resolved.scenario.cancelRate == 0.125)
    #expect(resolved.scenario.capacity == 10)
    #expect(resolved.scenario.timeToLive == .seconds(2))
  }

  @Test func aDurationStopAndAUniformDistributionAreRead() throws {
    let scenario = try scenario(#"{"duration": "2s", "distribution": "uniform"}"#)
    #expect(scenario.stop == .duration(.seconds(2)))
    #expect(scenario.distribution == .uniform)
  }

  /// A malformed profile and the exact message it gets.
  @Test(arguments: [
    (
      #"{"shard": 8}"#,
      "profile 'Profiles/test.json': unknown field 'shard' (value 8); known fields: description,"
        + " variants, decode, decode_cost, shards, keys, distribution, zipf_theta, seed, concurrency,"
        + " requests, duration, warmup, latency, payload_bytes, fail_rate, fetch_limit, rate,"
        + " invalidate_rate, cancel_rate, cancel_at, decode_checkpoint, capacity, ttl, write_rate,"
        + " threads, caller, gate"
    ),
    (
      #"{"keys": 0}"#,
      "profile 'Profiles/test.json': invalid value 0 for field 'keys': must be 1...10000000"
    ),
    (
      #"{"keys": 1e3}"#,
      "profile 'Profiles/test.json': invalid value 1e3 for field 'keys': must be 1...10000000,"
        + " digits only"
    ),
    (
      #"{"keys": "100"}"#,
      "profile 'Profiles/test.json': invalid value \"100\" for field 'keys': must be a whole number,"
        + " not a string"
    ),
    (
      #"{"latency": 1}"#,
      "profile 'Profiles/test.json': invalid value 1 for field 'latency': must be a string with a"
        + " unit, e.g. \"1ms\", not a number"
    ),
    (
      #"{"latency": "5"}"#,
      "profile 'Profiles/test.json': invalid value \"5\" for field 'latency': invalid duration:"
        + " needs a unit (ns, us, ms, s, m)"
    ),
    (
      #"{"variants": ["naive", "fast"]}"#,
      "profile 'Profiles/test.json': invalid value [\"naive\", \"fast\"] for field 'variants':"
        + " unknown design 'fast'; registered designs: naive, coalescing, sharded, mutex, repository,"
        + " naive-repository, fetch-outside, split"
    ),
    (
      #"{"rate": 0}"#,
      "profile 'Profiles/test.json': invalid value 0 for field 'rate': must be requests per second,"
        + " > 0 and <= 10000000, e.g. 5000/s or 5000"
    ),
    (
      #"{"rate": "5000/m"}"#,
      "profile 'Profiles/test.json': invalid value \"5000/m\" for field 'rate': must be requests per"
        + " second, > 0 and <= 10000000, e.g. 5000/s or 5000"
    ),
    (
      #"{"variants": "naive"}"#,
      "profile 'Profiles/test.json': invalid value \"naive\" for field 'variants': must be an array"
        + " of strings, not a string"
    ),
    (
      #"{"requests": 10, "duration": "1s"}"#,
      "profile 'Profiles/test.json': fields 'requests' and 'duration' cannot be used together"
    ),
    (
      #"{"distribution": "uniform", "zipf_theta": 1}"#,
      "profile 'Profiles/test.json': fields 'distribution' and 'zipf_theta' cannot be used together"
    ),
    (
      #"{"seed": 1, "seed": 2}"#,
      "profile 'Profiles/test.json': field 'seed' is given twice"
    ),
    (
      "{\n  \"keys\": 10,\n}",
      "profile 'Profiles/test.json' is not valid JSON: line 3, column 1: expected a member name in"
        + " quotes"
    ),
    (
      "[]",
      "profile 'Profiles/test.json': invalid value [...] for field '(profile)': must be an object,"
        + " not an array"
    ),
    (
      #"{"gate": {"treshold": {}}}"#,
      "profile 'Profiles/test.json': unknown field 'gate.treshold' (value {...}); known fields:"
        + " reference, thresholds, design_thresholds, paired"
    ),
    (
      #"{"gate": {"thresholds": {"fetches": {"relative": 0.25}}}}"#,
      "profile 'Profiles/test.json': invalid value 0.25 for field 'gate.thresholds.fetches.relative':"
        + " must be a percentage string from \"0%\" to \"1000%\", e.g. \"25%\""
    ),
    (
      #"{"gate": {"thresholds": {"fetches": {"better": "smaller"}}}}"#,
      "profile 'Profiles/test.json': invalid value \"smaller\" for field"
        + " 'gate.thresholds.fetches.better': must be \"lower\", \"higher\", \"equal\" or \"none\""
    ),
    (
      #"{"gate": {"reference": "mutex"}}"#,
      "profile 'Profiles/test.json': invalid value \"mutex\" for field 'gate.reference': must be a"
        + " string naming a variant and its decode, e.g. \"mutex/outside\""
    ),
  ])
  func aMalformedProfileIsReportedWithFileFieldAndValue(text: String, message: String) {
    let error = #expect(throws: ProfileError.self) { try parse(text) }
    #expect(error?.description == message)
  }

  @Test func theGateSectionOverridesBuiltInRulesFieldByField() throws {
    let profile = try parse(
      """
      {"gate": {
        "_note": "comments are allowed here too",
        "reference": "mutex/none",
        "thresholds": {"throughput_ratio": {"better": "higher", "relative": "20%"}, "hits": {"better": "higher", "absolute": 5}},
        "design_thresholds": {"naive": {"duplicate_fetches": {"better": "lower", "relative": "100%", "portable": true}}}
      }}
      """)
    let gate = profile.thresholds
    #expect(gate.reference == "mutex/none")
    #expect(
      gate.rule(for: "throughput_ratio", design: "sharded")
        == MetricRule(better: .higher, relative: 0.2))
    #expect(gate.rule(for: "hits", design: "mutex") == MetricRule(better: .higher, absolute: 5))
    #expect(
      gate.rule(for: "duplicate_fetches", design: "naive")
        == MetricRule(better: .lower, relative: 1, portable: true))
    #expect(gate.rule(for: "duplicate_fetches", design: "coalescing") == .exact)
  }

  /// A profile with `requests: 100` and `distribution: zipf, zipf_theta: 2` under each command line.
  @Test(arguments: [
    ([], StopCondition.requests(100), KeyDistributionKind.zipf(theta: 2)),
    (["--requests", "5"], .requests(5), .zipf(theta: 2)),
    (["--duration", "1s"], .duration(.seconds(1)), .zipf(theta: 2)),
    (["--distribution", "uniform"], .requests(100), .uniform),
    (["--zipf-theta", "0.5"], .requests(100), .zipf(theta: 0.5)),
  ])
  func commandLineOptionsOverrideTheProfile(
    arguments: [String], stop: StopCondition, distribution: KeyDistributionKind
  ) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-profile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("p.json").path
    try #"{"requests": 100, "distribution": "zipf", "zipf_theta": 2, "keys": 7}"#
      .write(toFile: path, atomically: true, encoding: .utf8)
    guard case .run(let request) = try CommandLineParser.parse(["--profile", path] + arguments)
    else {
      Issue.record("not a run")
      return
    }
    let resolved = try ProfileResolver.resolve(request)
    #expect(resolved.scenario.stop == stop)
    #expect(resolved.scenario.distribution == distribution)
    #expect(resolved.scenario.keys == 7)
    #expect(resolved.profile == nil)
  }

  @Test func outputsFlagsAndProfilingGivenBesideAProfileAreKept() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-profile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("p.json").path
    try #"{"requests": 100, "keys": 7}"#.write(toFile: path, atomically: true, encoding: .utf8)
    let arguments = [
      "--profile", path, "--json", "r.json", "--markdown", "r.md", "--histogram-csv", "h.csv",
      "--raw-latencies", "raw.csv", "--quiet", "--pause-before-window", "--deadline", "5s",
      "--ignore-cancellation",
    ]
    guard case .run(let request) = try CommandLineParser.parse(arguments) else {
      Issue.record("not a run")
      return
    }
    let resolved = try ProfileResolver.resolve(request)
    #expect(resolved.scenario.keys == 7)
    #expect(resolved.jsonPath == "r.json")
    #expect(resolved.markdownPath == "r.md")
    #expect(resolved.histogramCSVPath == "h.csv")
    #expect(resolved.rawLatenciesPath == "raw.csv")
    #expect(resolved.isQuiet)
    #expect(resolved.profiling.pauseBeforeWindow)
    #expect(resolved.deadline == .seconds(5))
    #expect(resolved.scenario.fetcher.ignoresCancellation)
  }

  @Test func aMissingProfileFileIsReportedWithTheSystemsReason() {
    #expect(
      throws: ProfileError.unreadable(
        path: "/nonexistent/p.json", reason: "open failed (No such file or directory)")
    ) {
      try Profile.load(path: "/nonexistent/p.json")
    }
  }

  /// The repository's profiles, which CI and the README rely on.
  static let repositoryProfiles: [String] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let directory = root.appendingPathComponent("Profiles")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map {
      directory.appendingPathComponent($0).path
    }
  }()

  @Test func theRepositoryHasTheDocumentedProfiles() {
    let names = Self.repositoryProfiles.map { URL(fileURLWithPath: $0).lastPathComponent }
    #expect(
      Set(names).isSuperset(of: [
        "ci.json", "callgrind.json", "example.json", "hot-key.json", "decode-heavy.json",
        "zipf-mixed.json", "scale.json",
      ]))
  }

  /// The scale scenario of the cost model (docs/cost-model.md): 10,000 clients over a million keys.
  @Test func theScaleProfileDrivesTenThousandClientsOverAMillionKeys() throws {
    let path = try #require(Self.repositoryProfiles.first { $0.hasSuffix("/scale.json") })
    let settings = try Profile.load(path: path).settings
    #expect(settings.contains(OptionSetting(option: .concurrency, value: "10000")))
    #expect(settings.contains(OptionSetting(option: .keys, value: "1000000")))
  }

  @Test(arguments: repositoryProfiles)
  func everyRepositoryProfileIsValid(path: String) throws {
    _ = try Profile.load(path: path)
  }
}
