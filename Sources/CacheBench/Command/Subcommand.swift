/// One subcommand of the tool, a type of its own: made from what the command line parsed, run once.
///
/// It says how it ended by returning (exit 0) or by throwing a `CommandError`; only
/// `CacheBenchCommand.exitCode(running:)` turns that into the process exit code, so no subcommand picks a
/// code of its own.
protocol Subcommand {
  /// Runs the subcommand: its output on stdout, progress and notes on stderr. A message carried by the
  /// error it throws is not printed yet.
  func execute() async throws(CommandError)
}
