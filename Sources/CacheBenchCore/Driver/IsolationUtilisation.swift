/// `actor_utilisation`: the share of a window each of a design's isolation domains (its actor or lock; one
/// per shard) spent running work, whatever the work was for: requests' steps, and work on behalf of no
/// single request such as admitting a fetch and decoding inside.
///
/// A domain runs one segment at a time, so its share is at most 1 (a segment that straddles the window's
/// start or end is counted whole, when it ends, which can push a nearly saturated domain a little over).
/// This is the first figure for deciding whether to shard: a domain near 1 is a queue everyone waits in.
package struct IsolationUtilisation: Sendable, Equatable {
  /// Busy nanoseconds of each domain during the window, in the design's order.
  package var busyNanoseconds: [UInt64]
  /// The window's length, nanoseconds.
  package var windowNanoseconds: UInt64

  /// The busy time of each of `domains` between `start` (their totals read before the window) and now;
  /// nil when the design keeps none, the counts disagree, or the window has no length.
  package init?(domains: [IsolationBusyTime]?, start: [UInt64]?, windowNanoseconds: UInt64) {
    guard let domains, let start, !domains.isEmpty, domains.count == start.count,
      windowNanoseconds > 0
    else { return nil }
    busyNanoseconds = zip(domains, start).map { domain, start in
      let now = domain.nanoseconds
      return now &- min(start, now)
    }
    self.windowNanoseconds = windowNanoseconds
  }

  package init(busyNanoseconds: [UInt64], windowNanoseconds: UInt64) {
    self.busyNanoseconds = busyNanoseconds
    self.windowNanoseconds = windowNanoseconds
  }

  /// The busiest domain's share of the window.
  package var maximum: Double {
    Double(busyNanoseconds.max() ?? 0) / Double(windowNanoseconds)
  }

  /// The mean share over the domains.
  package var mean: Double {
    let total = busyNanoseconds.reduce(0.0) { $0 + Double($1) }
    return total / Double(busyNanoseconds.count) / Double(windowNanoseconds)
  }

  /// Isolation domains counted.
  package var domains: Int { busyNanoseconds.count }
}
