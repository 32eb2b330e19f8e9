import Foundation

/// Draws keys `0..<keys` with the Zipf distribution: key `r` has probability proportional to
/// `1 / (r + 1)^theta`, so key 0 is the hottest.
///
/// The distribution is exact, not an approximation such as the Gray et al. formula used by YCSB,
/// which is undefined at `theta = 1` and meant for `theta < 1`: the cumulative distribution is
/// computed once in `init` and a draw is a binary search of it, so any `theta > 0` works,
/// including the skews above 1 that real caches see.
///
/// A plain binary search over ten thousand keys costs 60–100 ns here, mostly mispredicted
/// branches (LLVM turns the branch-free form back into branches inside loops), which would rival
/// the cost of a mutex-protected cache lookup the draw is meant to feed. So a guide table first
/// narrows the search (Chen and Asau's indexed search): `guide[j]` is the rank drawn for the unit
/// `j / guideBuckets`, and a unit in bucket `j` can only draw a rank in `guide[j]...guide[j + 1]`.
/// That range is usually one or a few ranks, and the result is the same rank the full search
/// finds. Memory: 8 bytes per key for the distribution plus at most 4 per key for the guide
/// (about 115 MB for ten million keys), shared, not copied, by copies of the value.
struct ZipfianKeys: Sendable {
  /// Number of distinct keys.
  let keys: Int
  /// The skew: larger values put more of the requests on the first keys.
  let theta: Double
  /// The sum of `1 / (r + 1)^theta` over all ranks, the generalised harmonic number that turns
  /// weights into probabilities.
  let normalization: Double
  /// Probability that a draw is at most rank `r`, for every rank; the last element is exactly 1.
  let cumulativeShares: [Double]
  /// Number of equal-width buckets the unit interval is cut into for the guide table: the
  /// largest power of two not above `keys`, so that `unit * guideBuckets` is exact and the guide
  /// costs at most half the memory of `cumulativeShares`.
  let guideBuckets: Int
  /// `guide[j]` is the rank drawn for the unit `j / guideBuckets`; the last entry is `keys - 1`.
  private let guide: [Int32]

  /// Builds the cumulative distribution for `keys` keys (1 up to `Int32.max`) and skew `theta`
  /// (finite, above 0).
  ///
  /// Costs one `pow` per key, about 0.3 s for ten million keys in a release build.
  init(keys: Int, theta: Double) {
    precondition(
      1 <= keys && keys <= Int(Int32.max), "ZipfianKeys needs 1...\(Int32.max) keys, got \(keys)")
    precondition(theta > 0 && theta.isFinite, "Zipf theta must be finite and above 0, got \(theta)")
    self.keys = keys
    self.theta = theta
    (cumulativeShares, normalization) = Self.cumulativeShares(keys: keys, theta: theta)
    guideBuckets = 1 << (Int.bitWidth - 1 - keys.leadingZeroBitCount)
    guide = Self.guide(cumulativeShares: cumulativeShares, buckets: guideBuckets)
  }

  /// Returns the key that a double uniform in `0..<1` selects.
  ///
  /// The key is the first rank whose cumulative share exceeds `unit`, so rank `r` is chosen for
  /// exactly the units in `cumulativeShares[r - 1]..<cumulativeShares[r]`. A unit outside `0..<1`
  /// traps rather than reading past the tables.
  func key(forUnit unit: Double) -> Int {
    precondition(0 <= unit && unit < 1, "unit \(unit) is outside 0..<1")
    let bucket = Int(unit * Double(guideBuckets))
    return guide.withUnsafeBufferPointer { guide in
      cumulativeShares.withUnsafeBufferPointer { cumulative in
        var base = Int(guide[bucket])
        var length = Int(guide[bucket &+ 1]) &- base &+ 1
        while length > 1 {
          let half = length &>> 1
          base = cumulative[base &+ half &- 1] <= unit ? base &+ half : base
          length &-= half
        }
        return base
      }
    }
  }

  /// Returns the theoretical probability of drawing the key of rank `rank`.
  func share(ofRank rank: Int) -> Double {
    precondition(0 <= rank && rank < keys, "rank \(rank) is outside 0..<\(keys)")
    return Self.weight(ofRank: rank, theta: theta) / normalization
  }

  /// Returns the unnormalised probability of rank `rank`.
  private static func weight(ofRank rank: Int, theta: Double) -> Double {
    pow(Double(rank + 1), -theta)
  }

  /// Returns the probability of drawing at most each rank, and the total weight it was divided by.
  private static func cumulativeShares(
    keys: Int, theta: Double
  ) -> (cumulative: [Double], normalization: Double) {
    // Each entry first holds the weight of all ranks after it. Summing from the lightest weight
    // up loses less to rounding than summing from the heaviest, and `1 - tail / total` is
    // monotone in rank and exactly 1 at the last rank, which keeps every draw in range.
    var tailWeight = 0.0
    var cumulative = [Double](unsafeUninitializedCapacity: keys) { buffer, initializedCount in
      var rank = keys - 1
      while rank >= 0 {
        buffer[rank] = tailWeight
        tailWeight += weight(ofRank: rank, theta: theta)
        rank -= 1
      }
      initializedCount = keys
    }
    let total = tailWeight
    cumulative.withUnsafeMutableBufferPointer { buffer in
      for rank in buffer.indices {
        buffer[rank] = 1 - buffer[rank] / total
      }
    }
    return (cumulative, total)
  }

  /// Returns, for each bucket start `j / buckets` and for the unit just below 1, the rank drawn.
  private static func guide(cumulativeShares: [Double], buckets: Int) -> [Int32] {
    var guide = [Int32](repeating: 0, count: buckets + 1)
    // Bucket starts only grow, so one forward walk over the ranks finds them all; it stops
    // because the last cumulative share is 1, above every bucket start.
    var rank = 0
    for bucket in 0..<buckets {
      let bucketStart = Double(bucket) / Double(buckets)
      while cumulativeShares[rank] <= bucketStart {
        rank += 1
      }
      guide[bucket] = Int32(rank)
    }
    guide[buckets] = Int32(cumulativeShares.count - 1)
    return guide
  }
}
