import CacheBenchCore

extension VariantResult {
  /// Every name `ignoredOptions` may hold, in its order.
  static let ignorableOptions = ["decode", "cancel_rate", "invalidate_rate"]

  /// The options of the run this variant's design did not do as asked, each named by the CSV column
  /// that holds what was asked (`decode`, `cancel_rate`, `invalidate_rate`), in that order; empty
  /// for a design that did what the run asked, or where the harness could not tell.
  ///
  /// Each comes from counts the harness measured, never from a comparison with another variant:
  /// - `decode`: fetches returned payloads to waiting callers and the design decoded none of them
  ///   inside the cache (`decodedNothingInside`);
  /// - `cancel_rate`: `cancellationNeverReachedDesign`, or `cancelledReadsServed` above 0;
  /// - `invalidate_rate`: `invalidationKeptEntry` (the check after the window).
  /// Writes get no mark: a read served a revision older than a completed write
  /// (`stale_served_after_write`) shows a race between a load and the write, not a write the design
  /// ignored, and nothing the harness counts tells a write that changed nothing from one that did.
  /// The CSV and JSON write them as the `ignored_options` field, and stderr says each in a line
  /// (`designNotes`).
  var ignoredOptions: [String] {
    var ignored: [String] = []
    if decodedNothingInside { ignored.append("decode") }
    if cancellationNeverReachedDesign || cancelledReadsServed > 0 { ignored.append("cancel_rate") }
    if invalidationKeptEntry != nil { ignored.append("invalidate_rate") }
    return ignored
  }

  /// Whether `--cancel-rate` cancelled none of the reads it marked because the design never called
  /// `WaitCancellation.waitBegins()`, the one place the harness cancels a waiting read, although some
  /// marked read missed: a fetch began in a marked read's task. False when every marked read may have
  /// been a hit (no fetch began in one), which never waits and so is rightly never cancelled.
  var cancellationNeverReachedDesign: Bool {
    guard let reach = cancellationReach else { return false }
    return reach.marked > 0 && reach.reachedDesign == 0 && reach.fetchesOfMarkedReads > 0
  }

  /// Reads the design cancelled once they waited (it called `WaitCancellation.waitBegins()`) whose
  /// lookup then returned a value rather than throwing `CancellationError`: served, not cancelled.
  var cancelledReadsServed: Int { cancellationReach?.servedAfterCancellation ?? 0 }

  /// The check after the window when it found the design's `invalidate` left an entry it held in
  /// place (`InvalidationCheck.refetched` false); nil otherwise.
  var invalidationKeptEntry: InvalidationCheck? {
    guard let check = invalidationCheck, !check.refetched else { return nil }
    return check
  }

  /// The stderr lines of `ignoredOptions` but `decode`'s, which `designNotes` words with its other
  /// decode checks.
  var ignoredOptionNotes: [String] {
    var notes: [String] = []
    if let reach = cancellationReach, cancellationNeverReachedDesign {
      notes.append(
        "called WaitCancellation.waitBegins() in none of the \(reach.marked) reads --cancel-rate"
          + " marked, though \(reach.fetchesOfMarkedReads) fetches began in their tasks: --cancel-at"
          + " wait cancels a waiting read only through that hook (docs/hooks.md), so none of them was"
          + " cancelled while it waited; `cachebench check` tests cancellation without it")
    }
    if let reach = cancellationReach, reach.servedAfterCancellation > 0 {
      notes.append(
        "\(reach.servedAfterCancellation) of the \(reach.reachedDesign) reads --cancel-rate"
          + " cancelled once they waited returned a value instead of throwing CancellationError:"
          + " they count as served, not as cancellations")
    }
    if let check = invalidationKeptEntry {
      notes.append(
        "invalidate(\(check.key)) left the entry in place: after the window, a read of key"
          + " \(check.key) that fetched nothing, invalidate(\(check.key)), then a read that fetched"
          + " nothing either; the design ignores --invalidate-rate, so the window's"
          + " \(invalidations) invalidations may have removed nothing")
    }
    return notes
  }
}
