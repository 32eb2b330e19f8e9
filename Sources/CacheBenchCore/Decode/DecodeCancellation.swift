import Synchronization

/// When a request marked by `--cancel-rate` is cancelled (`--cancel-at`).
///
/// `wait` is the moment `WaitCancellation` has always used: right after the request's table step, before
/// its first suspension. `decode` models a user who scrolls away while the image is being decoded: the
/// request is not cancelled while it waits, and its own decode cancels it after the decode's first
/// chunk (`PayloadDecoder.chunk`), or at the end of a decode of one chunk. Both are deterministic: no
/// sleep, no race with the work. A request whose design decodes in another task (the entry's fetch task
/// of the coalescing designs, a detached task) is never cancelled at `decode`: nothing of its own runs
/// the decode, so no decode of its can be wasted, and it is served.
package enum CancelMoment: String, Sendable, Equatable, CaseIterable {
  /// Once the request waits for a fetch (the default).
  case wait
  /// In the request's own decode, after its first chunk.
  case decode
}

/// A request marked to be cancelled, bound to the task that runs it (`WaitCancellation.armedRequest`).
///
/// Task-local values are copied into unstructured tasks (`Task { }`), so an entry's fetch task started
/// by a marked leader carries the leader's mark too; cancellation is not copied. The mark therefore
/// remembers which task is the request's own (`claim()`), and a decode asks `isCurrentTask` before it
/// treats itself as the request's: only the request's own task is where its cancellation reaches.
final class ArmedRequest: Sendable {
  /// When the request is cancelled.
  let moment: CancelMoment
  /// The address of the request's own task while it runs, 0 before `claim()` and after `release()`.
  /// Only compared, never used to reach the task: a non-zero value is a task that is still running (the
  /// request sets it at its start and clears it before it returns, under the lock), so equality with
  /// the current task is exact and never matches a later task at a freed task's address.
  private let owner = SanitizerVisibleMutex<UInt>(0)
  private let fired = Atomic<Bool>(false)
  private let waited = Atomic<Bool>(false)

  init(moment: CancelMoment) {
    self.moment = moment
  }

  /// The current task's address; 0 outside a task. `UnsafeCurrentTask` is one reference to the task.
  private static var currentTask: UInt {
    withUnsafeCurrentTask { task in task.map { unsafeBitCast($0, to: UInt.self) } ?? 0 }
  }

  /// Records the current task as the request's own.
  func claim() {
    let task = Self.currentTask
    owner.withLock { $0 = task }
  }

  /// Forgets the request's task; called before the task returns.
  func release() {
    owner.withLock { $0 = 0 }
  }

  /// Whether the current task is the request's own.
  var isCurrentTask: Bool {
    let task = Self.currentTask
    guard task != 0 else { return false }
    return owner.withLock { $0 == task }
  }

  /// Records that the design called `WaitCancellation.waitBegins()` in the request (`CancellationReach`).
  func noteWaitBegan() {
    waited.store(true, ordering: .relaxed)
  }

  /// Whether the design called `WaitCancellation.waitBegins()` in the request.
  var waitBegan: Bool { waited.load(ordering: .relaxed) }

  /// Cancels the current task, the request's, the first time it is called for a `decode` mark; returns
  /// whether it did.
  func fireInDecode() -> Bool {
    guard moment == .decode, !fired.exchange(true, ordering: .relaxed) else { return false }
    withUnsafeCurrentTask { $0?.cancel() }
    return true
  }
}

/// Counts, for one measured window of a run that cancels requests (`--cancel-rate`), the decode work
/// done after the task running it was cancelled: `decode_wasted_ns` and its companions.
///
/// Only decodes that run in a marked request's own task (`ArmedRequest.isCurrentTask`) are the request's:
/// its cancellation reaches them, and what they compute after it is thrown away (the request ends with
/// `CancellationError`). A decode of a marked request in another task (`elsewhere`) belongs to a shared
/// entry, which other callers and later hits use; it is counted as such and never as wasted.
///
/// Every decode of the window is timed (`decodeNanoseconds`) so the waste has a whole to be a share of.
/// Atomic adds, relaxed: the figures are read after the window has drained.
final class DecodeCancellation: Sendable {
  /// Chunks between two cancellation checks in a request's own decode (`--decode-checkpoint`); 0 for
  /// none, so the decode always runs to its end.
  let checkpoint: Int
  private let callerDecodes = Atomic<Int>(0)
  private let elsewhere = Atomic<Int>(0)
  private let cancelled = Atomic<Int>(0)
  private let stopped = Atomic<Int>(0)
  private let wasted = Atomic<UInt64>(0)
  private let wastedChunks = Atomic<Int>(0)
  private let decodeTime = Atomic<UInt64>(0)

