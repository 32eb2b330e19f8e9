@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The threads code ran on, by what ran: each thread's kernel id, and the kernel's name it had then (read
/// at the time, since a joined thread leaves no trace to look it up by afterwards).
final class ThreadLog: Sendable {
  private struct Entries {
    var ids: [String: Set<Int32>] = [:]
    var names: [String: Set<String>] = [:]
    var counts: [String: [String: Int]] = [:]
  }

  private let entries = SanitizerVisibleMutex(Entries())

  /// Notes the calling thread under `place`; -1 and `?` stand for an id or name that could not be read.
  func record(_ place: String) {
    let id = ProcessThreads.currentThreadID ?? -1
    let name = ProcessThreads.currentThreadName ?? "?"
    entries.withLock { (entries: inout Entries) -> Void in
      entries.ids[place, default: []].insert(id)
      entries.names[place, default: []].insert(name)
      entries.counts[place, default: [:]][name, default: 0] += 1
    }
  }

  /// The ids of the threads that ran `place`.
  subscript(place: String) -> Set<Int32> { entries.withLock { $0.ids[place] ?? [] } }

  /// The names of the threads that ran `place`.
  func names(_ place: String) -> Set<String> { entries.withLock { $0.names[place] ?? [] } }

  /// How many times `place` ran on threads of each name.
  func counts(_ place: String) -> [String: Int] { entries.withLock { $0.counts[place] ?? [:] } }

  /// Everything recorded so far.
  var places: [String] { entries.withLock { Array($0.ids.keys) } }
}
