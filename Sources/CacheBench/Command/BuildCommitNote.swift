internal import CacheBenchBuildCommit
import CacheBenchCore

/// The stderr note a run prints when the binary was built from one commit and runs inside a checkout
/// that has another checked out now.
///
/// Why a note and not the checkout's commit: the results carry the commit the binary was built from
/// (`RunMetadata.gitCommit(in:built:executableCheckout:)`), the code that produced the figures; the note says that the
/// checkout moved on since, so a rebuild is probably wanted.
enum BuildCommitNote {
  /// The note for `built` against `checkout`, the full commit the checkout holding the executable has
  /// now, with `recorded`, the `git_commit` the results carry; nil when either commit is unknown or
  /// they agree.
  static func text(built: BuildCommit?, checkout: String?, recorded: String) -> String? {
    guard let built, let checkout, checkout != built.hash else { return nil }
    return
      "note: this cachebench was built from commit \(built.abbreviated), but its checkout is at "
      + "\(checkout.prefix(BuildCommit.abbreviatedLength)) now; the results' git_commit is "
      + "\(recorded): rebuild to measure the checkout"
  }

  /// The note for this binary, reading its checkout's commit only when the build knows where it was.
  static func current(recorded: String) -> String? {
    guard let built = BuildCommit.current else { return nil }
    let checkout = GitCheckout.executableCommit(inside: built.checkoutDirectory)
    return text(built: built, checkout: checkout, recorded: recorded)
  }
}
