/// The whole command-line tool behind the thin executable: parse, run, write, and map every outcome to an
/// exit code (0 ok, 1 failure, 2 gate regression, 64 usage).
public enum CacheBenchCommand {
  /// Exit codes, as documented in `--help` and the README.
  enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
  }

  /// Runs the tool with `arguments` (without the program name) and returns the process exit code.
  public static func main(arguments: [String]) async -> Int32 {
    let command: Command
    do {
      command = try CommandLineParser.parse(arguments)
    } catch {
      printError(error.description)
      return ExitCode.usage
    }
    switch command {
    case .help:
      print(HelpText.usage, terminator: HelpText.usage.hasSuffix("\n") ? "" : "\n")
      return ExitCode.success
    case .version:
      print("cachebench \(cacheBenchVersion)")
      return ExitCode.success
    case .run(let configuration):
      return await run(configuration)
    case .calibrate(let configuration):
      return await CalibrateCommand.run(configuration)
    case .sweep(let configuration):
      return await SweepCommand.run(configuration)
    }
  }

  private static func run(_ configuration: RunConfiguration) async -> Int32 {
    let csvPath = configuration.csvPath
    if let csvPath, csvPath != "-" {
      do {
        try AtomicFileWriter.checkWritable(path: csvPath)
      } catch {
        printError(error.description)
        return ExitCode.failure
      }
    }
    let metadata = RunMetadata.current(toolVersion: cacheBenchVersion)
    let scenario = configuration.scenario
    printError(RunDescription.summary(of: scenario))
    let calibration = await CalibrateCommand.calibrate(for: scenario)
    let driver = BenchmarkDriver(scenario: scenario) { event in
      if case .finished(let result) = event {
        printError(RunDescription.progressLine(for: result))
      }
    }
    let results: [VariantResult]
    do {
      results = try await driver.run()
    } catch {
      printError(error.description)
      return ExitCode.failure
    }
    let table =
      TableWriter.render(results) + "\n"
      + ContentionTableWriter.render(results, calibration: calibration)
      + CalibrationTableWriter.summary(calibration)
    let csv = CSVWriter.render(
      results: results, scenario: scenario, metadata: metadata, calibration: calibration)
    if csvPath == "-" {
      // stdout carries the CSV alone so it can be piped; the table goes to stderr.
      printError(table)
      print(csv, terminator: "")
    } else {
      print(table, terminator: table.hasSuffix("\n") ? "" : "\n")
    }
    if let csvPath, csvPath != "-" {
      do {
        try AtomicFileWriter.write(csv, toPath: csvPath)
      } catch {
        printError(error.description)
        return ExitCode.failure
      }
    }
    return ExitCode.success
  }

  /// Writes one line to stderr, prefixed with the tool's name.
  static func printError(_ message: String) {
    var text = message.hasSuffix("\n") ? message : message + "\n"
    if !text.hasPrefix("cachebench") { text = "cachebench: " + text }
    StandardError.write(text)
  }
}
