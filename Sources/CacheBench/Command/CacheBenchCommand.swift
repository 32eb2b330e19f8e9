import CacheBenchCore
import CacheBenchDesigns

/// The whole command-line tool behind the thin executable: parse, run, write, and map every outcome to an
/// exit code (0 ok, 1 failure, 2 gate regression, 64 usage).
public enum CacheBenchCommand {
  /// Exit codes, as documented in `--help` and the README.
  enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let regression: Int32 = 2
    static let usage: Int32 = 64
    /// A run stopped by a signal exits 128 + its number, as a shell reports a death by that signal:
    /// 130 for SIGINT, 143 for SIGTERM.
    static func signalled(_ number: Int32) -> Int32 { 128 + number }
  }

  /// Runs the tool with `arguments` (without the program name), knowing the built-in designs and
  /// `designs`, and returns the process exit code.
  ///
  /// This is the whole of a user's executable: `exit(await CacheBenchCommand.main(arguments:
  /// Array(CommandLine.arguments.dropFirst()), designs: [myDesign]))`. Every subcommand then finds
  /// `designs` by name beside the built-in ones. Designs that cannot be registered (an empty or malformed
  /// name, a name given twice or taken from a built-in design) are a usage error, exit 64, before
  /// anything runs.
  /// Usage lines, the help page and messages name the executable as it was invoked (`argv[0]`), or
  /// `programName` when given.
  public static func main(
    arguments: [String], designs: [CacheDesign] = [], programName: String? = nil
  ) async -> Int32 {
    await ProgramName.$current.withValue(programName ?? ProgramName.ofThisProcess) {
      await main(arguments: arguments, registering: designs)
    }
  }

  /// Registers `designs` beside the built-in ones, then runs the tool.
  private static func main(arguments: [String], registering designs: [CacheDesign]) async -> Int32 {
    let registry: DesignRegistry
    do {
      registry = try DesignRegistry.withBuiltIn(adding: designs)
    } catch {
      printError(error.description)
      return ExitCode.usage
    }
    return await RegisteredDesigns.$registry.withValue(registry) {
      await main(arguments: arguments)
    }
  }

  /// Runs the tool with the designs already registered (`RegisteredDesigns`).
  private static func main(arguments: [String]) async -> Int32 {
    let command: Command
    do {
      command = try CommandLineParser.parse(arguments)
    } catch {
      printError(error.description)
      return ExitCode.usage
    }
    switch command {
    case .help:
      let page = HelpText.page(program: ProgramName.current)
      print(page, terminator: page.hasSuffix("\n") ? "" : "\n")
      return ExitCode.success
    case .version:
      print(RunMetadata.versionLine(toolVersion: cacheBenchVersion))
      return ExitCode.success
    case .run(let configuration):
      return await RunCommand.run(configuration)
    case .compare(let configuration):
      return CompareCommand.run(configuration)
    case .baseline(let configuration):
      return CompareCommand.writeBaseline(configuration)
    case .paired(let configuration):
      return PairedCommand.run(configuration)
    case .calibrate(let configuration):
      return await CalibrateCommand.run(configuration)
    case .sweep(let configuration):
      return await SweepCommand.run(configuration)
    }
  }

  /// Writes one line to stderr, prefixed with the tool's name.
  static func printError(_ message: String) {
    var text = message.hasSuffix("\n") ? message : message + "\n"
    let program = ProgramName.current
    if !text.hasPrefix(program) { text = program + ": " + text }
    StandardError.write(text)
  }
}
