import CacheBenchCore

/// What stderr says about a run as a whole once its variants are measured: comparisons between variants
/// that the figures alone would not warn of.
enum RunNotes {
  /// A line when the variants that fetched got median fetch latencies too far apart to compare
  /// (`FetchLatencySpread`, whose thresholds the finding of the same name uses); nil when they agree or
  /// fewer than two fetched.
  static func fetchLatencySpread(_ results: [VariantResult]) -> String? {
    let medians = results.compactMap { result -> (label: String, nanoseconds: UInt64)? in
      guard result.fetchLatency.totalCount > 0 else { return nil }
      return (result.variant.description, result.fetchLatency.value(atPercentile: 50))
    }
    guard let spread = FetchLatencySpread(medians: medians) else { return nil }
    return "fetch latency was not the same for every variant: \(spread.description); comparing them"
      + " is unfair"
  }

  /// The line the results table ends with when a signal or the deadline stopped the run: the table
  /// alone must not pass for a complete run. `measured` of `planned` variants have figures, `partial`
  /// of them from a window stopped part way, which the line says so that "2 of 2 measured" does not
  /// read as complete. Nil when the run was not stopped.
  static func interruption(_ reason: StopReason?, measured: Int, partial: Int = 0, planned: Int)
    -> String?
  {
    let cause: String
    switch reason {
    case .signal(let number):
      let name = [2: " (SIGINT)", 15: " (SIGTERM)"][number] ?? ""
      cause = "interrupted by signal \(number)\(name)"
    case .deadline:
      cause = "stopped by its --deadline"
    case .stalled, nil:
      return nil
    }
    return "run \(cause): figures so far, marked interrupted;"
      + " \(measured) of \(RunDescription.counted(planned, "variant")) measured"
      + (partial > 0 ? ", \(partial) of them in part" : "")
  }

  /// The line stderr gets when the first termination signal arrives: the run drains, and a second
  /// signal of either kind ends it at once (`TerminationSignals`). Ctrl-C is named only for SIGINT,
  /// which is what Ctrl-C sends; a SIGTERM usually comes from `kill`, a supervisor or CI.
  static func draining(signal number: Int32) -> String {
    switch number {
    case 2:
      "interrupted by signal 2 (SIGINT): draining; press Ctrl-C again to exit at once"
    case 15:
      "interrupted by signal 15 (SIGTERM): draining; send SIGTERM again (or press Ctrl-C) to exit"
        + " at once"
    default:
      "interrupted by signal \(number): draining; send it again to exit at once"
    }
  }
}
