/// The git commit this build of cachebench was compiled from, written into the module by the
/// BuildCommit plugin before each build (see `Plugins/BuildCommitPlugin`).
///
/// Why at build time: the figures of a run must name the code that produced them. A commit read at
/// run time from the checkout names what is checked out now, which is not what was built once the
/// tree has moved on since the build. Dirty means the build's sources (`Sources/`, `Plugins/`,
/// `Package.swift`) differed from the commit, tracked or untracked changes alike.
package struct BuildCommit: Sendable, Equatable {
  /// The full object name of the commit, 40 (SHA-1) or 64 (SHA-256) hex digits.
  package var hash: String
  /// Whether the sources built differed from `hash`.
  package var isDirty: Bool
  /// The top-level directory of the checkout the build was made in, or empty when unknown.
  package var checkoutDirectory: String

  /// The abbreviated length the scripts use too (`git rev-parse --short=12`).
  package static let abbreviatedLength = 12

  /// The commit of this build, or nil when the plugin could not read one (no git, no checkout).
  package static let current: BuildCommit? =
    generatedCommit.isEmpty
    ? nil
    : BuildCommit(
      hash: generatedCommit, isDirty: generatedIsDirty,
      checkoutDirectory: generatedCheckoutDirectory)

  package init(hash: String, isDirty: Bool, checkoutDirectory: String = "") {
    self.hash = hash
    self.isDirty = isDirty
    self.checkoutDirectory = checkoutDirectory
  }

  /// The first `abbreviatedLength` digits of `hash`.
  package var abbreviated: String { String(hash.prefix(Self.abbreviatedLength)) }

  /// What the results' `git_commit` holds: the abbreviated hash, `+dirty` after it for a dirty
  /// build, as `scripts/ci-gate` writes it.
  package var label: String { abbreviated + (isDirty ? "+dirty" : "") }
}
