/// Why a subcommand ends with an exit code other than 0, in the words it prints: the one place where an
/// outcome becomes a code.
enum CommandError: Error, Equatable {
  /// Bad input found before anything ran (a profile, a scenario, an output path): exit 64.
  case usage(String)
  /// A failure once running: an I/O error, a profiler that failed, a broken accounting identity, a
  /// deadline reached, a variant not measured: exit 1.
  case failure(String)
  /// A comparison found a figure outside its threshold (`compare`, `paired`), as its report on stdout
  /// says: exit 2.
  case regression
  /// Stopped by signal `number`, already said on stderr as the run drained: 128 + `number`.
  case signalled(Int32)

  /// The process exit code, as `--help` and the README document them.
  var exitCode: Int32 {
    switch self {
    case .usage: CacheBenchCommand.ExitCode.usage
    case .failure: CacheBenchCommand.ExitCode.failure
    case .regression: CacheBenchCommand.ExitCode.regression
    case .signalled(let number): CacheBenchCommand.ExitCode.signalled(number)
    }
  }

  /// The line to print on stderr, if there is one left to print.
  var message: String? {
    switch self {
    case .usage(let message), .failure(let message): message
    case .regression, .signalled: nil
    }
  }
}