  init(checkpoint: Int) {
    precondition(checkpoint >= 0)
    self.checkpoint = checkpoint
  }

  /// A decode of no request, or of a marked request in another task, that took `nanoseconds`.
  func recordShared(nanoseconds: UInt64, ofArmedRequest: Bool) {
    decodeTime.add(nanoseconds, ordering: .relaxed)
    if ofArmedRequest { elsewhere.add(1, ordering: .relaxed) }
  }

  /// A decode in a marked request's own task: how long it took, how much of it came after the task was
  /// cancelled and how many chunks it ran after that, whether it was cancelled before its end and
  /// whether a checkpoint stopped it.
  func recordCaller(
    nanoseconds: UInt64, wasted: UInt64, wastedChunks: Int, cancelled: Bool, stopped: Bool
  ) {
    decodeTime.add(nanoseconds, ordering: .relaxed)
    callerDecodes.add(1, ordering: .relaxed)
    if cancelled {
      self.cancelled.add(1, ordering: .relaxed)
      self.wasted.add(wasted, ordering: .relaxed)
      self.wastedChunks.add(wastedChunks, ordering: .relaxed)
    }
    if stopped { self.stopped.add(1, ordering: .relaxed) }
  }

  /// The window's figures so far.
  var figures: DecodeCancellationFigures {
    DecodeCancellationFigures(
      checkpoint: checkpoint,
      callerDecodes: callerDecodes.load(ordering: .relaxed),
      decodesElsewhere: elsewhere.load(ordering: .relaxed),
      decodesCancelled: cancelled.load(ordering: .relaxed),
      decodesStopped: stopped.load(ordering: .relaxed),
      wastedNanoseconds: wasted.load(ordering: .relaxed),
      wastedChunks: wastedChunks.load(ordering: .relaxed),
      decodeNanoseconds: decodeTime.load(ordering: .relaxed))
  }
}

/// What a window's decodes did after their request was cancelled (`DecodeCancellation`), for
/// `VariantResult.decodeCancellation`.
package struct DecodeCancellationFigures: Sendable, Equatable {
  /// The run's `--decode-checkpoint`.
  package var checkpoint: Int
  /// Decodes that ran in a marked request's own task, where its cancellation reaches (`caller_decodes`).
  package var callerDecodes: Int
  /// Decodes of a marked request that ran in another task, the entry's (`decodes_elsewhere`).
  package var decodesElsewhere: Int
  /// Of `callerDecodes`, those whose task was cancelled before they ended (`decodes_cancelled`).
  package var decodesCancelled: Int
  /// Of `decodesCancelled`, those a checkpoint stopped before their end (`decodes_stopped`).
  package var decodesStopped: Int
  /// Decode time after cancellation, summed over `decodesCancelled` (`decode_wasted_ns`).
  package var wastedNanoseconds: UInt64
  /// Chunks run after the cancellation, summed over `decodesCancelled` (`decode_wasted_chunks`): the
  /// waste in work rather than time, the same on any machine and any load.
  package var wastedChunks: Int
  /// Time of every decode of the window, wherever it ran.
  package var decodeNanoseconds: UInt64

  package init(
    checkpoint: Int, callerDecodes: Int, decodesElsewhere: Int, decodesCancelled: Int,
    decodesStopped: Int, wastedNanoseconds: UInt64, wastedChunks: Int = 0,
    decodeNanoseconds: UInt64
  ) {
    self.checkpoint = checkpoint
    self.callerDecodes = callerDecodes
    self.decodesElsewhere = decodesElsewhere
    self.decodesCancelled = decodesCancelled
    self.decodesStopped = decodesStopped
    self.wastedNanoseconds = wastedNanoseconds
    self.wastedChunks = wastedChunks
    self.decodeNanoseconds = decodeNanoseconds
  }

  /// Whether any decode ran where a cancelled caller's cancellation reaches; when none did, the waste
  /// does not apply (it is not 0: the design never decodes for a cancelled caller in its own task).
  package var applies: Bool { callerDecodes > 0 }

  /// `decode_wasted_share`: the waste as a share of all decode time of the window; nil where it does not
  /// apply or nothing was timed.
  package var wastedShare: Double? {
    guard applies, decodeNanoseconds > 0 else { return nil }
    return Double(wastedNanoseconds) / Double(decodeNanoseconds)
  }
}
