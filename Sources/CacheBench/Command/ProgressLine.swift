import CacheBenchCore

/// The progress bar of the window being measured, as a pure function of what is known at one instant.
///
///     [2/8] coalescing/inside [########--------]  50%  1.20s / ~2.40s  25000 requests
///
/// Position among the variants, the variant, `warm-up` while warming up, a bar and percentage, the
/// elapsed time and the estimated or fixed total, and the requests issued so far. With a request
/// target the fraction is requests issued over the target and the total is extrapolated from it
/// (`~`, or `~?` before the first request); with a duration the fraction is elapsed time over it and
/// the total is the duration (in-flight requests then drain a little longer). The line fits in one
/// less than the terminal's width, so redrawing it in place never wraps: what does not fit goes whole,
/// never cut mid-word (`500 reque`): first `requests` is shortened to `req`, then the bar halved,
/// then the request count, the times and the bar left out; only a variant name wider than the
/// terminal is cut.
enum ProgressLine {
  /// What the line shows.
  struct State: Sendable, Equatable {
    /// 1-based position of the variant in the run.
    var position: Int
    /// Number of variants in the run.
    var count: Int
    /// The variant, e.g. `sharded(8)/inside`.
    var label: String
    var phase: WindowProgress.Phase
    var stop: StopCondition
    /// Requests issued so far in this window.
    var requestsIssued: Int
    /// Time since the window started, in nanoseconds.
    var elapsedNanoseconds: UInt64
  }

  /// Characters of the bar between its brackets.
  static let barWidth = 16

  /// The line for `state`, at most `width - 1` characters, with no line end.
  static func render(_ state: State, width: Int) -> String {
    let fraction: Double
    let total: String
    switch state.stop {
    case .requests(let target):
      fraction = target > 0 ? Double(state.requestsIssued) / Double(target) : 0
      total =
        state.requestsIssued == 0
        ? "~?"
        // Capped far above any real run, so the conversion to an integer cannot trap.
        : "~"
          + HumanUnits.latency(
            nanoseconds: UInt64(Swift.min(1e18, Double(state.elapsedNanoseconds) / fraction)))
    case .duration(let duration):
      let nanoseconds = Double(DecimalText.nanoseconds(duration))
      fraction = nanoseconds > 0 ? Double(state.elapsedNanoseconds) / nanoseconds : 1
      total = HumanUnits.latency(duration)
    }
    let clamped = Swift.min(1, Swift.max(0, fraction))
    let percent = String(Int(clamped * 100))
    func gauge(_ width: Int) -> String {
      let filled = Int(clamped * Double(width))
      let bar =
        String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
      return " [\(bar)] " + String(repeating: " ", count: 3 - percent.count) + percent + "%"
    }
    var head = "[\(state.position)/\(state.count)] \(state.label)"
    if state.phase == .warmup { head += " warm-up" }
    let times = "  \(HumanUnits.latency(nanoseconds: state.elapsedNanoseconds)) / \(total)"
    let requests = "  \(state.requestsIssued) requests"
    let shortRequests = "  \(state.requestsIssued) req"
    let narrow = gauge(barWidth / 2)
    let limit = Swift.max(0, width - 1)
    let candidates = [
      head + gauge(barWidth) + times + requests, head + gauge(barWidth) + times + shortRequests,
      head + narrow + times + shortRequests, head + narrow + times, head + narrow, head,
    ]
    return candidates.first { $0.count <= limit } ?? String(head.prefix(limit))
  }
}
