#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The two named pipes of a `perf record --control fifo:CTL,ACK` session, seen from the profiled process:
/// commands are written to the control FIFO, and perf answers each one on the acknowledgement FIFO.
///
/// Both are opened without blocking, so a missing reader is an error now rather than a hang: the control FIFO
/// with `O_WRONLY | O_NONBLOCK`, which fails with `ENXIO` unless a reader (perf) has it open, and the
/// acknowledgement FIFO with `O_RDONLY | O_NONBLOCK`. Writes never block either (a command is a few bytes,
/// far below `PIPE_BUF`, so it is written whole or not at all), and every read waits in `poll(2)` with a
/// deadline. perf writes `ack\n` followed by a NUL byte; NULs and blank lines are skipped.
///
/// Not thread-safe: one command at a time, which the driver guarantees by awaiting each window hook.
package final class ControlFIFO {
  /// What a control FIFO operation found wrong, with the path it concerns.
  package enum Failure: Error, Equatable {
    /// The path does not exist.
    case missing(path: String)
    /// The path exists but is not a FIFO.
    case notAFIFO(path: String)
    /// Opening the control FIFO found nobody reading it.
    case noReader(path: String)
    /// A system call failed; `reason` is its errno text.
    case systemCall(path: String, call: String, reason: String)
    /// No complete line arrived on the acknowledgement FIFO before the deadline.
    case timedOut(path: String, milliseconds: Int)
    /// The writer closed the acknowledgement FIFO.
    case closed(path: String)
  }

  let controlPath: String
  package let acknowledgementPath: String
  private var controlDescriptor: Int32 = -1
  private var acknowledgementDescriptor: Int32 = -1
  /// Bytes read from the acknowledgement FIFO after the last complete line.
  private var pending: [UInt8] = []

  /// Opens both FIFOs; throws if either is missing, is not a FIFO, or the control FIFO has no reader.
  package init(control: String, acknowledgement: String) throws(Failure) {
    controlPath = control
    acknowledgementPath = acknowledgement
    try Self.checkIsFIFO(control)
    try Self.checkIsFIFO(acknowledgement)
    // The acknowledgement side first: perf may answer as soon as it reads a command.
    acknowledgementDescriptor = open(acknowledgement, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard acknowledgementDescriptor >= 0 else {
      throw Self.openFailure(acknowledgement, code: errno)
    }
    controlDescriptor = open(control, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
    guard controlDescriptor >= 0 else {
      let code = errno
      closeDescriptors()
      throw code == ENXIO ? .noReader(path: control) : Self.openFailure(control, code: code)
    }
  }

  deinit {
    closeDescriptors()
  }

  /// Writes `line` and a newline to the control FIFO in one `write(2)`.
  package func send(_ line: String) throws(Failure) {
    let bytes = Array((line + "\n").utf8)
    while true {
      let written = bytes.withUnsafeBytes { write(controlDescriptor, $0.baseAddress, $0.count) }
      if written == bytes.count { return }
      if written < 0 && errno == EINTR { continue }
      let reason = written < 0 ? String(cString: strerror(errno)) : "short write"
      throw .systemCall(path: controlPath, call: "write", reason: reason)
    }
  }

  /// The next non-empty line from the acknowledgement FIFO, without its newline and NUL bytes, waiting at
  /// most `milliseconds` in all.
  package func receiveLine(timeout milliseconds: Int) throws(Failure) -> String {
    let deadline = MonotonicClock.now() &+ UInt64(max(0, milliseconds)) &* 1_000_000
    while true {
      if let line = takeLine() { return line }
      let now = MonotonicClock.now()
      guard now < deadline else {
        throw .timedOut(path: acknowledgementPath, milliseconds: milliseconds)
      }
      var poller = pollfd(fd: acknowledgementDescriptor, events: Int16(POLLIN), revents: 0)
      let remaining = Int32(clamping: (deadline - now + 999_999) / 1_000_000)
      let ready = poll(&poller, 1, remaining)
      if ready < 0 {
        if errno == EINTR { continue }
        throw .systemCall(
          path: acknowledgementPath, call: "poll", reason: String(cString: strerror(errno)))
      }
      if ready == 0 { continue }
      var buffer = [UInt8](repeating: 0, count: 256)
      let count = buffer.withUnsafeMutableBytes {
        read(acknowledgementDescriptor, $0.baseAddress, $0.count)
      }
      if count > 0 {
        pending += buffer[..<count]
      } else if count == 0 {
        throw .closed(path: acknowledgementPath)
      } else if errno != EINTR && errno != EAGAIN {
        throw .systemCall(
          path: acknowledgementPath, call: "read", reason: String(cString: strerror(errno)))
      }
    }
  }

  /// Closes both FIFOs; a reader of the control FIFO then sees end of file.
  package func close() {
    closeDescriptors()
  }

  private func takeLine() -> String? {
    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
      let line = pending[..<newline].filter { $0 != 0 }
      pending.removeSubrange(...newline)
      let text = String(decoding: line, as: UTF8.self)
      if !text.allSatisfy(\.isWhitespace) { return text }
    }
    return nil
  }

  private func closeDescriptors() {
    for descriptor in [controlDescriptor, acknowledgementDescriptor] where descriptor >= 0 {
      #if canImport(Glibc)
        _ = Glibc.close(descriptor)
      #else
        _ = Darwin.close(descriptor)
      #endif
    }
    controlDescriptor = -1
    acknowledgementDescriptor = -1
  }

  private static func checkIsFIFO(_ path: String) throws(Failure) {
    var status = stat()
    guard stat(path, &status) == 0 else {
      let code = errno
      if code == ENOENT { throw .missing(path: path) }
      throw .systemCall(path: path, call: "stat", reason: String(cString: strerror(code)))
    }
    guard status.st_mode & S_IFMT == S_IFIFO else { throw .notAFIFO(path: path) }
  }

  private static func openFailure(_ path: String, code: Int32) -> Failure {
    .systemCall(path: path, call: "open", reason: String(cString: strerror(code)))
  }
}
