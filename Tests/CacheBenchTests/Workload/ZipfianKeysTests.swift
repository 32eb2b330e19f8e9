import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct ZipfianKeysTests {
  @Test(arguments: [0.5, 0.99, 1.2, 2.0], [1, 2, 10_000])
  func sharesSumToOneAndFallWithRank(theta: Double, keys: Int) {
    let zipf = ZipfianKeys(keys: keys, theta: theta)
    let shares = (0..<keys).map { zipf.share(ofRank: $0) }
    #expect(abs(shares.reduce(0, +) - 1) < 1e-12)
    #expect(zip(shares, shares.dropFirst()).allSatisfy { $0 > $1 })
    if keys >= 2 {
      let ratio = shares[0] / shares[1]
      #expect(abs(ratio - pow(2, theta)) < 1e-12 * ratio)
    }
  }

  @Test func topSharesMatchTheHarmonicNumber() {
    // For keys = 4 and theta = 1 the normalisation is 1 + 1/2 + 1/3 + 1/4 = 25/12.
    let zipf = ZipfianKeys(keys: 4, theta: 1)
    #expect(abs(zipf.normalization - 25.0 / 12.0) < 1e-15)
    #expect(abs(zipf.share(ofRank: 0) - 12.0 / 25.0) < 1e-15)
    #expect(abs(zipf.share(ofRank: 3) - 3.0 / 25.0) < 1e-15)
  }

  @Test(arguments: [0.99, 1.2], [1, 3, 10_000])
  func cumulativeSharesRiseByEachShareToExactlyOne(theta: Double, keys: Int) {
    let zipf = ZipfianKeys(keys: keys, theta: theta)
    let cumulative = zipf.cumulativeShares
    #expect(cumulative.count == keys)
    #expect(cumulative.last == 1.0)
    #expect(abs(cumulative[0] - zipf.share(ofRank: 0)) < 1e-14)
    for rank in 1..<keys {
      #expect(cumulative[rank] >= cumulative[rank - 1])
      #expect(abs(cumulative[rank] - cumulative[rank - 1] - zipf.share(ofRank: rank)) < 1e-14)
    }
  }

  @Test(arguments: [0.99, 1.2], [1, 2, 3, 1_000, 1_024])
  func keyForUnitIsTheFirstRankWhoseCumulativeShareExceedsTheUnit(theta: Double, keys: Int) {
    let zipf = ZipfianKeys(keys: keys, theta: theta)
    let cumulative = zipf.cumulativeShares
    // The edges of every rank's interval and of every guide bucket are where an off-by-one would
    // show, so probe each of them and the double just below it, plus random units in between.
    var units: [Double] = [0, 1.0.nextDown]
    for edge in cumulative.dropLast() {
      units += [edge, edge.nextDown, edge.nextUp]
    }
    for bucket in 1..<zipf.guideBuckets {
      let start = Double(bucket) / Double(zipf.guideBuckets)
      units += [start, start.nextDown]
    }
    var generator = SplitMix64(seed: 3)
    units += (0..<2_000).map { _ in generator.nextUnitDouble() }

    for unit in units {
      let expected = cumulative.firstIndex { $0 > unit }
      #expect(zipf.key(forUnit: unit) == expected, "unit \(unit)")
    }
  }

  @Test func extremeUnitsDrawTheFirstAndLastKeys() {
    let zipf = ZipfianKeys(keys: 10_000, theta: 2)
    #expect(zipf.key(forUnit: 0) == 0)
    #expect(zipf.key(forUnit: 1.0.nextDown) == 9_999)
  }

  @Test func guideBucketsAreTheLargestPowerOfTwoNotAboveTheKeyCount() {
    #expect(ZipfianKeys(keys: 1, theta: 1).guideBuckets == 1)
    #expect(ZipfianKeys(keys: 1_024, theta: 1).guideBuckets == 1_024)
    #expect(ZipfianKeys(keys: 10_000, theta: 1).guideBuckets == 8_192)
  }
}
