import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The errors, and their exact messages, that bad command lines produce.
struct OptionsErrorTests {
  /// A bad command line with the error and the message it must produce.
  struct BadInput: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var error: OptionsError
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }

    init(_ arguments: [String], _ error: OptionsError, _ message: String) {
      self.arguments = arguments
      self.error = error
      self.message = message
    }
  }

  static let badInputs: [BadInput] = [
    BadInput(
      ["--shard", "4"], .unknownOption("--shard"),
      "unknown option '--shard'; did you mean '--shards'? see 'cachebench --help'"),
    BadInput(
      ["--shard=4"], .unknownOption("--shard"),
      "unknown option '--shard'; did you mean '--shards'? see 'cachebench --help'"),
    BadInput(["-k"], .unknownOption("-k"), "unknown option '-k'; see 'cachebench --help'"),
    BadInput(
      ["bench"], .unknownSubcommand("bench"),
      "unknown subcommand 'bench'; see 'cachebench --help'"),
    BadInput(
      ["comapre", "a", "b"], .unknownSubcommand("comapre"),
      "unknown subcommand 'comapre'; did you mean 'compare'? see 'cachebench --help'"),
    BadInput(
      ["help", "comapre"], .unknownSubcommand("comapre"),
      "unknown subcommand 'comapre'; did you mean 'compare'? see 'cachebench --help'"),
    BadInput(
      ["help", "--keys"], .unexpectedArgument("--keys"),
      "unexpected argument '--keys'; see 'cachebench --help'"),
    BadInput(
      ["help", "run", "sweep"],
      .wrongOperandCount(subcommand: "help", expected: "at most one SUBCOMMAND", given: 2),
      "help takes at most one SUBCOMMAND, got 2; see 'cachebench --help'"),
    BadInput(
      ["run", "run"], .unexpectedArgument("run"),
      "unexpected argument 'run'; see 'cachebench --help'"),
    BadInput(
      ["--keys", "5", "extra"], .unexpectedArgument("extra"),
      "unexpected argument 'extra'; see 'cachebench --help'"),
    BadInput(
      ["--version=2"], .unexpectedValue(flag: "--version", value: "2"),
      "unexpected value '2' for --version: it takes no value"),
    BadInput(["--keys"], .missingValue(.keys), "missing value for --keys"),
    BadInput(["run", "--keys"], .missingValue(.keys), "missing value for --keys"),
    BadInput(["--keys", "--shards", "4"], .missingValue(.keys), "missing value for --keys"),
    BadInput(["--csv", "--keys", "4"], .missingValue(.csv), "missing value for --csv"),
    BadInput(
      ["--shards", "0"], .invalidValue(option: .shards, value: "0", reason: "must be 1...4096"),
      "invalid value '0' for --shards: must be 1...4096"),
    BadInput(
      ["--threads", "0"], .invalidValue(option: .threads, value: "0", reason: "must be 1...1024"),
      "invalid value '0' for --threads: must be 1...1024"),
    BadInput(
      ["--threads=1025"],
      .invalidValue(option: .threads, value: "1025", reason: "must be 1...1024"),
      "invalid value '1025' for --threads: must be 1...1024"),
    BadInput(
      ["--threads", "two"],
      .invalidValue(option: .threads, value: "two", reason: "must be 1...1024, digits only"),
      "invalid value 'two' for --threads: must be 1...1024, digits only"),
    BadInput(["--threads"], .missingValue(.threads), "missing value for --threads"),
    BadInput(
      ["--rate", "5000/m"],
      .invalidValue(
        option: .rate, value: "5000/m",
        reason: "must be requests per second, > 0 and <= 10000000, e.g. 5000/s or 5000"),
      "invalid value '5000/m' for --rate: must be requests per second, > 0 and <= 10000000, e.g."
        + " 5000/s or 5000"),
    BadInput(
      ["--invalidate-rate", "1.5"],
      .invalidValue(
        option: .invalidateRate, value: "1.5", reason: "must be a decimal in 0...1, e.g. 0.05"),
      "invalid value '1.5' for --invalidate-rate: must be a decimal in 0...1, e.g. 0.05"),
    BadInput(
      ["--cancel-rate=-0.1"],
      .invalidValue(
        option: .cancelRate, value: "-0.1", reason: "must be a decimal in 0...1, e.g. 0.05"),
      "invalid value '-0.1' for --cancel-rate: must be a decimal in 0...1, e.g. 0.05"),
    BadInput(
      ["--shards=4097"],
      .invalidValue(option: .shards, value: "4097", reason: "must be 1...4096"),
      "invalid value '4097' for --shards: must be 1...4096"),
    BadInput(
      ["--keys", "-3"],
      .invalidValue(option: .keys, value: "-3", reason: "must be 1...10000000, digits only"),
      "invalid value '-3' for --keys: must be 1...10000000, digits only"),
    BadInput(
      ["--keys", "+3"],
      .invalidValue(option: .keys, value: "+3", reason: "must be 1...10000000, digits only"),
      "invalid value '+3' for --keys: must be 1...10000000, digits only"),
    BadInput(
      ["--concurrency", "many"],
      .invalidValue(option: .concurrency, value: "many", reason: "must be 1...100000, digits only"),
      "invalid value 'many' for --concurrency: must be 1...100000, digits only"),
    BadInput(
      ["--requests", "1e3"],
      .invalidValue(
        option: .requests, value: "1e3", reason: "must be 1...1000000000, digits only"),
      "invalid value '1e3' for --requests: must be 1...1000000000, digits only"),
    BadInput(
      ["--warmup", "0x10"],
      .invalidValue(option: .warmup, value: "0x10", reason: "must be 0...1000000000, digits only"),
      "invalid value '0x10' for --warmup: must be 0...1000000000, digits only"),
    BadInput(
      ["--payload-bytes="],
      .invalidValue(
        option: .payloadBytes, value: "", reason: "must be 1...67108864, digits only"),
      "invalid value '' for --payload-bytes: must be 1...67108864, digits only"),
    BadInput(
      ["--requests", "99999999999999999999"],
      .invalidValue(
        option: .requests, value: "99999999999999999999", reason: "must be 1...1000000000"),
      "invalid value '99999999999999999999' for --requests: must be 1...1000000000"),
    BadInput(
      ["--seed", "18446744073709551616"],
      .invalidValue(
        option: .seed, value: "18446744073709551616", reason: "must be 0...18446744073709551615"),
      "invalid value '18446744073709551616' for --seed: must be 0...18446744073709551615"),
    BadInput(
      ["--seed", "-1"],
      .invalidValue(
        option: .seed, value: "-1", reason: "must be 0...18446744073709551615, digits only"),
      "invalid value '-1' for --seed: must be 0...18446744073709551615, digits only"),
    BadInput(
      ["--latency", "5"], .invalidDuration(option: .latency, value: "5", problem: .missingUnit),
      "invalid duration '5' for --latency: needs a unit (ns, us, ms, s, m)"),
    BadInput(
      ["--latency", "5h"],
      .invalidDuration(option: .latency, value: "5h", problem: .unknownUnit("h")),
      "invalid duration '5h' for --latency: unknown unit 'h'; use ns, us, ms, s or m"),
    BadInput(
      ["--decode-cost", "-1ms"],
      .invalidDuration(option: .decodeCost, value: "-1ms", problem: .negative),
      "invalid duration '-1ms' for --decode-cost: must not be negative"),
    BadInput(
      ["--decode-cost", "2s"],
      .invalidValue(option: .decodeCost, value: "2s", reason: "must be 0...1s"),
      "invalid value '2s' for --decode-cost: must be 0...1s"),
    BadInput(
      ["--latency", "61s"],
      .invalidValue(option: .latency, value: "61s", reason: "must be 0...60s"),
      "invalid value '61s' for --latency: must be 0...60s"),
    BadInput(
      ["--duration", "0s"],
      .invalidValue(
        option: .duration, value: "0s",
        reason: "must be greater than 0 and at most 1440m (24 hours)"),
      "invalid value '0s' for --duration: must be greater than 0 and at most 1440m (24 hours)"),
    BadInput(
      ["--duration", "1441m"],
      .invalidValue(
        option: .duration, value: "1441m",
        reason: "must be greater than 0 and at most 1440m (24 hours)"),
      "invalid value '1441m' for --duration: must be greater than 0 and at most 1440m (24 hours)"),
    BadInput(
      ["--duration", "99999999999999999999m"],
      .invalidDuration(option: .duration, value: "99999999999999999999m", problem: .overflow),
      "invalid duration '99999999999999999999m' for --duration: is too large"),
    BadInput(
      ["--variants", "naive,fast"],
      .invalidValue(
        option: .variants, value: "naive,fast",
        reason:
          "unknown design 'fast'; registered designs: naive, coalescing, sharded, mutex, repository, naive-repository, fetch-outside, split"
      ),
      "invalid value 'naive,fast' for --variants: unknown design 'fast'; registered designs: naive, coalescing, "
        + "sharded, mutex, repository, naive-repository, fetch-outside, split"),
    BadInput(
      ["--variants", "naive,mutex,naive"],
      .invalidValue(
        option: .variants, value: "naive,mutex,naive", reason: "'naive' is listed twice"),
      "invalid value 'naive,mutex,naive' for --variants: 'naive' is listed twice"),
    BadInput(
      ["--variants", ""],
      .invalidValue(
        option: .variants, value: "",
        reason:
          "empty item; give a comma list of naive, coalescing, sharded, mutex, repository, naive-repository, fetch-outside, split"
      ),
      "invalid value '' for --variants: empty item; give a comma list of naive, coalescing, "
        + "sharded, mutex, repository, naive-repository, fetch-outside, split"),
    BadInput(
      ["--decode", "inside,"],
      .invalidValue(
        option: .decode, value: "inside,",
        reason:
          "empty item; give a comma list of inside, outside, none, nonsending, concurrent, task, detached"
      ),
      "invalid value 'inside,' for --decode: empty item; give a comma list of inside, outside, none, nonsending, concurrent, task, detached"
    ),
    BadInput(
      ["--decode", "Inside"],
      .invalidValue(
        option: .decode, value: "Inside",
        reason:
          "unknown placement 'Inside'; did you mean 'inside'? use inside, outside, none, nonsending, concurrent, task, detached"
      ),
      "invalid value 'Inside' for --decode: unknown placement 'Inside'; did you mean 'inside'? use inside, outside, none, nonsending, concurrent, task, detached"
    ),
    BadInput(
      ["--variants", "coalescing,mutex", "--decode", "inside,concurrent"],
      .invalidValue(
        option: .decode, value: "concurrent",
        reason:
          "mutex cannot await a decode from inside its isolation; use inside, outside or none,"
          + " or --variants coalescing,sharded"),
      "invalid value 'concurrent' for --decode: mutex cannot await a decode from inside its"
        + " isolation; use inside, outside or none, or --variants coalescing,sharded"),
    BadInput(
      ["--variants", "naive", "--decode", "task"],
      .invalidValue(
        option: .decode, value: "task",
        reason:
          "naive cannot await a decode from inside its isolation; use inside, outside or none,"
          + " or --variants coalescing,sharded"),
      "invalid value 'task' for --decode: naive cannot await a decode from inside its"
        + " isolation; use inside, outside or none, or --variants coalescing,sharded"),
    BadInput(
      ["--decode", "none,none"],
      .invalidValue(option: .decode, value: "none,none", reason: "'none' is listed twice"),
      "invalid value 'none,none' for --decode: 'none' is listed twice"),
    BadInput(
      ["--distribution", "normal"],
      .invalidValue(
        option: .distribution, value: "normal",
        reason: "must be uniform, zipf or hotspot:HOT,SHARE (e.g. hotspot:0.2,0.8)"),
      "invalid value 'normal' for --distribution: must be uniform, zipf or hotspot:HOT,SHARE (e.g. hotspot:0.2,0.8)"
    ),
    BadInput(
      ["--distribution", "hotspot:0.2"],
      .invalidValue(
        option: .distribution, value: "hotspot:0.2",
        reason: "hotspot needs HOT,SHARE, each a decimal in (0, 1), e.g. hotspot:0.2,0.8"),
      "invalid value 'hotspot:0.2' for --distribution: hotspot needs HOT,SHARE, each a decimal in (0, 1), e.g. hotspot:0.2,0.8"
    ),
    BadInput(
      ["--distribution", "hotspot:1,0.8"],
      .invalidValue(
        option: .distribution, value: "hotspot:1,0.8",
        reason: "hotspot needs HOT,SHARE, each a decimal in (0, 1), e.g. hotspot:0.2,0.8"),
      "invalid value 'hotspot:1,0.8' for --distribution: hotspot needs HOT,SHARE, each a decimal in (0, 1), e.g. hotspot:0.2,0.8"
    ),
    BadInput(
      ["--distribution", "hotspot:0.2,0"],
      .invalidValue(
        option: .distribution, value: "hotspot:0.2,0",
        reason: "hotspot needs HOT,SHARE, each a decimal in (0, 1), e.g. hotspot:0.2,0.8"),
      "invalid value 'hotspot:0.2,0' for --distribution: hotspot needs HOT,SHARE, each a decimal in (0, 1), e.g. hotspot:0.2,0.8"
    ),
    BadInput(
      ["--distribution", "hotspot:.2,0.8"],
      .invalidValue(
        option: .distribution, value: "hotspot:.2,0.8",
        reason: "hotspot needs HOT,SHARE, each a decimal in (0, 1), e.g. hotspot:0.2,0.8"),
      "invalid value 'hotspot:.2,0.8' for --distribution: hotspot needs HOT,SHARE, each a decimal in (0, 1), e.g. hotspot:0.2,0.8"
    ),
    BadInput(
      ["--distribution", "hotspot:0.2,0.8,0.1"],
      .invalidValue(
        option: .distribution, value: "hotspot:0.2,0.8,0.1",
        reason: "hotspot needs HOT,SHARE, each a decimal in (0, 1), e.g. hotspot:0.2,0.8"),
      "invalid value 'hotspot:0.2,0.8,0.1' for --distribution: hotspot needs HOT,SHARE, each a decimal in (0, 1), e.g. hotspot:0.2,0.8"
    ),
    BadInput(
      ["--fail-rate", "1.5"],
      .invalidValue(
        option: .failRate, value: "1.5", reason: "must be a decimal in 0...1, e.g. 0.05"),
      "invalid value '1.5' for --fail-rate: must be a decimal in 0...1, e.g. 0.05"),
    BadInput(
      ["--fetch-limit", "0"],
      .invalidValue(option: .fetchLimit, value: "0", reason: "must be 1...100000"),
      "invalid value '0' for --fetch-limit: must be 1...100000"),
    BadInput(
      ["--distribution", "hotspot:0.2,0.8", "--zipf-theta", "1.1"],
      .conflictingOptions("--distribution hotspot", "--zipf-theta"),
      "--distribution hotspot and --zipf-theta cannot be used together"),
    BadInput(
      ["--zipf-theta", "0"],
      .invalidValue(
        option: .zipfTheta, value: "0", reason: "must be greater than 0 and at most 5"),
      "invalid value '0' for --zipf-theta: must be greater than 0 and at most 5"),
    BadInput(
      ["--zipf-theta", "6"],
      .invalidValue(
        option: .zipfTheta, value: "6", reason: "must be greater than 0 and at most 5"),
      "invalid value '6' for --zipf-theta: must be greater than 0 and at most 5"),
    BadInput(
      ["--zipf-theta", "5.000001"],
      .invalidValue(
        option: .zipfTheta, value: "5.000001", reason: "must be greater than 0 and at most 5"),
      "invalid value '5.000001' for --zipf-theta: must be greater than 0 and at most 5"),
    BadInput(
      ["--zipf-theta", "nan"],
      .invalidValue(
        option: .zipfTheta, value: "nan",
        reason: "must be greater than 0 and at most 5, e.g. 0.99"),
      "invalid value 'nan' for --zipf-theta: must be greater than 0 and at most 5, e.g. 0.99"),
    BadInput(
      ["--zipf-theta", "inf"],
      .invalidValue(
        option: .zipfTheta, value: "inf",
        reason: "must be greater than 0 and at most 5, e.g. 0.99"),
      "invalid value 'inf' for --zipf-theta: must be greater than 0 and at most 5, e.g. 0.99"),
    BadInput(
      ["--zipf-theta", "-0.5"],
      .invalidValue(
        option: .zipfTheta, value: "-0.5",
        reason: "must be greater than 0 and at most 5, e.g. 0.99"),
      "invalid value '-0.5' for --zipf-theta: must be greater than 0 and at most 5, e.g. 0.99"),
    BadInput(
      ["--distribution", "uniform", "--zipf-theta", "1.1"],
      .conflictingOptions("--distribution uniform", "--zipf-theta"),
      "--distribution uniform and --zipf-theta cannot be used together"),
    BadInput(
      ["--zipf-theta=1.1", "--distribution=uniform"],
      .conflictingOptions("--distribution uniform", "--zipf-theta"),
      "--distribution uniform and --zipf-theta cannot be used together"),
    BadInput(
      ["--requests", "10", "--duration", "5s"], .conflictingOptions("--requests", "--duration"),
      "--requests and --duration cannot be used together"),
    BadInput(
      ["--duration=5s", "--requests=10"], .conflictingOptions("--requests", "--duration"),
      "--requests and --duration cannot be used together"),
    BadInput(
      ["--caller", "main", "--threads", "2"], .conflictingOptions("--caller main", "--threads"),
      "--caller main and --threads cannot be used together"),
    BadInput(
      ["--caller", "main", "--rate", "100/s"], .conflictingOptions("--caller main", "--rate"),
      "--caller main and --rate cannot be used together"),
    BadInput(
      ["--cancel-at", "render"],
      .invalidValue(option: .cancelAt, value: "render", reason: "must be wait or decode"),
      "invalid value 'render' for --cancel-at: must be wait or decode"),
    BadInput(
      ["--cancel-at", "decode"],
      .needsOption(
        "--cancel-at decode", needs: "--cancel-rate above 0",
        reason: "it sets when the cancelled requests are cancelled, and none are"),
      "--cancel-at decode needs --cancel-rate above 0: it sets when the cancelled requests are"
        + " cancelled, and none are"),
    BadInput(
      ["--cancel-at", "decode", "--cancel-rate", "0"],
      .needsOption(
        "--cancel-at decode", needs: "--cancel-rate above 0",
        reason: "it sets when the cancelled requests are cancelled, and none are"),
      "--cancel-at decode needs --cancel-rate above 0: it sets when the cancelled requests are"
        + " cancelled, and none are"),
    BadInput(
      ["--cancel-rate", "0.1", "--decode-checkpoint", "-1"],
      .invalidValue(
        option: .decodeCheckpoint, value: "-1", reason: "must be 0...1000000, digits only"),
      "invalid value '-1' for --decode-checkpoint: must be 0...1000000, digits only"),
    BadInput(
      ["--decode-checkpoint", "4"],
      .needsOption(
        "--decode-checkpoint 4", needs: "--cancel-rate above 0",
        reason: "only a cancelled request's decode checks for cancellation, and none is cancelled"),
      "--decode-checkpoint 4 needs --cancel-rate above 0: only a cancelled request's decode checks"
        + " for cancellation, and none is cancelled"),
    BadInput(
      ["--caller", "ui"],
      .invalidValue(option: .caller, value: "ui", reason: "must be pool or main"),
      "invalid value 'ui' for --caller: must be pool or main"),
    BadInput(
      ["--keys", "5", "--keys=6"], .duplicateOption(.keys),
      "duplicate option --keys: give it once"),
    BadInput(
      ["--csv", "a.csv", "--csv", "a.csv"], .duplicateOption(.csv),
      "duplicate option --csv: give it once"),
    BadInput(
      ["--csv", ""], .invalidValue(option: .csv, value: "", reason: "must not be empty"),
      "invalid value '' for --csv: must not be empty"),
    BadInput(
      ["--csv="], .invalidValue(option: .csv, value: "", reason: "must not be empty"),
      "invalid value '' for --csv: must not be empty"),
    BadInput(
      ["--perf-ctl", "ctl.fifo"],
      .invalidValue(
        option: .perfControl, value: "ctl.fifo",
        reason: "must be CTL,ACK: the FIFOs given to perf record --control fifo:CTL,ACK"),
      "invalid value 'ctl.fifo' for --perf-ctl: must be CTL,ACK: the FIFOs given to perf record"
        + " --control fifo:CTL,ACK"),
    BadInput(
      ["--perf-ctl=fifo:,ack"],
      .invalidValue(
        option: .perfControl, value: "fifo:,ack",
        reason: "must be CTL,ACK: the FIFOs given to perf record --control fifo:CTL,ACK"),
      "invalid value 'fifo:,ack' for --perf-ctl: must be CTL,ACK: the FIFOs given to perf record"
        + " --control fifo:CTL,ACK"),
    BadInput(
      ["--variants", "naive", "--decode", "none", "--profile-variant", "coalescing/none"],
      .invalidValue(
        option: .profileVariant, value: "coalescing/none",
        reason: "not a variant of this run; use one of naive/none"),
      "invalid value 'coalescing/none' for --profile-variant: not a variant of this run; use one of"
        + " naive/none"),
    BadInput(
      ["--pause-before-window=yes"],
      .unexpectedValue(flag: "--pause-before-window", value: "yes"),
      "unexpected value 'yes' for --pause-before-window: it takes no value"),
    BadInput(
      ["--pause-before-window", "--pause-before-window"], .duplicateOption(.pauseBeforeWindow),
      "duplicate option --pause-before-window: give it once"),
    BadInput(
      ["--pause-before-window", "now"], .unexpectedArgument("now"),
      "unexpected argument 'now'; see 'cachebench --help'"),
    BadInput(
      ["--shards", "0", "--keys", "0"],
      .invalidValue(option: .shards, value: "0", reason: "must be 1...4096"),
      "invalid value '0' for --shards: must be 1...4096"),
  ]

  @Test(arguments: badInputs)
  func badInputIsRejectedWithItsExactMessage(_ bad: BadInput) {
    #expect(throws: bad.error) { try CommandLineParser.parse(bad.arguments) }
    #expect(bad.error.description == bad.message)
  }

  @Test(arguments: badInputs)
  func everyMessageIsOneLine(_ bad: BadInput) {
    #expect(!bad.message.contains("\n"))
  }
}
