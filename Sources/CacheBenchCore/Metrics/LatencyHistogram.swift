/// A log-linear (HDR-style) histogram of latencies in nanoseconds with exact min, max and mean.
///
/// The layout is HdrHistogram's: values below `subBucketCount` (2048 at three significant digits)
/// have a counter each, and every power-of-two range above that is split into `subBucketHalfCount`
/// equal sub-buckets, so a reported percentile is within 10^-`significantDigits` of the recorded
/// value at every magnitude. The type does no synchronisation: it is a value whose only storage is one
/// counts array, allocated in `init` (or, for `unallocated(...)`, at the first merge into it) and
/// mutated in place by `record(_:)`; whoever shares one (`HistogramStripes`) locks around it.
///
/// Values above `highestTrackableValue` are never dropped. They are counted in the bucket that holds
/// `highestTrackableValue` and in `saturatedCount`, while `min`, `max` and `mean` stay exact.
package struct LatencyHistogram: Sendable, Equatable {
  /// One line of a percentile distribution, as HdrHistogram's `outputPercentileDistribution` prints it.
  package struct PercentileRow: Sendable, Equatable {
    /// The value reported at this percentile, in nanoseconds.
    package var value: UInt64
    /// The percentile level iterated to, as a fraction in 0...1.
    package var percentile: Double
    /// The number of recorded values in the buckets up to and including this row's.
    package var totalCount: Int
    /// `1 / (1 - percentile)`: the "one in N" reading of the level; `.infinity` at 1.
    package var inverseComplement: Double
  }

  /// The largest value kept at full precision, in nanoseconds.
  package let highestTrackableValue: UInt64
  /// Decimal digits of precision kept for every value up to `highestTrackableValue`.
  package let significantDigits: Int

  /// The number of values recorded, saturated ones included.
  package private(set) var totalCount = 0
  /// The number of recorded values that exceeded `highestTrackableValue`.
  package private(set) var saturatedCount = 0
  /// The exact largest value recorded, in nanoseconds; 0 when empty.
  package private(set) var max: UInt64 = 0

  // `UInt64.max` until the first record, so the comparison in `record(_:)` needs no empty check.
  private var minimum = UInt64.max
  // 128 bits, because one bogus value near 2^64 (a clock read out of order) would overflow a
  // 64-bit sum.
  private var sumHigh: UInt64 = 0
  private var sumLow: UInt64 = 0
  private var counts: [Int]

  private let subBucketHalfCountMagnitude: Int
  private let subBucketHalfCount: Int
  private let subBucketMask: UInt64
  private let leadingZeroCountBase: Int
  // Saturated values land here; the array ends here because no larger index is ever used.
  private let topIndex: Int

  /// Creates an empty histogram that keeps `significantDigits` of precision up to
  /// `highestTrackableValue` nanoseconds (default 2^40 ns, about 18 minutes).
  ///
  /// Memory is one `Int` per counter: 31,745 counters (about 250 KB) with the defaults.
  /// `allocatingCounters` false leaves the counters empty, as `unallocated()` needs.
  init(
    highestTrackableValue: UInt64 = 1 << 40, significantDigits: Int = 3,
    allocatingCounters: Bool = true
  ) {
    precondition(
      (1...5).contains(significantDigits), "significantDigits \(significantDigits) is not in 1...5")
    precondition(highestTrackableValue > 0, "highestTrackableValue must be positive")
    self.highestTrackableValue = highestTrackableValue
    self.significantDigits = significantDigits

    var largestValueWithSingleUnitResolution = 2
    for _ in 0..<significantDigits { largestValueWithSingleUnitResolution *= 10 }
    var subBucketCountMagnitude = 0
    while 1 << subBucketCountMagnitude < largestValueWithSingleUnitResolution {
      subBucketCountMagnitude += 1
    }
    subBucketHalfCountMagnitude = subBucketCountMagnitude - 1
    subBucketHalfCount = 1 << subBucketHalfCountMagnitude
    subBucketMask = UInt64(1 << subBucketCountMagnitude - 1)
    leadingZeroCountBase = UInt64.bitWidth - subBucketHalfCountMagnitude - 1

    // A stored property cannot be read through self before all are set, so compute it locally.
    let bucketIndex =
      leadingZeroCountBase - (highestTrackableValue | subBucketMask).leadingZeroBitCount
    let subBucketIndex = Int(highestTrackableValue &>> UInt64(bucketIndex))
    topIndex =
      (bucketIndex + 1) << subBucketHalfCountMagnitude + subBucketIndex - subBucketHalfCount
    counts = allocatingCounters ? Array(repeating: 0, count: topIndex + 1) : []
  }

  /// An empty histogram of the default layout that holds no counters yet: about 100 bytes instead of
  /// 250 KB, for a recorder that never records into it (a client whose histograms are striped).
  ///
  /// Merging a non-empty histogram into it allocates its counters; recording into it directly is a
  /// programming error and traps on the array bound.
  ///
  /// It allocates nothing: made as the default histogram with its counters dropped, it cost every
  /// client of a window a 1 MiB allocation, zeroed and freed, as it started (dhat,
  /// scripts/tests/dhat-check).
  static func unallocated() -> LatencyHistogram {
    LatencyHistogram(
      highestTrackableValue: 1 << 40, significantDigits: 3, allocatingCounters: false)
  }

  /// Whether the counters are allocated; false only for an `unallocated()` histogram nothing was
  /// merged into.
  var hasCounters: Bool { !counts.isEmpty }

  /// Same layout, same counts, same exact figures; an unallocated histogram equals an allocated one
  /// that recorded nothing.
  package static func == (left: LatencyHistogram, right: LatencyHistogram) -> Bool {
    guard
      left.highestTrackableValue == right.highestTrackableValue
        && left.significantDigits == right.significantDigits
        && left.totalCount == right.totalCount && left.saturatedCount == right.saturatedCount
        && left.max == right.max && left.minimum == right.minimum && left.sumHigh == right.sumHigh
        && left.sumLow == right.sumLow
    else { return false }
    if left.counts.count == right.counts.count { return left.counts == right.counts }
    return left.counts.allSatisfy { $0 == 0 } && right.counts.allSatisfy { $0 == 0 }
  }

  /// True when nothing has been recorded.
  package var isEmpty: Bool { totalCount == 0 }

  /// The exact smallest value recorded, in nanoseconds; 0 when empty, like `max` and `mean`.
  package var min: UInt64 { totalCount == 0 ? 0 : minimum }

  /// The exact arithmetic mean of the recorded values, in nanoseconds; 0 when empty.
  ///
  /// Computed from a 128-bit running sum, so it does not drift or overflow however many values are
  /// recorded; saturated values contribute their true size.
  package var mean: Double {
    guard totalCount > 0 else { return 0 }
    return (Double(sumHigh) * 0x1p64 + Double(sumLow)) / Double(totalCount)
  }

  /// Counts one value, in nanoseconds.
  ///
  /// O(1) with no allocation and no locks, so it can sit on a client's hot path; a value above
  /// `highestTrackableValue` is counted in the top bucket and in `saturatedCount`.
  mutating func record(_ value: UInt64) {
    let index: Int
    if value > highestTrackableValue {
      saturatedCount += 1
      index = topIndex
    } else {
      index = countsIndex(of: value)
    }
    counts[index] += 1
    totalCount += 1
    if value < minimum { minimum = value }
    if value > max { max = value }
    let (low, carried) = sumLow.addingReportingOverflow(value)
    sumLow = low
    if carried { sumHigh += 1 }
  }

  /// Adds every value recorded in `other` to this histogram, as if each had been recorded here.
  ///
  /// Both histograms must have the same `highestTrackableValue` and `significantDigits`, because
  /// counters are added index by index.
  package mutating func merge(_ other: LatencyHistogram) {
    precondition(
      highestTrackableValue == other.highestTrackableValue
        && significantDigits == other.significantDigits,
      "cannot merge histograms of different layouts")
    if counts.isEmpty {
      // An `unallocated()` histogram takes the other's counters whole (shared until written), even
      // when they are all zero, so a merge target holds counters after any allocated one is merged in.
      counts = other.counts
    } else if other.totalCount > 0 {
      // Only the buckets between `other`'s least and greatest values can hold counts: a run's
      // histograms span a few hundred of their tens of thousands of buckets, and a window merges
      // every stripe's histograms at its end.
      let low = countsIndex(of: Swift.min(other.minimum, highestTrackableValue))
      let high = other.max > highestTrackableValue ? topIndex : countsIndex(of: other.max)
      counts.withUnsafeMutableBufferPointer { mine in
        other.counts.withUnsafeBufferPointer { theirs in
          for index in low...high {
            mine[index] += theirs[index]
          }
        }
      }
    }
    totalCount += other.totalCount
    saturatedCount += other.saturatedCount
    minimum = Swift.min(minimum, other.minimum)
    max = Swift.max(max, other.max)
    let (low, carried) = sumLow.addingReportingOverflow(other.sumLow)
    sumLow = low
    sumHigh += other.sumHigh + (carried ? 1 : 0)
  }

  /// The value at or below which `percentile` percent of the recorded values fall, in nanoseconds.
  ///
  /// `percentile` must be in 0...100 (a precondition). The answer is the highest value equivalent to the bucket in which
  /// the cumulative count first reaches `ceil(percentile / 100 × totalCount)` (at least 1), so it
  /// never understates the true order statistic, and it is clamped to the exact `max`. 0 returns the
  /// exact `min`; an empty histogram returns 0.
  package func value(atPercentile percentile: Double) -> UInt64 {
    precondition((0...100).contains(percentile), "percentile \(percentile) is not in 0...100")
    guard totalCount > 0 else { return 0 }
    if percentile == 0 { return minimum }
    // One ulp down, as HdrHistogram does, so that a product which should be a whole number but
    // rounds just above it does not move the target into the next rank.
    let target = percentile.nextDown * Double(totalCount) / 100
    // Ceiling by hand: `rounded(.up)` calls libm's `ceil`, and the executable links libm only if
    // some module imports Glibc or Foundation, which none does yet.
    let whole = Int(target)
    let rank = Swift.max(1, Double(whole) < target ? whole + 1 : whole)
    var cumulative = 0
    for index in counts.indices {
      cumulative += counts[index]
      if cumulative >= rank { return reportedValue(atIndex: index) }
    }
    return max
  }

  /// The rows of HdrHistogram's `outputPercentileDistribution`, ending with a row at percentile 1.
  ///
  /// Percentile levels start at 0 and move towards 100% in steps of fixed size within each half of
  /// the remaining distance: `ticksPerHalfDistance` steps to 50%, as many again to 75%, and so on.
  /// A bucket yields one row per level it reaches (so a crowded bucket repeats its value), the last
  /// bucket yields one row at the next level and one at 1. Values are reported as in
  /// `value(atPercentile:)`: the first row's is the exact `min` (where HdrHistogram prints its
  /// bucket's highest value), the last row's the exact `max`. Empty histograms have no rows.
  package func percentileDistribution(ticksPerHalfDistance: Int = 5) -> [PercentileRow] {
    precondition(ticksPerHalfDistance > 0, "ticksPerHalfDistance must be positive")
    var rows: [PercentileRow] = []
    var level = 0.0  // percent, as HdrHistogram iterates, so the tick arithmetic matches its output
    var cumulative = 0
    for index in counts.indices where counts[index] != 0 {
      cumulative += counts[index]
      let reached = 100 * Double(cumulative) / Double(totalCount)
      // `level < 100` only matters when rounding makes `reached` 100 before the last bucket.
      while level < 100 && reached >= level {
        rows.append(row(atIndex: index, level: level, cumulative: cumulative))
        // The exponent is floor(log2): the number of times the remaining distance has halved.
        let halvings = (100 / (100 - level)).exponent
        let ticks =
          Double(ticksPerHalfDistance) * Double(sign: .plus, exponent: halvings + 1, significand: 1)
        level += 100 / ticks
        if cumulative == totalCount { break }
      }
      if cumulative == totalCount {
        rows.append(row(atIndex: index, level: 100, cumulative: cumulative))
        break
      }
    }
    return rows
  }

  /// One counter that recorded something, for exports that must let a reader rebuild the histogram.
  package struct Bucket: Sendable, Equatable {
    /// The highest value equivalent to the bucket (HdrHistogram's "value iterated to"), in
    /// nanoseconds, not clamped to `max`: recording it lands in this same bucket.
    package var value: UInt64
    /// How many recorded values the bucket holds.
    package var count: Int

    /// Every stored property, as the memberwise initializer takes them.
    package init(value: UInt64, count: Int) {
      self.value = value
      self.count = count
    }
  }

  /// The counters that recorded something, in increasing value order.
  ///
  /// Recording each bucket's `value` `count` times into an empty histogram of the same layout
  /// reproduces these counters, hence every percentile; `min`, `max` and `mean` are exact only here.
  package var nonEmptyBuckets: [Bucket] {
    counts.indices.compactMap { index in
      counts[index] == 0
        ? nil : Bucket(value: highestEquivalentValue(atIndex: index), count: counts[index])
    }
  }

  private func row(atIndex index: Int, level: Double, cumulative: Int) -> PercentileRow {
    PercentileRow(
      value: level == 0 ? minimum : reportedValue(atIndex: index), percentile: level / 100,
      totalCount: cumulative,
      inverseComplement: 1 / (1 - level / 100))
  }

  private func countsIndex(of value: UInt64) -> Int {
    let bucketIndex = leadingZeroCountBase - (value | subBucketMask).leadingZeroBitCount
    let subBucketIndex = Int(truncatingIfNeeded: value &>> UInt64(bucketIndex))
    // Masking shifts, because the amounts are below 64 by construction and the over-shift checks of
    // `<<` and `>>` put branches on the hot path.
    return (bucketIndex + 1) &<< subBucketHalfCountMagnitude + subBucketIndex - subBucketHalfCount
  }

  private func reportedValue(atIndex index: Int) -> UInt64 {
    // Saturated values stretch the top bucket up to `max`, its only known upper bound.
    if index == topIndex && saturatedCount > 0 { return max }
    return Swift.min(highestEquivalentValue(atIndex: index), max)
  }

  private func highestEquivalentValue(atIndex index: Int) -> UInt64 {
    // Indices below subBucketCount form bucket 0, whose lower half HdrHistogram stores in place of
    // the lower halves that every other bucket skips because the bucket before already covers them.
    let bucketIndex = Swift.max(0, (index >> subBucketHalfCountMagnitude) - 1)
    let subBucketIndex =
      index < subBucketHalfCount ? index : (index & (subBucketHalfCount - 1)) + subBucketHalfCount
    let lowest = UInt64(subBucketIndex) << UInt64(bucketIndex)
    return lowest + ((1 as UInt64) << UInt64(bucketIndex) - 1)
  }
}
