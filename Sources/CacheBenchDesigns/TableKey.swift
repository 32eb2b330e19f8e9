/// An integer key of a design's table, hashed by a cheap seeded mixer instead of SipHash.
///
/// A `Dictionary<Int, _>` hashes every lookup with SipHash-1-3 (`Hasher`), which on the 2-core test
/// machine cost about 20 ns a lookup: a quarter of an actor hop, and the largest part of the coalescing
/// hit path after the hop and its timing. The keys here come from the harness's own key sequence, never
/// from an adversary, so hash flooding is not a concern and a bijective 64-bit mixer (SplitMix64's
/// finaliser, the one `ShardedCache` picks shards with) over the key and the dictionary's per-instance
/// seed is enough. `_rawHashValue(seed:)` is the hook `Dictionary` calls for a key's hash; `hash(into:)`
/// keeps `Hasher` users (and `hashValue`) consistent with it.
///
/// A user's cache that keys a `Dictionary` by `Int` pays SipHash; docs/metrics.md says how much.
struct TableKey: Hashable, Sendable {
  /// The key the harness asked for.
  let key: Int

  @inline(__always)
  init(_ key: Int) {
    self.key = key
  }

  @inline(__always)
  static func == (lhs: TableKey, rhs: TableKey) -> Bool { lhs.key == rhs.key }

  func hash(into hasher: inout Hasher) {
    hasher.combine(Self.mixed(key, seed: 0))
  }

  @inline(__always)
  func _rawHashValue(seed: Int) -> Int {
    Self.mixed(key, seed: seed)
  }

  /// SplitMix64's finaliser over `key` offset by `seed`: every bit of the result depends on every bit
  /// of both.
  @inline(__always)
  static func mixed(_ key: Int, seed: Int) -> Int {
    let offset = (UInt64(bitPattern: Int64(seed)) &+ 1) &* 0x9E37_79B9_7F4A_7C15
    var mixed = UInt64(bitPattern: Int64(key)) &+ offset
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int(bitPattern: UInt(mixed ^ (mixed >> 31)))
  }
}
