import CacheBenchCore

/// Brackets each recorded window with two detailed massif snapshots, through valgrind monitor commands,
/// so a heap profile can be cut to exactly the window.
///
/// massif cannot be switched on and off, and its time axis (instructions executed) is the whole run's. So
/// when a window opens this asks massif for `detailed_snapshot DIRECTORY/massif-open-LABEL.out`, and when it
/// closes for `detailed_snapshot DIRECTORY/massif-close-LABEL.out` (LABEL is the variant as
/// `Variant.description` prints it, with every character other than letters, digits, `_`, `.` and `-`
/// made `-`: `sharded-8--inside`). Each file holds one snapshot with its time; `scripts/lib/massif_window.py`
/// keeps the snapshots of the run's `massif.out` between the two times, so start-up, warm-up and the other
/// variants drop out, and writes that window's heap over time.
///
/// `scripts/valgrind massif` turns it on by setting `CACHEBENCH_MASSIF_SNAPSHOTS` to its results directory.
/// Not under valgrind every request is skipped. A snapshot massif refuses (it is not the tool running, or
/// the file cannot be written) is a `ProfilingError`, so the run exits 1 rather than leave a profile that
/// silently covers more than the window.
struct MassifWindow: ProfilingTool {
  /// The environment variable naming the directory the snapshots are written to.
  static let directoryVariable = "CACHEBENCH_MASSIF_SNAPSHOTS"

  /// Where the snapshot files go; massif splits its commands at blanks, so the path must have none.
  let directory: String
  /// Whether the process runs under valgrind; injectable so tests can run the tool natively.
  var isRunning: @Sendable () -> Bool = { ValgrindClient.isRunning }
  /// Runs one monitor command and says whether the tool accepted it; injectable for tests.
  var monitor: @Sendable (String) -> Bool = { ValgrindClient.monitorCommand($0) }

  func windowOpens(_ variant: Variant) async throws(ProfilingError) {
    try snapshot(Self.command(edge: "open", variant: variant, directory: directory))
  }

  func windowCloses(_ variant: Variant, requests: Int) async throws(ProfilingError) {
    try snapshot(Self.command(edge: "close", variant: variant, directory: directory))
  }

  private func snapshot(_ command: String) throws(ProfilingError) {
    guard isRunning() else { return }
    guard monitor(command) else { throw .valgrindMonitor(command: command) }
  }

  /// The monitor command for one edge (`open` or `close`) of `variant`'s window.
  static func command(edge: String, variant: Variant, directory: String) -> String {
    "detailed_snapshot \(directory)/massif-\(edge)-\(label(variant)).out"
  }

  /// `variant.description` with every character a file name should not have made `-`; the same rule as
  /// the annotation files of `scripts/valgrind callgrind`.
  static func label(_ variant: Variant) -> String {
    String(
      variant.description.map { character in
        character.isASCII && (character.isLetter || character.isNumber || "_.-".contains(character))
          ? character : "-"
      })
  }
}
