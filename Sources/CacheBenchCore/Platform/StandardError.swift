#if canImport(Glibc)
  import Glibc
  private let unistdWrite = Glibc.write
#elseif canImport(Darwin)
  import Darwin
  private let unistdWrite = Darwin.write
#endif

/// Unbuffered writes to file descriptor 2, for diagnostics and progress that must never mix into stdout.
package enum StandardError {
  /// Writes `text` to stderr in full, retrying short writes and interrupted calls.
  package static func write(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        unistdWrite(2, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
  }
}
