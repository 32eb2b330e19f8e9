/// Draws keys `0..<keys` with equal probability.
///
/// The key is the high half of the 128-bit product of 64 random bits and `keys` (Lemire's
/// multiply-shift) rather than a remainder or a rejection loop: one multiplication, no division,
/// and exactly one random draw per key, which the counter-based ``KeySequence`` relies on. The
/// price is a bias below `keys / 2^64` per key (under 10^-12 for ten million keys), far below
/// anything a benchmark can observe.
struct UniformKeys: Sendable, Equatable {
  /// Number of distinct keys.
  let keys: Int

  /// Creates a uniform distribution over `0..<keys`; `keys` must be at least 1.
  init(keys: Int) {
    precondition(keys >= 1, "UniformKeys needs at least one key, got \(keys)")
    self.keys = keys
  }

  /// Returns the key that 64 uniformly random bits select.
  func key(forBits bits: UInt64) -> Int {
    Int(truncatingIfNeeded: bits.multipliedFullWidth(by: UInt64(keys)).high)
  }

  /// Returns the probability of each key, `1 / keys`.
  var share: Double { 1 / Double(keys) }
}
