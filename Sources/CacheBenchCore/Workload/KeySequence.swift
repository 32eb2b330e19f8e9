/// The key of every request of a run, as a pure function of the request's index.
///
/// The driver's client tasks claim request indices 0, 1, 2, … from a shared counter; request `i`
/// uses `key(at: i)`. Because the key depends only on the distribution, the key count, the seed
/// and `i` — never on which task claimed `i` or when — a seed reproduces the same requests in
/// every run and every variant, and clients share no generator state on the hot path (no lock,
/// no allocation, no write).
///
/// Draw `i` is output `i` (0-based) of a SplitMix64 generator whose seed is the run's seed mixed
/// with a fixed tag. Every SplitMix64 seed walks the same 2^64-long cycle from a different point;
/// mixing puts even related seeds (consecutive, or apart by the generator's increment, which
/// unmixed would give the same keys shifted by one request) at unrelated points, so the
/// sequences of two seeds overlap with negligible probability. The tag keeps other components
/// that derive their randomness from the same run seed from drawing the same numbers.
@usableFromInline
package struct KeySequence: Sendable {
  /// How keys are drawn.
  let distribution: KeyDistributionKind
  /// Number of distinct keys, `0..<keys`.
  let keys: Int
  /// The run's seed.
  let seed: UInt64

  /// Seed of the SplitMix64 generator whose outputs are the draws.
  private let stream: UInt64
  private let sampler: Sampler

  /// Separates the key stream from other streams derived from the same run seed (ASCII
  /// "keySeque").
  private static let streamTag: UInt64 = 0x6B65_7953_6571_7565

  /// Turns one draw into a key; an enum rather than a protocol existential so the call is
  /// a direct, inlinable branch with no dynamic dispatch.
  private enum Sampler: Sendable {
    case uniform(UniformKeys)
    case zipf(ZipfianKeys)
    case hotspot(HotspotKeys)
  }

  /// Creates the sequence, precomputing what the distribution needs (for zipf, a table of one
  /// `Double` per key).
  package init(distribution: KeyDistributionKind, keys: Int, seed: UInt64) {
    self.distribution = distribution
    self.keys = keys
    self.seed = seed
    stream = SplitMix64.mix(seed ^ Self.streamTag)
    switch distribution {
    case .uniform:
      sampler = .uniform(UniformKeys(keys: keys))
    case .zipf(let theta):
      sampler = .zipf(ZipfianKeys(keys: keys, theta: theta))
    case .hotspot(let hotShare, let requestShare):
      sampler = .hotspot(HotspotKeys(keys: keys, hotShare: hotShare, requestShare: requestShare))
    }
  }

  /// Returns the key of request `index` (0-based), in `0..<keys`.
  package func key(at index: Int) -> Int {
    precondition(index >= 0, "request index must not be negative, got \(index)")
    let bits = SplitMix64.output(seed: stream, index: UInt64(truncatingIfNeeded: index))
    switch sampler {
    case .uniform(let uniform):
      return uniform.key(forBits: bits)
    case .zipf(let zipf):
      return zipf.key(forUnit: SplitMix64.unitDouble(from: bits))
    case .hotspot(let hotspot):
      return hotspot.key(forUnit: SplitMix64.unitDouble(from: bits))
    }
  }
}
