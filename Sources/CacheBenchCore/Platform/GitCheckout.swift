#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The commit that the git checkout holding the running executable has checked out now, read from the
/// checkout's own files without running git.
///
/// What the results carry is the commit the binary was built from, embedded at build time (the
/// tool's `BuildCommit`); this reads the checkout at run time only to say when the two differ: a
/// binary built before the checkout moved on and run in it. `swift build` puts the executable inside
/// the checkout (`.build/release/cachebench`), so walking up from it finds the checkout's `.git`,
/// whether a directory, or a file naming one (`gitdir: …`, as a worktree or submodule has). What it
/// reads is HEAD; it cannot see uncommitted changes. An executable outside any checkout gets nil.
package enum GitCheckout {
  /// The full commit checked out now in the checkout whose top-level directory is `directory`, when
  /// the running executable lies inside that directory; nil otherwise or when it cannot be read.
  package static func executableCommit(inside directory: String) -> String? {
    guard !directory.isEmpty, let path = executablePath(), path.hasPrefix(directory + "/") else {
      return nil
    }
    return commit(enclosing: path)
  }

  /// The full commit checked out now in the checkout holding the running executable, when that is
  /// not the checkout whose top-level directory is `directory` (the one cachebench was built in): the
  /// executable of a package that depends on cachebench, built in that package's own checkout. Nil
  /// otherwise, when `directory` is empty (the build's checkout is unknown) or nothing can be read.
  package static func executableCommit(outside directory: String) -> String? {
    guard let path = executablePath() else { return nil }
    return commit(ofExecutable: path, outside: directory)
  }

  /// `executableCommit(outside:)` for an executable at `path`.
  package static func commit(ofExecutable path: String, outside directory: String) -> String? {
    guard !directory.isEmpty, !path.hasPrefix(directory + "/") else { return nil }
    return commit(enclosing: path)
  }

  /// The running executable's path (`/proc/self/exe` on Linux), or nil where it cannot be read.
  static func executablePath() -> String? {
    #if os(Linux)
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      guard count > 0 else { return nil }
      return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #else
      return nil
    #endif
  }

  /// The full commit of the nearest checkout at or above the directory of `path`, or nil.
  package static func commit(enclosing path: String) -> String? {
    var directory = parent(of: path)
    while true {
      let dotGit = directory == "/" ? "/.git" : directory + "/.git"
      switch try? POSIXFiles.kind(atPath: dotGit) {
      case .directory?:
        return commit(gitDirectory: dotGit)
      case .regularFile?:
        guard let text = try? TextFileReader.read(path: dotGit), text.hasPrefix("gitdir: ") else {
          return nil
        }
        let target = trimmed(text.dropFirst("gitdir: ".count))
        return commit(gitDirectory: target.hasPrefix("/") ? target : directory + "/" + target)
      default:
        guard directory != "/", directory != "." else { return nil }
        directory = parent(of: directory)
      }
    }
  }

  /// The commit HEAD of the git directory `gitDirectory` names: itself when detached, else the commit
  /// of the branch it names, from the loose ref or `packed-refs`, looked up in the directory and, for
  /// a worktree, in the common directory its `commondir` file names.
  package static func commit(gitDirectory: String) -> String? {
    guard let head = try? TextFileReader.read(path: gitDirectory + "/HEAD") else { return nil }
    let content = trimmed(Substring(head))
    guard content.hasPrefix("ref: ") else { return isCommit(content) ? content : nil }
    let reference = trimmed(content.dropFirst("ref: ".count))
    var directories = [gitDirectory]
    if let common = try? TextFileReader.read(path: gitDirectory + "/commondir") {
      let path = trimmed(Substring(common))
      directories.append(path.hasPrefix("/") ? path : gitDirectory + "/" + path)
    }
    for directory in directories {
      if let loose = try? TextFileReader.read(path: directory + "/" + reference) {
        let commit = trimmed(Substring(loose))
        if isCommit(commit) { return commit }
      }
      if let packed = try? TextFileReader.read(path: directory + "/packed-refs") {
        for line in packed.split(separator: "\n") where line.hasSuffix(" " + reference) {
          let commit = String(line.prefix { $0 != " " })
          if isCommit(commit) { return commit }
        }
      }
    }
    return nil
  }

  /// Whether `text` is a full SHA-1 or SHA-256 object name in lowercase hex.
  private static func isCommit(_ text: String) -> Bool {
    (text.count == 40 || text.count == 64)
      && text.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
  }

  /// The directory part of `path`: `/a/b` for `/a/b/c`, `/` for `/a`, `.` for a bare name.
  private static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `text` without surrounding spaces and line ends.
  private static func trimmed(_ text: Substring) -> String {
    String(
      text.drop { $0 == " " || $0 == "\n" || $0 == "\r" }.reversed().drop {
        $0 == " " || $0 == "\n" || $0 == "\r"
      }.reversed())
  }
}
