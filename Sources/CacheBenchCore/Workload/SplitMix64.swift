/// The SplitMix64 pseudo-random generator (Steele, Lea and Flood; Vigna's `splitmix64.c`).
///
/// Chosen because its whole state is one 64-bit counter advanced by a fixed odd increment and
/// every output is a pure function of that counter, so the `n`-th output can be computed
/// directly with ``output(seed:index:)``. Client tasks that claim request indices from a shared
/// counter can therefore draw the randomness of request `i` without sharing a generator, and the
/// draws do not depend on how the tasks are scheduled. It is not cryptographically secure.
struct SplitMix64: RandomNumberGenerator {
  /// The odd increment added to the state per output: 2^64 divided by the golden ratio.
  ///
  /// Being odd, it makes the state visit all 2^64 values before repeating.
  static let increment: UInt64 = 0x9E37_79B9_7F4A_7C15

  private var state: UInt64

  /// Creates a generator whose outputs are exactly those of the reference `splitmix64.c` seeded
  /// with `seed`.
  init(seed: UInt64) {
    state = seed
  }

  /// Returns the next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= Self.increment
    return Self.mix(state)
  }

  /// Returns the next double drawn uniformly from `0..<1` with 53 random bits.
  mutating func nextUnitDouble() -> Double {
    Self.unitDouble(from: next())
  }

  /// Scrambles 64 bits with the SplitMix64 finalizer (a variant of MurmurHash3's `fmix64`).
  ///
  /// A bijection on `UInt64` in which every input bit affects every output bit, so inputs that
  /// differ in a single bit, or consecutive counters, give unrelated outputs. Zero maps to zero.
  static func mix(_ x: UInt64) -> UInt64 {
    var z = x
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Returns the output at position `index` (0-based) of a generator created with `seed`, without
  /// running the generator.
  ///
  /// Equal to the `index + 1`-th call of `next()` on `SplitMix64(seed: seed)`; this is what makes
  /// counter-based draws as well mixed as the sequential generator.
  static func output(seed: UInt64, index: UInt64) -> UInt64 {
    mix(seed &+ (index &+ 1) &* increment)
  }

  /// Maps 64 random bits to a double uniform in `0..<1`.
  ///
  /// Keeps the top 53 bits, as many as a double's significand holds, so every result is a
  /// multiple of 2^-53, all such multiples are equally likely, and 1 is never returned.
  static func unitDouble(from bits: UInt64) -> Double {
    Double(bits >> 11) * 0x1p-53
  }
}
