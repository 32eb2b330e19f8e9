/// The random choices of every fetch — its latency and whether it fails — as a pure function of the run's
/// seed, the key and the key's fetch ordinal.
///
/// Like `KeySequence`, the draws are counter-based SplitMix64 outputs, so no generator is shared between
/// fetches and the n-th fetch of key k takes the same latency and fails the same way in every run and every
/// variant with the seed, whichever task happens to issue it. (Which request leads the n-th fetch of a key
/// still depends on scheduling; the multiset of latencies per key does not.)
struct FetchDraws: Sendable {
  /// The shape of fetch latencies.
  let latency: LatencyDistribution
  /// Probability in `0...1` that a fetch throws after its latency.
  let failRate: Double
  private let stream: UInt64

  /// Separates fetch draws from the key stream of the same seed (ASCII "fetchDrw").
  private static let streamTag: UInt64 = 0x6665_7463_6844_7277

  init(latency: LatencyDistribution, failRate: Double = 0, seed: UInt64) {
    self.latency = latency
    self.failRate = failRate
    stream = SplitMix64.mix(seed ^ Self.streamTag)
  }

  /// What the fetch with ordinal `ordinal` (0-based, per key) of `key` does.
  func draw(key: Int, ordinal: Int) -> FetchDraw {
    // Each key walks its own point of the generator's cycle; three outputs per fetch.
    let keyStream = stream &+ SplitMix64.mix(UInt64(truncatingIfNeeded: key) &+ 1)
    let base = UInt64(truncatingIfNeeded: ordinal) &* 3
    func unit(_ offset: UInt64) -> Double {
      SplitMix64.unitDouble(from: SplitMix64.output(seed: keyStream, index: base &+ offset))
    }
    let nanoseconds = latency.nanoseconds(first: unit(0), second: unit(1))
    return FetchDraw(nanoseconds: nanoseconds, fails: failRate > 0 && unit(2) < failRate)
  }
}

/// One fetch's drawn latency and fate.
struct FetchDraw: Sendable, Equatable {
  var nanoseconds: UInt64
  var fails: Bool
}
