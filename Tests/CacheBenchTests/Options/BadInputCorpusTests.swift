import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Every option and profile field fed every kind of bad value: each must be refused with one line that
/// names what was wrong, exit 64, and leave no output file behind. The cases are generated from
/// `OptionName.allCases` and `Profile.scenarioFields`, so a new option or field joins the corpus (and the
/// exhaustive `kind(of:)` switch makes its author say what values it takes). `OptionsErrorTests` and
/// `ProfileTests` pin the exact wording of representative messages; this corpus checks the breadth.
@Suite(.timeLimit(.minutes(2)))
struct BadInputCorpusTests {
  /// What an option's value is, which decides the bad values it is given.
  enum ValueKind {
    /// A whole number in `minimum...maximum`.
    case count(minimum: Int, maximum: Int)
    /// A 64-bit unsigned seed.
    case seed
    /// A duration with a unit, allowed in `minimum...maximum` (strictly above zero when `positive`).
    case duration(positive: Bool, tooLong: String)
    /// A decimal in (0, 5].
    case decimal
    /// A share, a plain decimal in `0...1`.
    case probability
    /// A comma list of names.
    case list
    /// One word from a fixed set.
    case word
    /// A file path, anything but empty.
    case path
    /// `CTL,ACK`.
    case fifoPair
    /// A variant of this run.
    case variantName
    /// A design or variant of this run.
    case referenceName
    /// A flag: takes no value.
    case flag
    /// Requests per second, `R/s`: a bare number is refused.
    case rate
  }

  /// What `option` takes; exhaustive, so a new option cannot be left out of the corpus.
  static func kind(of option: OptionName) -> ValueKind {
    switch option {
    case .variants, .decode: .list
    case .decodeCost: .duration(positive: false, tooLong: "2s")
    case .shards: .count(minimum: 1, maximum: 4_096)
    case .keys: .count(minimum: 1, maximum: 10_000_000)
    case .distribution, .caller, .cancelAt: .word
    case .zipfTheta: .decimal
    case .seed: .seed
    case .concurrency: .count(minimum: 1, maximum: 100_000)
    case .threads: .count(minimum: 1, maximum: 1_024)
    case .requests: .count(minimum: 1, maximum: 1_000_000_000)
    case .duration, .deadline, .maxTime, .ttl: .duration(positive: true, tooLong: "1441m")
    case .warmup: .count(minimum: 0, maximum: 1_000_000_000)
    case .latency: .duration(positive: false, tooLong: "61s")
    case .payloadBytes: .count(minimum: 1, maximum: 67_108_864)
    case .csv, .json, .markdown, .histogramCSV, .rawLatencies, .profile, .saveBaseline: .path
    case .perfControl: .fifoPair
    case .profileVariant: .variantName
    case .repetitions, .findings: .count(minimum: 1, maximum: 100)
    case .reference: .referenceName
    case .quiet, .pauseBeforeWindow, .ignoreCancellation: .flag
    case .failRate, .invalidateRate, .cancelRate, .writeRate: .probability
    case .fetchLimit: .count(minimum: 1, maximum: 100_000)
    case .capacity: .count(minimum: 1, maximum: 10_000_000)
    case .decodeCheckpoint: .count(minimum: 0, maximum: 1_000_000)
    case .rate: .rate
    }
  }

  /// Values `kind` must refuse: missing sign, units, range, number syntax, NaN and infinity, overflow.
  static func badValues(_ kind: ValueKind) -> [String] {
    let notNumbers = [
      "", "abc", "NaN", "nan", "inf", "-inf", "1.5", "1e3", "0x10", " 5", "5k", "٣",
    ]
    switch kind {
    case .count(let minimum, let maximum):
      return notNumbers + ["-1", String(maximum + 1), "99999999999999999999999"]
        + (minimum > 0 ? ["0"] : [])
    case .seed:
      return notNumbers.filter { $0 != "1e3" } + ["-1", "18446744073709551616"]
    case .duration(let positive, let tooLong):
      return [
        "", "5", "abc", "-1ms", "5h", "5 ms", "ms", "nanms", "NaNs", "infs", "1e400s",
        "99999999999999999999m", "1..5ms", tooLong,
      ] + (positive ? ["0s", "0ms"] : [])
    case .decimal:
      return ["", "0", "-1", "abc", "nan", "inf", "5.1", "1e999", "0x1p1", "1,5"]
    case .probability:
      return [
        "", "-0.1", "1.1", "1.5", "2", "abc", "nan", "inf", "1e-1", "1e-3", "0x1p-1", "0x1p1",
        "0,5",
        "1.", "-0",
      ]
    case .list:
      return ["", "fast", ",", "0"]
    case .word:
      return ["", "normal", "0", "Zipf"]
    case .path:
      return [""]
    case .fifoPair:
      return ["", "only-one"]
    case .variantName:
      return ["", "fast/inside", "naive"]
    case .referenceName:
      return ["", "fast", "fast/inside", "naive/everywhere", "repository"]
    case .flag:
      return []
    case .rate:
      return ["", "0", "-5", "abc", "5/m", "nan", "inf", "1e3", "5000/m", "0", "0/s", "/s"]
    }
  }

