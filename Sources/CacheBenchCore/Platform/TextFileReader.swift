#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the input files of cachebench (profiles, baselines, results) with plain POSIX calls, so a
/// failure carries the errno text the user knows ("No such file or directory") rather than a
/// Foundation paraphrase.
///
/// Files larger than `maximumBytes` are refused instead of read, so pointing an option at
/// `/dev/zero` or a huge log ends in a message, not in a hang or an exhausted memory.
package enum TextFileReader {
  /// The largest input file read: far beyond any profile or baseline.
  static let maximumBytes = 64 * 1024 * 1024

  /// Why a file could not be read; `description` completes "cannot read 'path': ".
  package enum Failure: Error, Equatable, CustomStringConvertible {
    /// A system call failed; `reason` is the errno text.
    case systemCallFailed(call: String, reason: String)
    /// The path names a directory.
    case isADirectory
    /// The file holds more than `maximumBytes`.
    case tooLarge
    /// The bytes are not UTF-8 text.
    case notUTF8

    package var description: String {
      switch self {
      case .systemCallFailed(let call, let reason): "\(call) failed (\(reason))"
      case .isADirectory: "it is a directory"
      case .tooLarge: "it is larger than \(TextFileReader.maximumBytes / 1024 / 1024) MiB"
      case .notUTF8: "it is not UTF-8 text"
      }
    }
  }

  /// The whole content of the file at `path` as UTF-8 text.
  package static func read(path: String) throws(Failure) -> String {
    let descriptor = retrying { open(path, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else { throw failure("open") }
    defer { _ = close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw failure("fstat") }
    if status.st_mode & S_IFMT == S_IFDIR { throw .isADirectory }

    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        retrying { systemRead(descriptor, buffer.baseAddress, buffer.count) }
      }
      if count < 0 { throw failure("read") }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[..<count])
      if bytes.count > maximumBytes { throw .tooLarge }
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
    return text
  }

  /// `read(2)`, named apart from `read(path:)`.
  private static func systemRead(
    _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int
  ) -> Int {
    #if canImport(Glibc)
      Glibc.read(descriptor, buffer, count)
    #else
      Darwin.read(descriptor, buffer, count)
    #endif
  }

  /// The failure of `call`, with the text of the current `errno`.
  private static func failure(_ call: String) -> Failure {
    .systemCallFailed(call: call, reason: String(cString: strerror(errno)))
  }

  /// Repeats `call` while it fails with `EINTR`.
  private static func retrying<Value: BinaryInteger>(_ call: () -> Value) -> Value {
    while true {
      let result = call()
      if result == -1 && errno == EINTR { continue }
      return result
    }
  }
}
