import Foundation

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

#if canImport(Glibc)
  import Glibc
#endif

/// Plays perf's side of `perf record --control fifo:CTL,ACK` in a temporary directory: makes both FIFOs,
/// reads the commands written to the control FIFO and answers each as told (perf writes `ack\n` and a NUL).
///
/// It opens the FIFOs as perf does (the acknowledgement FIFO read-write, so writes to it never block) and reads
/// on a thread of its own until the writer closes the control FIFO; `commands()` then returns everything read,
/// in order. A bounded poll ends the reader if the code under test never closes: 150 s without any byte,
/// beyond the suite's 2-minute time limit, because a driver run under a full suite on 2 cores has taken
/// over 30 s to write its first command (an earlier 30 s bound ended the reader first, and every
/// handshake then timed out).
final class FakePerfControlReader: Sendable {
  /// How the fake answers each command.
  enum Reply: Sendable {
    /// `ack\n\0`, as perf does.
    case acknowledge
    /// Nothing: the code under test must time out.
    case silence
    /// This line instead of `ack`.
    case line(String)
  }

  private struct State {
    var commands: [String] = []
    var finished = false
    var waiters: [CheckedContinuation<[String], Never>] = []
  }

  let directory: URL
  var paths: PerfControlPathsText { PerfControlPathsText(directory: directory) }
  private let controlDescriptor: Int32
  private let acknowledgementDescriptor: Int32
  private let state = SanitizerVisibleMutex(State())

  /// Makes the FIFOs in a new temporary directory and starts reading.
  init(reply: Reply = .acknowledge) throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("cachebench-perf-ctl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let text = PerfControlPathsText(directory: directory)
    guard mkfifo(text.control, 0o600) == 0, mkfifo(text.acknowledgement, 0o600) == 0 else {
      throw POSIXError(.EIO)
    }
    controlDescriptor = open(text.control, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    acknowledgementDescriptor = open(text.acknowledgement, O_RDWR | O_NONBLOCK | O_CLOEXEC)
    guard controlDescriptor >= 0, acknowledgementDescriptor >= 0 else { throw POSIXError(.EIO) }
    // A thread of its own: it blocks in poll(2), and Dispatch's global pool adds threads only slowly.
    Thread.detachNewThread { [self] in readLoop(reply: reply) }
  }

  deinit {
    close(controlDescriptor)
    close(acknowledgementDescriptor)
    try? FileManager.default.removeItem(at: directory)
  }

  /// Every command read, once the writer has closed the control FIFO.
  func commands() async -> [String] {
    await withCheckedContinuation { continuation in
      let done = state.withLock { state -> [String]? in
        if state.finished { return state.commands }
        state.waiters.append(continuation)
        return nil
      }
      if let done { continuation.resume(returning: done) }
    }
  }

  private func readLoop(reply: Reply) {
    var pending: [UInt8] = []
    reading: while true {
      var poller = pollfd(fd: controlDescriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, 150_000)
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { break }
      var buffer = [UInt8](repeating: 0, count: 256)
      let count = buffer.withUnsafeMutableBytes {
        read(controlDescriptor, $0.baseAddress, $0.count)
      }
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      guard count > 0 else { break reading }
      pending += buffer[..<count]
      while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let command = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        state.withLock { $0.commands.append(command) }
        answer(reply)
      }
    }
    let waiters = state.withLock { state in
      state.finished = true
      defer { state.waiters = [] }
      return (state.waiters, state.commands)
    }
    for waiter in waiters.0 { waiter.resume(returning: waiters.1) }
  }

  private func answer(_ reply: Reply) {
    let bytes: [UInt8]
    switch reply {
    case .acknowledge: bytes = Array("ack\n".utf8) + [0]
    case .silence: return
    case .line(let text): bytes = Array("\(text)\n".utf8)
    }
    _ = bytes.withUnsafeBytes { write(acknowledgementDescriptor, $0.baseAddress, $0.count) }
  }
}

/// The FIFO paths of a fake or real perf control session in `directory`.
struct PerfControlPathsText: Sendable {
  var directory: URL
  var control: String { directory.appendingPathComponent("ctl.fifo").path }
  var acknowledgement: String { directory.appendingPathComponent("ack.fifo").path }
  var paths: PerfControlPaths {
    PerfControlPaths(control: control, acknowledgement: acknowledgement)
  }
  /// The value of `--perf-ctl`.
  var option: String { "\(control),\(acknowledgement)" }
}
