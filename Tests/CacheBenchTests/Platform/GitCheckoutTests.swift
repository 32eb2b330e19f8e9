import Foundation
import Testing

@testable import CacheBenchCore

/// Reading the checked-out commit from a checkout's files: a plain clone, a worktree (a `.git` file
/// naming its git directory, refs in the common one), packed refs, a detached HEAD, and no checkout.
struct GitCheckoutTests {
  static let commit = "0123456789abcdef0123456789abcdef01234567"
  static let other = "fedcba9876543210fedcba9876543210fedcba98"

  /// A fresh directory that `body` fills, removed afterwards.
  private func withDirectory(_ body: (String) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-git-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try body(directory)
  }

  private func write(_ text: String, _ path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  @Test func aCloneNamesItsBranchsCommitFromAnExecutableDeepInside() throws {
    try withDirectory { root in
      try write("ref: refs/heads/main\n", root + "/.git/HEAD")
      try write(Self.commit + "\n", root + "/.git/refs/heads/main")
      #expect(GitCheckout.commit(enclosing: root + "/.build/release/cachebench") == Self.commit)
    }
  }

  @Test func anExecutableOfAnotherCheckoutNamesThatCheckoutsCommit() throws {
    try withDirectory { root in
      try write("ref: refs/heads/main\n", root + "/app/.git/HEAD")
      try write(Self.commit + "\n", root + "/app/.git/refs/heads/main")
      try write(Self.other + "\n", root + "/cachebench/.git/HEAD")
      let appExecutable = root + "/app/.build/release/app-bench"
      #expect(
        GitCheckout.commit(ofExecutable: appExecutable, outside: root + "/cachebench")
          == Self.commit)
      // cachebench's own executable, inside the checkout it was built in: not another's.
      #expect(
        GitCheckout.commit(
          ofExecutable: root + "/cachebench/.build/release/cachebench",
          outside: root + "/cachebench") == nil)
      // The build's checkout unknown: nothing to tell another checkout from it by.
      #expect(GitCheckout.commit(ofExecutable: appExecutable, outside: "") == nil)
      // A directory that merely starts with the same name is another checkout.
      try write(Self.other + "\n", root + "/cachebench-app/.git/HEAD")
      #expect(
        GitCheckout.commit(
          ofExecutable: root + "/cachebench-app/.build/debug/x", outside: root + "/cachebench")
          == Self.other)
    }
  }

  @Test func aWorktreeReadsItsGitDirectoryAndTheCommonOnesPackedRefs() throws {
    try withDirectory { root in
      try write("ref: refs/heads/topic\n", root + "/main/.git/worktrees/wt/HEAD")
      try write("../..\n", root + "/main/.git/worktrees/wt/commondir")
      try write(
        "# pack-refs with: peeled fully-peeled sorted\n\(Self.other) refs/heads/main\n"
          + "\(Self.commit) refs/heads/topic\n", root + "/main/.git/packed-refs")
      try write("gitdir: \(root)/main/.git/worktrees/wt\n", root + "/wt/.git")
      #expect(GitCheckout.commit(enclosing: root + "/wt/.build/debug/cachebench") == Self.commit)
    }
  }

  @Test func aDetachedHeadIsItsOwnCommit() throws {
    try withDirectory { root in
      try write(Self.commit + "\n", root + "/.git/HEAD")
      #expect(GitCheckout.commit(enclosing: root + "/cachebench") == Self.commit)
    }
  }

  @Test func aBranchWithNoCommitOrNoCheckoutGivesNil() throws {
    try withDirectory { root in
      try write("ref: refs/heads/empty\n", root + "/repo/.git/HEAD")
      #expect(GitCheckout.commit(enclosing: root + "/repo/cachebench") == nil)
    }
    #expect(GitCheckout.commit(enclosing: "/proc/self/cachebench") == nil)
  }
}
