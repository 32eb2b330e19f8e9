import Foundation

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Collects what a child process writes to one pipe, on a thread of its own, and lets a test wait for a given
/// text to appear or for the pipe to close, without sleeping.
final class OutputWatcher: Sendable {
  private struct State {
    var text = ""
    var closed = false
    var waiters: [(marker: String?, continuation: CheckedContinuation<String, Never>)] = []
  }

  private let state = SanitizerVisibleMutex(State())

  /// Starts reading `handle` until end of file.
  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      while true {
        let data = handle.availableData
        update(String(decoding: data, as: UTF8.self), closed: data.isEmpty)
        if data.isEmpty { return }
      }
    }
  }

  /// Everything read so far, once `marker` has appeared or the pipe has closed.
  func text(containing marker: String) async -> String {
    await wait(for: marker)
  }

  /// Everything the process wrote, once the pipe has closed.
  func allText() async -> String {
    await wait(for: nil)
  }

  private func wait(for marker: String?) async -> String {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> String? in
        if state.closed || marker.map(state.text.contains) == true { return state.text }
        state.waiters.append((marker, continuation))
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }

  private func update(_ more: String, closed: Bool) {
    let (ready, text) = state.withLock { state in
      state.text += more
      state.closed = state.closed || closed
      let text = state.text
      let isClosed = state.closed
      let ready = state.waiters.filter { isClosed || $0.marker.map(text.contains) == true }
      state.waiters.removeAll { isClosed || $0.marker.map(text.contains) == true }
      return (ready.map(\.continuation), text)
    }
    for continuation in ready { continuation.resume(returning: text) }
  }
}
