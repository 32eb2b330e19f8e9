#if canImport(Glibc)
  import Glibc
  private let unistdWrite = Glibc.write
#elseif canImport(Darwin)
  import Darwin
  private let unistdWrite = Darwin.write
#endif

/// Unbuffered writes to file descriptor 2, for diagnostics and progress that must never mix into stdout.
///
/// Each write first flushes the C streams. stdout is fully buffered when it is not a terminal, and a
/// table longer than its buffer reaches the descriptor in buffer-sized pieces; where both descriptors
/// are one file (`scripts/ci-gate` sends a run's stdout to its stderr), a line written to stderr between
/// two pieces landed inside a table line, splitting a "µ" into invalid UTF-8. Flushed first, whatever
/// stdout holds is out before the line, and each line arrives whole.
package enum StandardError {
  /// Writes `text` to stderr in full, retrying short writes and interrupted calls, after what stdout
  /// holds.
  package static func write(_ text: String) {
    // All streams: naming `stdout` itself is a global that strict concurrency refuses.
    fflush(nil)
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
