import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct UniformKeysTests {
  @Test func keyForBitsSplitsTheBitRangeIntoEqualParts() {
    let uniform = UniformKeys(keys: 4)
    #expect(uniform.key(forBits: 0) == 0)
    #expect(uniform.key(forBits: 1 << 62 - 1) == 0)
    #expect(uniform.key(forBits: 1 << 62) == 1)
    #expect(uniform.key(forBits: 1 << 63) == 2)
    #expect(uniform.key(forBits: .max) == 3)
  }

  @Test(arguments: [0, 1 << 40, UInt64.max])
  func singleKeyIsAlwaysDrawn(bits: UInt64) {
    #expect(UniformKeys(keys: 1).key(forBits: bits) == 0)
  }

  @Test func largestBitsDrawTheLastKey() {
    let uniform = UniformKeys(keys: 10_000_000)
    #expect(uniform.key(forBits: .max) == 9_999_999)
    #expect(uniform.share == 1e-7)
  }
}
