@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Allocator statistics that return prepared snapshots in order and log what was asked of them, so meter
/// tests check exact arithmetic and call order without jemalloc.
final class ScriptedAllocator: AllocatorStatistics {
  /// What the meter asked for, in order.
  enum Call: Equatable {
    case flushWorkers
    case purge
    case snapshot
  }

  private struct State {
    var snapshots: [AllocatorSnapshot]
    var flushAnswers: [Bool]
    var calls: [Call] = []
  }

  private let state: SanitizerVisibleMutex<State>
  /// What `flushWorkerThreadCaches()` answers once `flushAnswers` runs out.
  let flushSucceeds: Bool

  /// `flushAnswers` are what the first sweeps answer, in order; later ones answer `flushSucceeds`.
  init(snapshots: [AllocatorSnapshot], flushSucceeds: Bool = true, flushAnswers: [Bool] = []) {
    state = SanitizerVisibleMutex(State(snapshots: snapshots, flushAnswers: flushAnswers))
    self.flushSucceeds = flushSucceeds
  }

  /// The calls so far.
  var calls: [Call] { state.withLock { $0.calls } }

  func flushWorkerThreadCaches() async -> Bool {
    state.withLock { state in
      state.calls.append(.flushWorkers)
      return state.flushAnswers.isEmpty ? flushSucceeds : state.flushAnswers.removeFirst()
    }
  }

  func purgeUnusedPages() {
    state.withLock { $0.calls.append(.purge) }
  }

  /// The next prepared snapshot; nil once they run out, as a failed read would be.
  func snapshot() -> AllocatorSnapshot? {
    state.withLock { state in
      state.calls.append(.snapshot)
      return state.snapshots.isEmpty ? nil : state.snapshots.removeFirst()
    }
  }
}

extension ResourceMeter {
  /// A meter over `allocator` with fixed kernel and CPU readings and no peak tracker.
  static func scripted(
    _ allocator: AllocatorSource, histogramBytes: Int? = nil, residentSetSize: Int? = nil,
    cpu: [CPUTimes] = []
  ) -> ResourceMeter {
    let readings = SanitizerVisibleMutex(cpu)
    return ResourceMeter(
      allocator: allocator, peakRSS: nil, residentSetSize: { residentSetSize },
      cpuTimes: { readings.withLock { $0.isEmpty ? nil : $0.removeFirst() } },
      histogramBytes: histogramBytes)
  }
}
