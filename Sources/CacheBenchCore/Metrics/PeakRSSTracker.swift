import Foundation
import Synchronization

/// How a window's peak resident set size was found.
package enum PeakRSSSource: Sendable, Equatable {
  /// The kernel's high-water mark `VmHWM`, reset at the window's start: exact.
  case highWaterMark
  /// The highest `VmRSS` a sampler thread saw, reading it at this interval: a peak shorter than the
  /// interval can be missed.
  case sampled(interval: Duration)

  /// The CSV spelling: `vmhwm`, or `sampled_` and the interval, e.g. `sampled_1ms`.
  package var name: String {
    switch self {
    case .highWaterMark:
      "vmhwm"
    case .sampled(let interval):
      "sampled_\(DecimalText.nanoseconds(interval) / 1_000_000)ms"
    }
  }
}

/// Finds the highest resident set size of the whole process between `start()` and `stop()`.
protocol PeakRSSTracker: Sendable {
  /// How the peak is found.
  var source: PeakRSSSource { get }
  /// Begins a window.
  func start()
  /// Ends the window begun by the last `start()`: its peak resident bytes, or nil if unknown.
  func stop() -> Int?
}

/// The kernel's high-water mark: reset through `/proc/self/clear_refs` at start, read at stop.
final class HighWaterMarkTracker: PeakRSSTracker {
  private let wasReset = SanitizerVisibleMutex(false)

  var source: PeakRSSSource { .highWaterMark }

  /// A tracker if this kernel lets the process reset its high-water mark (tried once, here), else nil.
  static func ifSupported() -> HighWaterMarkTracker? {
    ProcessMemory.resetPeak() && ProcessMemory.current() != nil ? HighWaterMarkTracker() : nil
  }

  func start() {
    let reset = ProcessMemory.resetPeak()
    wasReset.withLock { $0 = reset }
  }

  /// `VmHWM`; nil if the reset at start was refused, since the mark would then be the process's peak.
  func stop() -> Int? {
    guard wasReset.withLock({ $0 }) else { return nil }
    return ProcessMemory.current()?.peakResidentBytes
  }
}

/// A thread that reads the resident set size every `interval` and keeps the highest reading, for kernels
/// that do not let the process reset `VmHWM`. It also reads once at start and once at stop, so the peak is
/// never below either end of the window.
final class SampledPeakTracker: PeakRSSTracker {
  let interval: Duration
  private let read: @Sendable () -> Int?
  private let current = SanitizerVisibleMutex<Sampling?>(nil)

  var source: PeakRSSSource { .sampled(interval: interval) }

  /// A sampler of `read` (resident bytes; `/proc/self/statm` unless a test injects another source).
  init(
    interval: Duration = .milliseconds(1),
    read: @escaping @Sendable () -> Int? = { ProcessMemory.residentBytes() }
  ) {
    self.interval = interval
    self.read = read
  }

  func start() {
    let sampling = Sampling(read: read)
    sampling.sample()
    let previous = current.withLock { current in
      defer { current = sampling }
      return current
    }
    previous?.finish()
    let nanoseconds = DecimalText.nanoseconds(interval)
    Thread.detachNewThread { sampling.run(every: nanoseconds) }
  }

  func stop() -> Int? {
    let sampling = current.withLock { current in
      defer { current = nil }
      return current
    }
    guard let sampling else { return nil }
    sampling.finish()
    sampling.sample()
    return sampling.peak
  }

  /// One window's sampling: its highest reading and whether its thread should stop. A fresh one per
  /// window, so a thread still finishing its last sleep cannot touch the next window's peak.
  final class Sampling: Sendable {
    private let read: @Sendable () -> Int?
    private let highest = Atomic<Int>(-1)
    private let finished = Atomic<Bool>(false)

    init(read: @escaping @Sendable () -> Int?) {
      self.read = read
    }

    /// The highest reading so far, or nil if every read failed.
    var peak: Int? {
      let value = highest.load(ordering: .relaxed)
      return value < 0 ? nil : value
    }

    /// Takes one reading.
    func sample() {
      if let bytes = read() { _ = highest.max(bytes, ordering: .relaxed) }
    }

    /// Asks the sampling thread to stop after its current sleep.
    func finish() {
      finished.store(true, ordering: .relaxed)
    }

    /// The sampling thread's loop: read, sleep `nanoseconds`, until finished.
    func run(every nanoseconds: Int64) {
      var pause = timespec(
        tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
      while !finished.load(ordering: .relaxed) {
        sample()
        nanosleep(&pause, nil)
      }
    }
  }
}
