/// A window as the driver announces it when it starts, for a progress display to poll while it runs.
///
/// Reading `requestsIssued` is one relaxed atomic load of the counter the clients claim request
/// indices from; it adds nothing to the clients' hot path.
package struct WindowProgress: Sendable {
  /// Which of a variant's windows this is.
  package enum Phase: Sendable, Equatable {
    /// Unmeasured requests on a throwaway cache.
    case warmup
    /// The measured window.
    case measurement
  }

  /// The variant being driven.
  package var variant: Variant
  package var phase: Phase
  /// When the window stops issuing requests.
  package var stop: StopCondition
  /// The clients' claim counter.
  let claims: RequestClaims

  /// The window of `variant` in `phase`, ending at `stop`, whose clients claim from `claims`.
  init(_ variant: Variant, phase: Phase, stop: StopCondition, claims: RequestClaims) {
    self.variant = variant
    self.phase = phase
    self.stop = stop
    self.claims = claims
  }

  /// Requests issued so far in this window (claimed by a client), never more than a request target.
  package var requestsIssued: Int {
    let claimed = claims.claimed
    if case .requests(let count) = stop { return Swift.min(claimed, count) }
    return claimed
  }
}
