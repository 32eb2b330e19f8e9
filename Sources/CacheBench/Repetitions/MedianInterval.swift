/// The median of a few repeated measurements and a distribution-free confidence interval for the median
/// of the distribution they were drawn from.
///
/// The interval runs between two order statistics of the sorted sample, the k-th smallest and the k-th
/// largest. For n independent draws from any continuous distribution, it misses the true median only if
/// at least n − k + 1 draws fall on one side of it, so it covers the median with probability
/// 1 − 2·P(B ≤ k − 1), B binomial(n, ½), whatever the distribution. No bootstrap and no normality
/// assumption: the same values always give the same interval, and a skewed figure (a latency tail) is
/// treated like any other.
///
/// `confidence` is the largest k whose coverage is at least `targetConfidence` (95%), which gives the
/// narrowest such interval. Five or fewer values cannot reach 95%: the interval is then their whole
/// range, and `confidence` says what it reaches: 50% for 2, 75% for 3, 87.5% for 4, 93.75% for 5;
/// from 6 on it is at least 95% (96.9% for 6, where the interval is still the range). With so few
/// values the interval is wide and only roughly placed; it is the honest statement of what they show.
struct MedianInterval: Sendable, Equatable {
  /// The middle value, or the mean of the two middle values of an even count.
  var median: Double
  /// The k-th smallest and k-th largest values; nil for a single value, which bounds nothing.
  var bounds: ClosedRange<Double>?
  /// The probability that `bounds` covers the true median: 1 − 2·P(B ≤ k − 1); 0 for a single value.
  var confidence: Double
  /// How many values it was computed from.
  var count: Int

  /// The coverage the interval aims for.
  static let targetConfidence = 0.95

  /// The median and interval of `values`; nil when there are none. Non-finite values are a caller's
  /// bug (no measured figure is one).
  init?(_ values: [Double]) {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let n = sorted.count
    let middle = n / 2
    median = n.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    count = n
    guard n > 1 else {
      bounds = nil
      confidence = 0
      return
    }
    let k = Self.rank(count: n)
    bounds = sorted[k - 1]...sorted[n - k]
    confidence = Self.coverage(n: n, k: k)
  }

  /// The coverage of the interval of `count` values: 0 for one, 0.75 for three, 0.9375 for five.
  static func confidence(count: Int) -> Double {
    count > 1 ? coverage(n: count, k: rank(count: count)) : 0
  }

  /// The k of the interval of `count` (at least 2) values: the largest whose coverage reaches
  /// `targetConfidence`, or 1 (the whole range) when none does.
  static func rank(count n: Int) -> Int {
    // k from the outside in: the widest interval (k = 1) covers most; stop before coverage drops
    // below the target.
    var k = 1
    while 2 * (k + 1) <= n, coverage(n: n, k: k + 1) >= targetConfidence { k += 1 }
    return k
  }

  /// The probability that the k-th smallest and the k-th largest of n draws enclose the median:
  /// 1 − 2·P(B ≤ k − 1), B binomial(n, ½).
  ///
  /// Sums the binomial terms from 2⁻ⁿ up by the ratio of successive coefficients, exact enough in
  /// `Double` for the counts `--repeat` takes (2⁻ⁿ stays a normal number up to n = 1022).
  static func coverage(n: Int, k: Int) -> Double {
    precondition(n >= 1 && k >= 1 && 2 * k <= n + 1, "k must be 1...(n + 1) / 2")
    var term = 1.0
    for _ in 0..<n { term /= 2 }
    var tail = 0.0
    for i in 0..<k {
      tail += term
      term *= Double(n - i) / Double(i + 1)
    }
    return max(0, 1 - 2 * tail)
  }
}