  /// A value `option` accepts, for the duplicated-option cases.
  static func goodValue(_ option: OptionName) -> String {
    switch kind(of: option) {
    case .count: "2"
    case .seed: "3"
    case .duration: "1s"
    case .decimal: "1"
    case .probability: "0.5"
    case .list: option == .variants ? "naive" : "none"
    case .word: "uniform"
    case .path: option == .saveBaseline ? "corpus" : "corpus-\(option.rawValue.dropFirst(2)).out"
    case .fifoPair: "ctl,ack"
    case .variantName: "naive/inside"
    case .referenceName: "coalescing"
    case .flag: ""
    case .rate: "100/s"
    }
  }

  /// One bad command line.
  struct BadCommandLine: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    /// Text the one-line message must contain: the option or argument at fault.
    var names: String
    var testDescription: String { arguments.map { "'\($0)'" }.joined(separator: " ") }
  }

  /// Every option with every bad value (separate and `=` spellings), missing, duplicated; every flag
  /// given a value and duplicated; unknown options and subcommands; conflicting options.
  static let badCommandLines: [BadCommandLine] = {
    var cases: [BadCommandLine] = []
    for option in OptionName.allCases {
      let name = option.rawValue
      guard option.takesValue else {
        cases.append(BadCommandLine(arguments: [name, name], names: name))
        cases.append(BadCommandLine(arguments: ["\(name)=yes"], names: name))
        continue
      }
      cases.append(BadCommandLine(arguments: [name], names: name))
      let good = goodValue(option)
      cases.append(BadCommandLine(arguments: [name, good, name, good], names: name))
      for value in badValues(kind(of: option)) {
        cases.append(BadCommandLine(arguments: [name, value], names: name))
        cases.append(BadCommandLine(arguments: ["\(name)=\(value)"], names: name))
      }
    }
    for unknown in ["--shard", "--Keys", "-x", "--", "---keys", "--keys-"] {
      cases.append(BadCommandLine(arguments: [unknown, "1"], names: unknown))
    }
    for subcommand in ["bench", "Run", "runs", "compare-"] {
      cases.append(BadCommandLine(arguments: [subcommand], names: subcommand))
    }
    cases += [
      BadCommandLine(arguments: ["--requests", "10", "--duration", "1s"], names: "--duration"),
      BadCommandLine(
        arguments: ["--distribution", "uniform", "--zipf-theta", "1"], names: "--zipf-theta"),
      BadCommandLine(arguments: ["--csv", "-", "--json", "-"], names: "-"),
      BadCommandLine(arguments: ["--csv", "same.csv", "--json", "same.csv"], names: "same.csv"),
      BadCommandLine(arguments: ["--keys", "5", "stray"], names: "stray"),
      BadCommandLine(arguments: ["--cancel-at", "decode"], names: "--cancel-at"),
      BadCommandLine(arguments: ["--decode-checkpoint", "2"], names: "--decode-checkpoint"),
    ]
    return cases
  }()

  @Test(arguments: badCommandLines)
  func aBadCommandLineIsRefusedWithOneLineNamingIt(_ bad: BadCommandLine) throws {
    do {
      let command = try CommandLineParser.parse(bad.arguments)
      // Some mistakes (a variant the run does not have) can only be seen once the scenario is known.
      guard case .run(var configuration) = command,
        let name = configuration.pendingProfileVariant ?? bad.arguments.last
      else {
        Issue.record("accepted: \(command)")
        return
      }
      #expect(throws: OptionsError.self, "accepted: \(command)") {
        try configuration.selectProfiledVariant(named: name)
      }
    } catch {
      #expect(!error.description.isEmpty)
      #expect(!error.description.contains("\n"), "\(error.description)")
      #expect(error.description.contains(bad.names), "\(error.description)")
    }
  }

  @Test(arguments: badCommandLines.filter { !$0.arguments.joined().contains("json") })
  func aBadCommandLineExitsSixtyFourAndWritesNoFile(_ bad: BadCommandLine) async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-corpus-\(UUID().uuidString).json").path
    let status = await CacheBenchCommand.main(arguments: bad.arguments + ["--json", path])
    #expect(status == 64)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  /// One bad profile text.
  struct BadProfile: Sendable, CustomTestStringConvertible {
    var text: String
    /// Text the one-line message must contain: the field at fault, or that the file is no JSON.
    var names: String
    var testDescription: String { text }
  }

  /// JSON values each profile field refuses, by the form it takes: wrong type, empty, negative,
  /// zero, huge, non-numeric, without unit, null, nested.
  static func badJSONValues(_ form: Profile.ValueForm, option: OptionName) -> [String] {
    let wrongShapes = ["null", "true", "{}", "[[1]]"]
    switch form {
    case .integer:
      var values =
        wrongShapes + [
          #""5""#, "-1", "1.5", "1e3", "99999999999999999999999", "1e999", #""""#, "[]",
        ]
      if case .count(let minimum, _) = kind(of: option), minimum > 0 { values.append("0") }
      return values
    case .duration:
      var values = wrongShapes + [#""""#, "5", #""5""#, #""-1ms""#, #""5h""#, #""NaNs""#, "[]"]
      if case .duration(true, _) = kind(of: option) { values.append(#""0s""#) }
      return values
    case .decimal, .rate:
      // `rate` also takes a string, as `--rate` spells it ("5000/s").
      let strings = option == .rate ? [#""5/m""#, #""""#, #""1/s/s""#] : [#""1""#]
      var values = wrongShapes + strings + ["-1", "1e999", "[]"]
      // Each decimal field has its own range.
      switch option {
      case .zipfTheta: values += ["0", "5.1"]
      case .failRate, .invalidateRate, .cancelRate: values += ["1.5"]
      case .rate: values += ["0"]
      default: break
      }
      return values
    case .list:
      return wrongShapes + [#""naive""#, "[]", #"[""]"#, #"["fast"]"#, "[1]"]
    case .word:
      return wrongShapes + [#""""#, #""normal""#, "1", "[]"]
    }
  }

  /// Every scenario field with every bad value and given twice; malformed documents.
  static let badProfiles: [BadProfile] = {
    var cases: [BadProfile] = []
    for (field, option, form) in Profile.scenarioFields {
      for value in badJSONValues(form, option: option) {
        cases.append(BadProfile(text: "{\"\(field)\": \(value)}", names: "'\(field)'"))
      }
    }
    cases += [
      BadProfile(text: #"{"keys": 10, "keys": 10}"#, names: "'keys'"),
      BadProfile(text: #"{"keys": NaN}"#, names: "not valid JSON"),
      BadProfile(text: #"{"keys": Infinity}"#, names: "not valid JSON"),
      BadProfile(text: "", names: "not valid JSON"),
      BadProfile(text: "{", names: "not valid JSON"),
      BadProfile(text: #"{"keys": 10"#, names: "not valid JSON"),
      BadProfile(text: #"{"keys": 10} {}"#, names: "not valid JSON"),
      BadProfile(text: #"{keys: 10}"#, names: "not valid JSON"),
      BadProfile(text: "\u{FEFF}{\"keys\": 10}", names: "not valid JSON"),
      BadProfile(text: #"{"shard": 8}"#, names: "'shard'"),
      BadProfile(text: #""keys""#, names: "(profile)"),
      BadProfile(text: "[]", names: "(profile)"),
      BadProfile(text: #"{"requests": 10, "duration": "1s"}"#, names: "'duration'"),
      BadProfile(text: #"{"gate": []}"#, names: "'gate'"),
    ]
    return cases
  }()

  @Test(arguments: badProfiles)
  func aBadProfileIsRefusedWithOneLineNamingTheFileAndField(_ bad: BadProfile) {
    let error = #expect(throws: ProfileError.self) {
      _ = try Profile.parse(bad.text, path: "corpus.json")
    }
    guard let message = error?.description else { return }
    #expect(!message.contains("\n"), "\(message)")
    #expect(message.contains("corpus.json"), "\(message)")
    #expect(message.contains(bad.names), "\(message)")
  }

  /// Files that cannot be read or written: an output path that cannot be written and a profile that
  /// cannot be read are both bad input (64, as `--help` documents), found before any request is
  /// issued, writing nothing.
  static let unusableFiles: [(arguments: [String], status: Int32)] = [
    (["--csv", "/nonexistent-cachebench-dir/out.csv"], 64),
    (["--csv", "/tmp"], 64),
    (["--markdown", "/proc/version"], 64),
    (["--save-baseline", "/nonexistent-cachebench-dir/b.json"], 64),
    (["--profile", "/nonexistent-cachebench-dir/p.json"], 64),
    (["--profile", "/tmp"], 64),
    (["--profile", "/dev/null"], 64),
  ]

  @Test(arguments: unusableFiles)
  func anUnusableFileFailsBeforeTheRunAndWritesNothing(arguments: [String], status: Int32) async {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-corpus-\(UUID().uuidString).json").path
    let tiny = ["--variants", "mutex", "--decode", "none", "--requests", "1", "--warmup", "0"]
    let exit = await CacheBenchCommand.main(arguments: arguments + tiny + ["--json", path])
    #expect(exit == status)
    #expect(!FileManager.default.fileExists(atPath: path))
  }
}
