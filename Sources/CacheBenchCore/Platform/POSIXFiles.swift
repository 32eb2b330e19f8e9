#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The POSIX file calls behind `AtomicFileWriter`: stat, access, open, write, fsync, close, rename
/// and unlink, each turning a failure into a `POSIXFiles.CallError` with its errno.
///
/// Kept in one file about them (STYLE.md rule 9) so the writer above reads as policy, not as C.
/// Every call retries on `EINTR`.
package enum POSIXFiles {
  /// What a path names, as `stat(2)` sees it (symbolic links followed).
  package enum Kind: Equatable {
    case regularFile
    case directory
    /// A device, socket, FIFO or other non-regular file.
    case other
  }

  /// What `path` names, or `nil` when nothing exists there (`ENOENT`).
  package static func kind(atPath path: String) throws(CallError) -> Kind? {
    var status = stat()
    let result = retrying { stat(path, &status) }
    if result != 0 {
      if errno == ENOENT { return nil }
      throw CallError(call: "stat", code: errno)
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return .regularFile
    case S_IFDIR: return .directory
    default: return .other
    }
  }

  /// Throws unless this process may create and remove entries in the directory at `path`
  /// (`access(2)` with `W_OK | X_OK`, which checks the real user and a read-only file system).
  package static func checkCanModifyDirectory(atPath path: String) throws(CallError) {
    guard retrying({ access(path, W_OK | X_OK) }) == 0 else {
      throw CallError(call: "access", code: errno)
    }
  }

  /// Creates a new file at `path` for writing, failing if anything exists there (`O_EXCL`), with
  /// mode 0666 less the umask; returns its descriptor.
  package static func createNewFile(atPath path: String) throws(CallError) -> Int32 {
    let descriptor = retrying { open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
    guard descriptor >= 0 else { throw CallError(call: "open", code: errno) }
    return descriptor
  }

  /// Writes all of `text`'s UTF-8 bytes to `descriptor`, continuing after short writes.
  package static func writeAll(_ text: String, to descriptor: Int32) throws(CallError) {
    var text = text
    let failure: CallError? = text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = retrying {
          write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        }
        guard written > 0 else {
          return CallError(call: "write", code: written == 0 ? EIO : errno)
        }
        offset += written
      }
      return nil
    }
    if let failure { throw failure }
  }

  /// Flushes `descriptor`'s data and metadata to the device (`fsync(2)`).
  package static func synchronize(_ descriptor: Int32) throws(CallError) {
    guard retrying({ fsync(descriptor) }) == 0 else {
      throw CallError(call: "fsync", code: errno)
    }
  }

  /// Closes `descriptor`; an error here can report a failed delayed write, so it is not ignored.
  ///
  /// Not retried on `EINTR`: on Linux the descriptor is released even then.
  package static func close(_ descriptor: Int32) throws(CallError) {
    #if canImport(Glibc)
      let result = Glibc.close(descriptor)
    #else
      let result = Darwin.close(descriptor)
    #endif
    guard result == 0 else { throw CallError(call: "close", code: errno) }
  }

  /// Atomically replaces whatever `destination` names with `source` (`rename(2)`); both must be on
  /// one file system.
  package static func rename(_ source: String, to destination: String) throws(CallError) {
    #if canImport(Glibc)
      let result = retrying { Glibc.rename(source, destination) }
    #else
      let result = retrying { Darwin.rename(source, destination) }
    #endif
    guard result == 0 else { throw CallError(call: "rename", code: errno) }
  }

  /// Removes the file at `path` if it can (`unlink(2)`), as a cleanup that must not mask the error
  /// being reported; returns whether it did.
  @discardableResult
  package static func removeIgnoringErrors(atPath path: String) -> Bool {
    retrying { unlink(path) } == 0
  }

  /// Flushes the directory at `path`, making a rename into it durable. Best effort: some file
  /// systems refuse `fsync` on a directory, and by then the file is already in place.
  package static func synchronizeDirectoryIgnoringErrors(atPath path: String) {
    let descriptor = retrying { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    guard descriptor >= 0 else { return }
    _ = retrying { fsync(descriptor) }
    try? close(descriptor)
  }

  /// This process's id, for naming temporary files.
  package static var processID: Int32 { getpid() }

  private static func retrying<Value: BinaryInteger>(_ call: () -> Value) -> Value {
    while true {
      let result = call()
      if result == -1 && errno == EINTR { continue }
      return result
    }
  }

  /// A system call that failed: its name and errno.
  package struct CallError: Error, Equatable, CustomStringConvertible {
    /// The call's name, e.g. `"rename"`.
    package var call: String
    /// The errno it set.
    var code: Int32

    /// The C library's text for `code`, e.g. `No such file or directory`.
    package var message: String { String(cString: strerror(code)) }

    /// Whether the call failed because a path component is not a directory (`ENOTDIR`).
    package var isNotADirectory: Bool { code == ENOTDIR }

    package var description: String { "\(call) failed: \(message)" }
  }
}
