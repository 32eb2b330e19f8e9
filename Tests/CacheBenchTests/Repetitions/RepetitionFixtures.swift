@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Measurements with chosen throughput and latency, for the tests of figures over repetitions.
enum RepetitionFixtures {
  static let naiveInside = Variant(design: .naive, decode: .inside, shards: 1)
  static let naiveOutside = Variant(design: .naive, decode: .outside, shards: 1)
  static let coalescingInside = Variant(design: .coalescing, decode: .inside, shards: 1)
  static let coalescingOutside = Variant(design: .coalescing, decode: .outside, shards: 1)
  static let shardedInside = Variant(design: .sharded, decode: .inside, shards: 8)

  /// Repetition `repetition` of `variant`: 10,000 requests at `throughput` per second (a window of
  /// 10¹³ / `throughput` ns, so a divisor of 10¹³ gives it exactly), every one taking `latency` ns.
  /// Keep `latency` below 2048 ns, where the histogram is exact.
  static func measurement(
    _ variant: Variant, repetition: Int, throughput: Double, latency: UInt64
  ) -> VariantResult {
    var result = OutputFixtures.naiveInside
    result.variant = variant
    result.repetition = repetition
    result.windowNanoseconds = UInt64(1e13 / throughput)
    result.latency = OutputFixtures.histogram(latency)
    return result
  }

  /// `variant` measured once per element of `figures` (throughput, latency), in repetition order.
  static func repeated(_ variant: Variant, _ figures: [(Double, UInt64)]) -> [VariantResult] {
    figures.enumerated().map { repetition, figure in
      measurement(variant, repetition: repetition, throughput: figure.0, latency: figure.1)
    }
  }
}
