import CacheBenchCore

/// How the A/B gate (`PairedRule`) judges a timing figure: the factor past which the interval of the
/// head-over-base ratio must lie, and the floor both sides are lifted to.
struct PairedThreshold: Sendable, Equatable {
  /// A factor above 1, e.g. 1.05.
  var threshold: Double
  /// Values below this, in the metric's unit, count as this when forming the ratio.
  var floor: Double = 0
  /// The figure's place in the A/B report and among the profile's `gate.paired` keys, smallest first.
  var position: Int
}
