import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct SplitMix64Tests {
  @Test func generatorReproducesTheReferenceOutputsForSeed1234567() {
    // Published outputs of Vigna's splitmix64.c (Rosetta Code, "Pseudo-random numbers/Splitmix64").
    var generator = SplitMix64(seed: 1_234_567)
    let outputs = (0..<5).map { _ in generator.next() }
    #expect(
      outputs == [
        6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
        4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
      ])
  }

  @Test func generatorSeededWithZeroStartsWithTheReferenceOutput() {
    var generator = SplitMix64(seed: 0)
    #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
  }

  @Test(arguments: [0, 1, 1_234_567, UInt64.max])
  func outputAtAnIndexEqualsTheSequentialOutputAtThatPosition(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    for index in 0..<1_000 as Range<UInt64> {
      #expect(SplitMix64.output(seed: seed, index: index) == generator.next())
    }
  }

  @Test func mixMapsZeroToZeroAndScattersNeighbours() {
    #expect(SplitMix64.mix(0) == 0)
    // Neighbouring inputs must differ in about half of their 64 output bits.
    for input in 1..<100 as Range<UInt64> {
      let changedBits = (SplitMix64.mix(input) ^ SplitMix64.mix(input + 1)).nonzeroBitCount
      #expect((12...52).contains(changedBits), "input \(input): \(changedBits) bits changed")
    }
  }

  @Test func unitDoubleSpansZeroToTheLargestDoubleBelowOne() {
    #expect(SplitMix64.unitDouble(from: 0) == 0)
    #expect(SplitMix64.unitDouble(from: 1 << 63) == 0.5)
    #expect(SplitMix64.unitDouble(from: .max) == 1.0.nextDown)
    // Only the top 53 bits count: the low 11 cannot be represented.
    #expect(SplitMix64.unitDouble(from: 0x7FF) == 0)
    #expect(SplitMix64.unitDouble(from: 0x800) == 0x1p-53)
  }

  @Test func nextUnitDoubleStaysBelowOneAndAveragesOneHalf() {
    var generator = SplitMix64(seed: 7)
    var sum = 0.0
    let draws = 100_000
    for _ in 0..<draws {
      let unit = generator.nextUnitDouble()
      #expect(0 <= unit && unit < 1)
      sum += unit
    }
    // The standard deviation of the mean is 0.29 / sqrt(100_000) = 0.0009; 0.005 is over 5 of them.
    #expect(abs(sum / Double(draws) - 0.5) < 0.005)
  }
}
