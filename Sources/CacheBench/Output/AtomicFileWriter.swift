import CacheBenchCore

/// Writes a result file so that readers see either the old file or the complete new one, never part.
///
/// The text goes to a new temporary file in the destination's directory, named
/// `.<name>.<pid>.<random>.tmp` so concurrent writers and a leftover from a crash do not collide;
/// it is fsynced and closed, then renamed over the destination (`rename(2)` is atomic within one
/// file system), and the directory is fsynced (best effort) so the rename survives a crash.
/// On any failure before the rename the temporary file is removed and the destination is untouched.
///
/// The new file has mode 0666 less the umask; an existing file's mode and owner are not kept. A
/// destination that is a symbolic link is replaced by a regular file, not written through.
enum AtomicFileWriter {
  /// Replaces the file at `path` with `text` (UTF-8), atomically; see `AtomicFileWriter`.
  static func write(_ text: String, toPath path: String) throws(OutputError) {
    try write(text, toPath: path, beforeRename: {})
  }

  /// `write(_:toPath:)` with a step run after the temporary file is complete and before the
  /// rename, so tests can inject a failure at the last moment.
  static func write(
    _ text: String, toPath path: String, beforeRename: () throws(OutputError) -> Void
  ) throws(OutputError) {
    let location = try checkedLocation(of: path)
    let temporary = location.directoryPrefix + temporaryName(for: location.name)
    let descriptor = try perform(path) { () throws(POSIXFiles.CallError) in
      try POSIXFiles.createNewFile(atPath: temporary)
    }
    do throws(OutputError) {
      do throws(OutputError) {
        try perform(path) { () throws(POSIXFiles.CallError) in
          try POSIXFiles.writeAll(text, to: descriptor)
          try POSIXFiles.synchronize(descriptor)
        }
      } catch {
        try? POSIXFiles.close(descriptor)
        throw error
      }
      try perform(path) { () throws(POSIXFiles.CallError) in try POSIXFiles.close(descriptor) }
      try beforeRename()
      try perform(path) { () throws(POSIXFiles.CallError) in
        try POSIXFiles.rename(temporary, to: path)
      }
    } catch {
      POSIXFiles.removeIgnoringErrors(atPath: temporary)
      throw error
    }
    POSIXFiles.synchronizeDirectoryIgnoringErrors(atPath: location.directory)
  }

  /// Throws unless a file could be written at `path` now: its directory exists, is a directory this
  /// process may create files in, and `path` itself is absent or a regular file.
  ///
  /// Meant to run before a benchmark starts, so a typo in an output path fails in milliseconds
  /// rather than after the run.
  ///
  /// Besides the checks of `checkedLocation`, it creates (and removes) the temporary file the write
  /// would create: permission bits say nothing for root or on file systems such as `/proc`, where
  /// only an actual create tells, and a run must not end with some outputs written and one refused.
  static func checkWritable(path: String) throws(OutputError) {
    let location = try checkedLocation(of: path)
    let probe = location.directoryPrefix + temporaryName(for: location.name)
    let descriptor = try perform(path) { () throws(POSIXFiles.CallError) in
      try POSIXFiles.createNewFile(atPath: probe)
    }
    try? POSIXFiles.close(descriptor)
    POSIXFiles.removeIgnoringErrors(atPath: probe)
  }

  /// Where `path` points, split into the parts the writer needs.
  private struct Location {
    /// The directory holding the file, `.` for a bare file name.
    var directory: String
    /// The text to put before a file name to place it in `directory`: empty or ending in `/`.
    var directoryPrefix: String
    /// The file's name within `directory`.
    var name: String
  }

  private static func checkedLocation(of path: String) throws(OutputError) -> Location {
    guard !path.isEmpty else { throw .emptyPath }
    let location = split(path)
    guard !location.name.isEmpty, location.name != ".", location.name != ".." else {
      throw .isADirectory(path: path)
    }
    let directoryKind: POSIXFiles.Kind?
    do {
      directoryKind = try POSIXFiles.kind(atPath: location.directory)
    } catch {
      if error.isNotADirectory {
        throw .notADirectory(path: path, directory: location.directory)
      }
      throw .systemCallFailed(path: path, call: error.call, reason: error.message)
    }
    switch directoryKind {
    case nil: throw .directoryMissing(path: path, directory: location.directory)
    case .directory?: break
    case .regularFile?, .other?: throw .notADirectory(path: path, directory: location.directory)
    }
    do {
      try POSIXFiles.checkCanModifyDirectory(atPath: location.directory)
    } catch {
      throw .directoryNotWritable(path: path, directory: location.directory, reason: error.message)
    }
    let kind = try perform(path) { () throws(POSIXFiles.CallError) in
      try POSIXFiles.kind(atPath: path)
    }
    switch kind {
    case nil, .regularFile?: return location
    case .directory?: throw .isADirectory(path: path)
    case .other?: throw .notARegularFile(path: path)
    }
  }

  private static func split(_ path: String) -> Location {
    guard let slash = path.lastIndex(of: "/") else {
      return Location(directory: ".", directoryPrefix: "", name: path)
    }
    let prefix = String(path[...slash])
    let name = String(path[path.index(after: slash)...])
    let directory = slash == path.startIndex ? "/" : String(path[..<slash])
    return Location(directory: directory, directoryPrefix: prefix, name: name)
  }

  private static func temporaryName(for name: String) -> String {
    let random = String(UInt32.random(in: .min ... .max), radix: 16)
    return ".\(name).\(POSIXFiles.processID).\(random).tmp"
  }

  private static func perform<Value>(
    _ path: String, _ body: () throws(POSIXFiles.CallError) -> Value
  ) throws(OutputError) -> Value {
    do {
      return try body()
    } catch {
      throw .systemCallFailed(path: path, call: error.call, reason: error.message)
    }
  }
}
