/// What the command line asked for.
///
/// `CommandLineParser.parse(_:)` produces it; the executable acts on it: `.run` measures a scenario,
/// `.help` prints `HelpText.usage`, `.version` prints `cacheBenchVersion`, each exiting 0.
enum Command: Sendable, Equatable {
  /// Measure a scenario and write its results.
  case run(RunConfiguration)
  /// Print the help page.
  case help
  /// Print the version.
  case version
}
