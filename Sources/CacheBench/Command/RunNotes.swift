import CacheBenchCore

/// What stderr says about a run as a whole once its variants are measured: comparisons between variants
/// that the figures alone would not warn of.
enum RunNotes {
  /// How many times apart realised fetch latencies may be before the variants' comparison is called
  /// unfair.
  static let fetchLatencySpreadLimit = 1.5

  /// How far apart, in nanoseconds, realised fetch latencies may be whatever their ratio: below it a
  /// ratio measures the clock, not the fetcher. With `--latency 0ms` a fetch returns at once and its
  /// realised p50 is the cost of reading the clock around it: three default runs of a release build at
  /// load 9 (2-core Linux, Swift 6.3.1) measured 30–100 ns, p99 at most 351 ns, and another run 70 and
  /// 351 ns, "5.0× apart". 5 µs is over ten times that spread, yet below the gaps of the runs that
  /// were unfair: at `--latency 1us` one variant's fetches took 16.5 µs where the others took 2.9–3.5
  /// µs, and at `--latency 10us` 24.9 µs against 16.1 µs.
  static let fetchLatencySpreadFloorNanoseconds: UInt64 = 5_000

  /// A line when the variants that fetched got median fetch latencies more than
  /// `fetchLatencySpreadLimit` times and more than `fetchLatencySpreadFloorNanoseconds` apart: each ran
  /// against its own fetcher under the same configuration, so a spread that wide comes from the host
  /// (timer slack, a loaded machine, a thread pool each fetch waited for), and the slower variant's
  /// figures carry it. Nil when they agree or fewer than two fetched.
  static func fetchLatencySpread(_ results: [VariantResult]) -> String? {
    let medians = results.compactMap { result -> (String, UInt64)? in
      guard result.fetchLatency.totalCount > 0 else { return nil }
      return (result.variant.description, max(result.fetchLatency.value(atPercentile: 50), 1))
    }
    guard let fastest = medians.min(by: { $0.1 < $1.1 }),
      let slowest = medians.max(by: { $0.1 < $1.1 })
    else { return nil }
    let ratio = Double(slowest.1) / Double(fastest.1)
    guard ratio > fetchLatencySpreadLimit,
      slowest.1 - fastest.1 > fetchLatencySpreadFloorNanoseconds
    else { return nil }
    return
      "fetch latency was not the same for every variant: realised p50 "
      + "\(HumanUnits.latency(nanoseconds: fastest.1)) for \(fastest.0), "
      + "\(HumanUnits.latency(nanoseconds: slowest.1)) for \(slowest.0) "
      + "(\(DecimalText.fixed(ratio, fractionDigits: 1))× apart); comparing them is unfair"
  }

  /// The line the results table ends with when a signal or the deadline stopped the run: the table
  /// alone must not pass for a complete run. `measured` of `planned` variants have figures (a variant
  /// stopped mid-window among them). Nil when the run was not stopped.
  static func interruption(_ reason: StopReason?, measured: Int, planned: Int) -> String? {
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
