import CacheBenchCore

/// What the command line asked for.
///
/// `CommandLineParser.parse(_:)` produces it; the executable acts on it: `.run` measures a scenario,
/// `.help` prints `HelpText.usage`, `.version` prints `cacheBenchVersion`, each exiting 0;
/// `.compare` judges a run against a baseline; `.calibrate` and `.sweep` run those subcommands.
enum Command: Sendable, Equatable {
  /// Measure a scenario and write its results.
  case run(RunConfiguration)
  /// Print the help page.
  case help
  /// Print the version.
  case version
  /// Compare a run with a baseline and judge it against thresholds.
  case compare(CompareConfiguration)
  /// Write the median of several runs as a baseline.
  case baseline(BaselineConfiguration)
  /// Judge head runs against base runs of one profile, round by round (the A/B gate).
  case paired(PairedConfiguration)
  /// Measure the floor of each mechanism and print it (`cachebench calibrate`).
  case calibrate(CalibrationConfiguration)
  /// Measure the cross product of shard counts, concurrencies and decode placements (`cachebench sweep`).
  case sweep(SweepConfiguration)
  /// The report card of each design named (`cachebench check`).
  case check(CheckConfiguration)
}
