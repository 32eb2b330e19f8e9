import CacheBenchCore
import CacheBenchDesigns

/// The whole command-line tool behind the thin executable: parse, make the subcommand (each a type of its
/// own, `Subcommand`), run it, and map how it ended to an exit code (0 ok, 1 failure, 2 gate regression,
/// 64 usage, 128 + N stopped by signal N), in one place (`CommandError.exitCode`).
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
      return exitCode(for: .usage(error.description))
    }
    return await RegisteredDesigns.$registry.withValue(registry) {
      await exitCode(running: arguments)
    }
  }

  /// Parses `arguments` and runs the subcommand they name, with the designs already registered
  /// (`RegisteredDesigns`): the one place where how a subcommand ended becomes the exit code.
  private static func exitCode(running arguments: [String]) async -> Int32 {
    do {
      try await subcommand(parsing: arguments).execute()
      return ExitCode.success
    } catch {
      return exitCode(for: error)
    }
  }

  /// The exit code for `error`, once its message (if it has one left to say) is on stderr.
  private static func exitCode(for error: CommandError) -> Int32 {
    if let message = error.message { printError(message) }
    return error.exitCode
  }

  /// The subcommand `arguments` name, made from its parsed configuration; a usage error for arguments
  /// that do not parse, and, for `run`, a profile, scenario or output path found bad before anything runs.
  private static func subcommand(parsing arguments: [String]) throws(CommandError)
    -> any Subcommand
  {
    let command: Command
    do {
      command = try CommandLineParser.parse(arguments)
    } catch {
      throw .usage(error.description)
    }
    return switch command {
    case .help: HelpCommand()
    case .version: VersionCommand()
    case .run(let configuration): try RunCommand(checking: configuration)
    case .compare(let configuration): CompareCommand(configuration)
    case .baseline(let configuration): BaselineCommand(configuration)
    case .paired(let configuration): PairedCommand(configuration)
    case .calibrate(let configuration): CalibrateCommand(configuration)
    case .sweep(let configuration): SweepCommand(configuration)
    case .check(let configuration): CheckCommand(configuration)
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
