// Temporary until the workload branch lands.
struct KeySequence: Sendable {
  let keys: Int
  let seed: UInt64
  init(distribution: KeyDistributionKind, keys: Int, seed: UInt64) {
    self.keys = keys
    self.seed = seed
  }
  func key(at index: Int) -> Int {
    Int((UInt64(index) &* 0x9E37_79B9_7F4A_7C15 ^ seed) % UInt64(keys))
  }
}
