@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Keeps the driver's events, reduced to what tests compare, in the order they arrived.
final class DriverEventLog: Sendable {
  /// An event by its variant's description.
  enum Event: Equatable, CustomStringConvertible {
    case started(String)
    case window(String, WindowProgress.Phase)
    case failed(String, reason: String)
    case finished(String)

    var description: String {
      switch self {
      case .started(let variant): "started \(variant)"
      case .window(let variant, let phase): "\(phase) window of \(variant)"
      case .failed(let variant, let reason): "\(variant) failed: \(reason)"
      case .finished(let variant): "finished \(variant)"
      }
    }
  }

  private let events = SanitizerVisibleMutex<[Event]>([])

  /// What a driver's `onEvent` calls.
  func record(_ event: DriverEvent) {
    let seen: Event =
      switch event {
      case .started(let variant): .started(variant.description)
      case .windowStarted(let window): .window(window.variant.description, window.phase)
      case .failed(let variant, let reason): .failed(variant.description, reason: reason)
      case .finished(let result): .finished(result.variant.description)
      }
    events.withLock { $0.append(seen) }
  }

  /// The events so far.
  var all: [Event] { events.withLock { $0 } }
}
