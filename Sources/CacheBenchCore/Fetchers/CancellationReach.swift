import Synchronization

/// Counts, for one measured window of a run that cancels reads once they wait (`--cancel-rate` with
/// `--cancel-at wait`), how far the harness's cancellation got into the design.
///
/// The harness cancels a marked read only through the design: the read's task is cancelled when the
/// design calls `WaitCancellation.waitBegins()`, and never otherwise (`WaitCancellation`). So what the
/// harness can know for certain is counted here, at the places where it happens:
/// - `marked`: the marked reads the clients issued;
/// - `reachedDesign`: those in which the design called `waitBegins()`, which cancelled them;
/// - `servedAfterCancellation`: of those, the ones whose lookup returned a value rather than throwing;
/// - `fetchesOfMarkedReads`: fetches that began in a marked read's task or a task it started, as the
///   fetchers' ledger sees them (`ofMarkedRead`), so at least one marked read missed.
///
/// Bound per window (`WaitCancellation.reach`), which the clients' tasks inherit, and per marked read
/// (`ofMarkedRead`), which a fetch that read starts inherits; the warm-up, calibration and a user's
/// own code see none and count nothing. Atomic adds, relaxed: the figures are read after the window
/// has drained.
package final class CancellationReach: Sendable {
  /// What the window counted.
  package struct Figures: Sendable, Equatable {
    package var marked = 0
    package var reachedDesign = 0
    package var servedAfterCancellation = 0
    package var fetchesOfMarkedReads = 0

    package init(
      marked: Int = 0, reachedDesign: Int = 0, servedAfterCancellation: Int = 0,
      fetchesOfMarkedReads: Int = 0
    ) {
      self.marked = marked
      self.reachedDesign = reachedDesign
      self.servedAfterCancellation = servedAfterCancellation
      self.fetchesOfMarkedReads = fetchesOfMarkedReads
    }
  }

  private let marked = Atomic<Int>(0)
  private let reachedDesign = Atomic<Int>(0)
  private let servedAfterCancellation = Atomic<Int>(0)
  private let fetchesOfMarkedReads = Atomic<Int>(0)

  /// The reach of the marked read whose task (or a task it started) is the current one; nil in
  /// every other task.
  @TaskLocal static var ofMarkedRead: CancellationReach? = nil

  init() {}

  /// A marked read has ended; `reachedDesign` when the design called `waitBegins()` in it, `served`
  /// when its lookup returned a value.
  func recordMarkedRead(reachedDesign reached: Bool, served: Bool) {
    marked.add(1, ordering: .relaxed)
    guard reached else { return }
    reachedDesign.add(1, ordering: .relaxed)
    if served { servedAfterCancellation.add(1, ordering: .relaxed) }
  }

  /// A fetch began in a marked read's task, or in a task that read started.
  func recordFetchOfMarkedRead() {
    fetchesOfMarkedReads.add(1, ordering: .relaxed)
  }

  /// The window's figures so far.
  var figures: Figures {
    Figures(
      marked: marked.load(ordering: .relaxed),
      reachedDesign: reachedDesign.load(ordering: .relaxed),
      servedAfterCancellation: servedAfterCancellation.load(ordering: .relaxed),
      fetchesOfMarkedReads: fetchesOfMarkedReads.load(ordering: .relaxed))
  }
}
