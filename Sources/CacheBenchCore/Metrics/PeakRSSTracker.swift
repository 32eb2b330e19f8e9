import Foundation
import Synchronization

/// How a window's peak resident set size was found.
package enum PeakRSSSource: Sendable, Equatable {
  /// The kernel's high-water mark `VmHWM`, reset at the window's start: exact.
  case highWaterMark
  /// The highest `VmRSS` a sampler thread saw, reading it at this interval: a peak shorter than the
  /// interval can be missed.
  case sampled(interval: Duration)
  /// The kernel's high-water mark `VmHWM` as it stood, because the kernel refused to reset it at the
  /// window's start: the process's peak since it started or the last reset that was accepted, so it may
  /// belong to an earlier window or variant.
  case cumulativeHighWaterMark

  /// The CSV spelling: `vmhwm`, `sampled_` and the interval (e.g. `sampled_1ms`), or `vmhwm_cumulative`.
  package var name: String {
    switch self {
    case .highWaterMark:
      "vmhwm"
    case .sampled(let interval):
      "sampled_\(DecimalText.nanoseconds(interval) / 1_000_000)ms"
    case .cumulativeHighWaterMark:
      "vmhwm_cumulative"
    }
  }
}

/// One window's peak resident set size and how it was found.
package struct PeakRSSReading: Sendable, Equatable {
  /// The peak, in bytes.
  package var bytes: Int
  /// How it was found.
  package var source: PeakRSSSource
}

/// Finds each window's own peak resident set size between `start()` and `stop()`.
///
/// A window's peak is the whole process's, and the process keeps memory from window to window: each
/// finished variant's result (about 1.5 MiB of histograms), and allocator pages. Read as they are, the
/// peaks climb in run order whatever the design. So a tracker reports what a window would have read had it
/// run first: the resident set at the first window's start plus how far this window rose above its own
/// start (`ownPeak`). Where a window's start cannot be read the reading is the process's, unadjusted.
protocol PeakRSSTracker: Sendable {
  /// How the peak is found when all goes well.
  var source: PeakRSSSource { get }
  /// Begins a window.
  func start()
  /// Ends the window begun by the last `start()`: its own peak, or nil if unknown.
  func stop() -> PeakRSSReading?
}

extension PeakRSSTracker {
  /// A window's own peak: the resident bytes at the first window's start (`firstStart`) plus how far
  /// the process rose above this window's start (`start`) to its peak (`peak`) in the window. Every
  /// window then stands on the same footing, whatever ran before it; a window whose peak reads below its
  /// start (the reads are a page apart in time) rose by nothing.
  static func ownPeak(peak: Int, start: Int, firstStart: Int) -> Int {
    firstStart + Swift.max(0, peak - start)
  }
}

/// The resident bytes at the first window's start, kept for the windows after it.
final class FirstWindowStart: Sendable {
  private let bytes = SanitizerVisibleMutex<Int?>(nil)

  /// The first window's start: `start` itself the first time, the value recorded then afterwards.
  func recording(_ start: Int) -> Int {
    bytes.withLock { bytes in
      if let first = bytes { return first }
      bytes = start
      return start
    }
  }
}

/// The kernel's high-water mark: reset through `/proc/self/clear_refs` at start, read at stop.
///
/// Right after the reset `VmHWM` equals `VmRSS`, which is the window's start. If a later reset is refused,
/// the window's reading is the mark as it stands, labelled `vmhwm_cumulative`, not adjusted.
final class HighWaterMarkTracker: PeakRSSTracker {
  /// What the last `start()` saw: whether the kernel reset the mark, and the resident bytes then.
  private struct WindowStart {
    var wasReset: Bool
    var residentBytes: Int?
  }

  private let reset: @Sendable () -> Bool
  private let read: @Sendable () -> ProcessMemory.Reading?
  private let windowStart = SanitizerVisibleMutex(WindowStart(wasReset: false, residentBytes: nil))
  private let firstStart = FirstWindowStart()

  var source: PeakRSSSource { .highWaterMark }

  /// A tracker of `reset` and `read` (the kernel's, unless a test injects others).
  init(
    reset: @escaping @Sendable () -> Bool = { ProcessMemory.resetPeak() },
    read: @escaping @Sendable () -> ProcessMemory.Reading? = { ProcessMemory.current() }
  ) {
    self.reset = reset
    self.read = read
  }

  /// A tracker if this kernel lets the process reset its high-water mark (tried once, here), else nil.
  static func ifSupported() -> HighWaterMarkTracker? {
    ProcessMemory.resetPeak() && ProcessMemory.current() != nil ? HighWaterMarkTracker() : nil
  }

  func start() {
    let wasReset = reset()
    let resident = wasReset ? read()?.residentBytes : nil
    windowStart.withLock { $0 = WindowStart(wasReset: wasReset, residentBytes: resident) }
  }

  /// The window's own peak from `VmHWM`, or the mark as it stands, labelled cumulative, when the reset at
  /// start was refused.
  func stop() -> PeakRSSReading? {
    let start = windowStart.withLock { $0 }
    guard let peak = read()?.peakResidentBytes else { return nil }
    guard start.wasReset else {
      return PeakRSSReading(bytes: peak, source: .cumulativeHighWaterMark)
    }
    guard let resident = start.residentBytes else {
      return PeakRSSReading(bytes: peak, source: .highWaterMark)
    }
    let first = firstStart.recording(resident)
    return PeakRSSReading(
      bytes: Self.ownPeak(peak: peak, start: resident, firstStart: first), source: .highWaterMark)
  }
}

/// A thread that reads the resident set size every `interval` and keeps the highest reading, for kernels
/// that do not let the process reset `VmHWM`. It also reads once at start and once at stop, so the peak is
/// never below either end of the window.
final class SampledPeakTracker: PeakRSSTracker {
  let interval: Duration
  private let read: @Sendable () -> Int?
  private let current = SanitizerVisibleMutex<Sampling?>(nil)
  private let firstStart = FirstWindowStart()

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

  /// The window's own peak from the highest reading (`ownPeak`, from the reading at start).
  func stop() -> PeakRSSReading? {
    let sampling = current.withLock { current in
      defer { current = nil }
      return current
    }
    guard let sampling else { return nil }
    sampling.finish()
    sampling.sample()
    guard let peak = sampling.peak else { return nil }
    guard let start = sampling.first else { return PeakRSSReading(bytes: peak, source: source) }
    let first = firstStart.recording(start)
    return PeakRSSReading(
      bytes: Self.ownPeak(peak: peak, start: start, firstStart: first), source: source)
  }

  /// One window's sampling: its highest reading and whether its thread should stop. A fresh one per
  /// window, so a thread still finishing its last sleep cannot touch the next window's peak.
  final class Sampling: Sendable {
    private let read: @Sendable () -> Int?
    private let highest = Atomic<Int>(-1)
    private let earliest = Atomic<Int>(-1)
    private let finished = Atomic<Bool>(false)

    init(read: @escaping @Sendable () -> Int?) {
      self.read = read
    }

    /// The highest reading so far, or nil if every read failed.
    var peak: Int? {
      let value = highest.load(ordering: .relaxed)
      return value < 0 ? nil : value
    }

    /// The first successful reading (the window's start), or nil if every read failed.
    var first: Int? {
      let value = earliest.load(ordering: .relaxed)
      return value < 0 ? nil : value
    }

    /// Takes one reading.
    func sample() {
      guard let bytes = read() else { return }
      _ = highest.max(bytes, ordering: .relaxed)
      _ = earliest.compareExchange(expected: -1, desired: bytes, ordering: .relaxed)
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
