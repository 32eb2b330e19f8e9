/// The key distribution of a workload.
package enum KeyDistributionKind: Sendable, Equatable {
  /// Every key equally likely.
  case uniform
  /// Key of rank r (0-based) drawn with probability proportional to 1 / (r + 1)^theta.
  case zipf(theta: Double)
  /// The first `hotShare` of the keys get `requestShare` of the requests (`HotspotKeys`).
  case hotspot(hotShare: Double, requestShare: Double)
}
