@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// A window observer that writes down every call, in order, for tests of when the driver calls it.
final class RecordingWindowObserver: WindowObserver {
  /// One call: `open` before a window, `close` with the window's request count after it.
  enum Call: Equatable, Sendable {
    case open(String)
    case close(String, requests: Int)
  }

  private let log = SanitizerVisibleMutex<[Call]>([])

  /// The calls so far.
  var calls: [Call] { log.withLock { $0 } }

  func windowWillOpen(_ variant: Variant) async {
    log.withLock { $0.append(.open(variant.description)) }
  }

  func windowDidClose(_ variant: Variant, requests: Int) async {
    log.withLock { $0.append(.close(variant.description, requests: requests)) }
  }
}
