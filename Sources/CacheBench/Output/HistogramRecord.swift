import CacheBenchCore

/// A latency histogram as the JSON result holds it: enough to rebuild every percentile.
///
/// `buckets` lists the non-empty counters as `[value, count]` pairs in increasing value order, where
/// `value` is the highest nanosecond value equivalent to the bucket (see
/// `LatencyHistogram.nonEmptyBuckets`). Recording each value `count` times into a histogram with the
/// same `significant_digits` and `highest_trackable_value` rebuilds the counters. A percentile p is
/// the value of the first bucket whose cumulative count reaches ceil(p × total_count), clamped to
/// `max`. `min`, `max` and `mean` are exact and `null` when nothing was recorded;
/// `saturated_count` values exceeded `highest_trackable_value` and sit in the last bucket.
struct HistogramRecord: Codable, Sendable, Equatable {
  /// Always `ns`.
  var unit: String
  var significantDigits: Int
  var highestTrackableValue: UInt64
  var totalCount: Int
  var saturatedCount: Int
  var min: UInt64?
  var max: UInt64?
  var mean: Double?
  var buckets: [LatencyHistogram.Bucket]

  enum CodingKeys: String, CodingKey {
    case unit
    case significantDigits = "significant_digits"
    case highestTrackableValue = "highest_trackable_value"
    case totalCount = "total_count"
    case saturatedCount = "saturated_count"
    case min
    case max
    case mean
    case buckets
  }

  /// Writes every key, `null` for `min`, `max` and `mean` of an empty histogram, rather than the
  /// synthesised omission.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(unit, forKey: .unit)
    try container.encode(significantDigits, forKey: .significantDigits)
    try container.encode(highestTrackableValue, forKey: .highestTrackableValue)
    try container.encode(totalCount, forKey: .totalCount)
    try container.encode(saturatedCount, forKey: .saturatedCount)
    try container.encode(min, forKey: .min)
    try container.encode(max, forKey: .max)
    try container.encode(mean, forKey: .mean)
    try container.encode(buckets, forKey: .buckets)
  }

  /// The record of `histogram`.
  init(_ histogram: LatencyHistogram) {
    unit = "ns"
    significantDigits = histogram.significantDigits
    highestTrackableValue = histogram.highestTrackableValue
    totalCount = histogram.totalCount
    saturatedCount = histogram.saturatedCount
    min = histogram.isEmpty ? nil : histogram.min
    max = histogram.isEmpty ? nil : histogram.max
    mean = histogram.isEmpty ? nil : histogram.mean
    buckets = histogram.nonEmptyBuckets
  }
}

/// A bucket is written as the pair `[value, count]`, compact where a file holds thousands of them.
extension LatencyHistogram.Bucket: Codable {
  /// Reads a `[value, count]` pair; any other length is an error.
  package init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    let value = try container.decode(UInt64.self)
    let count = try container.decode(Int.self)
    self.init(value: value, count: count)
    guard container.isAtEnd else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "a bucket is a [value, count] pair")
    }
  }

  /// Writes the `[value, count]` pair.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(value)
    try container.encode(count)
  }
}
