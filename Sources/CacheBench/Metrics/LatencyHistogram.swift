/// PLACEHOLDER: replaced by the real HDR histogram.
struct LatencyHistogram: Sendable, Equatable {
  private(set) var totalCount: Int = 0
  private(set) var max: UInt64 = 0
  private(set) var min: UInt64 = .max
  private var sum: Double = 0

  init(highestTrackableValue: UInt64 = 1 << 40, significantDigits: Int = 3) {}

  mutating func record(_ value: UInt64) {
    totalCount += 1
    max = Swift.max(max, value)
    min = Swift.min(min, value)
    sum += Double(value)
  }

  mutating func merge(_ other: LatencyHistogram) {
    totalCount += other.totalCount
    max = Swift.max(max, other.max)
    min = Swift.min(min, other.min)
    sum += other.sum
  }

  var mean: Double { totalCount == 0 ? 0 : sum / Double(totalCount) }

  func value(atPercentile percentile: Double) -> UInt64 { max }
}
