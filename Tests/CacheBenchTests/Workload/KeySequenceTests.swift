import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct KeySequenceTests {
  static let distributions: [KeyDistributionKind] = [
    .uniform, .zipf(theta: 0.99), .zipf(theta: 1.2),
  ]

  private func keys(_ sequence: KeySequence, count: Int) -> [Int] {
    (0..<count).map { sequence.key(at: $0) }
  }

  @Test(arguments: distributions)
  func sameSeedGivesTheSameKeys(distribution: KeyDistributionKind) {
    let first = KeySequence(distribution: distribution, keys: 10_000, seed: 42)
    let second = KeySequence(distribution: distribution, keys: 10_000, seed: 42)
    #expect(keys(first, count: 10_000) == keys(second, count: 10_000))
  }

  @Test(arguments: distributions)
  func keysDoNotDependOnTheOrderIndicesAreClaimed(distribution: KeyDistributionKind) {
    let sequence = KeySequence(distribution: distribution, keys: 10_000, seed: 42)
    let forward = keys(sequence, count: 10_000)
    let backward = (0..<10_000).reversed().map { sequence.key(at: $0) }
    #expect(Array(backward.reversed()) == forward)
  }

  @Test func keysMatchAnIndependentImplementation() {
    // Computed with a separate Python implementation (exact rational arithmetic for zipf), so a
    // change of the stream derivation or the samplers, which would silently change every
    // committed baseline, fails here.
    let uniform = KeySequence(distribution: .uniform, keys: 1_000, seed: 1)
    #expect(keys(uniform, count: 10) == [320, 263, 819, 432, 645, 189, 748, 732, 594, 80])
    let uniformSeed2 = KeySequence(distribution: .uniform, keys: 1_000, seed: 2)
    #expect(keys(uniformSeed2, count: 10) == [33, 811, 341, 622, 721, 915, 494, 213, 89, 569])
    let zipf = KeySequence(distribution: .zipf(theta: 0.99), keys: 1_000, seed: 1)
    #expect(keys(zipf, count: 12) == [6, 3, 269, 14, 74, 1, 160, 141, 50, 0, 22, 654])
  }

  static let seedPairs: [(UInt64, UInt64)] = [
    (1, 2), (0, 1), (1, 1 << 63), (7, 7 ^ SplitMix64.increment),
  ]

  @Test(arguments: seedPairs)
  func differentSeedsGiveUnrelatedSequences(seeds: (UInt64, UInt64)) {
    let count = 10_000
    let first = keys(KeySequence(distribution: .uniform, keys: 10_000, seed: seeds.0), count: count)
    let second = keys(
      KeySequence(distribution: .uniform, keys: 10_000, seed: seeds.1), count: count)
    // Unrelated sequences agree at an index with probability 1 / 10_000, about once in 10_000
    // draws; also compare shifted by a few indices, which a seed that merely offset the
    // generator's counter would match exactly.
    for shift in 0...8 {
      let agreements = (0..<(count - shift)).filter { first[$0 + shift] == second[$0] }.count
      #expect(agreements <= 10, "shift \(shift): \(agreements) agreements")
      let reverseAgreements = (0..<(count - shift)).filter { first[$0] == second[$0 + shift] }.count
      #expect(reverseAgreements <= 10, "shift -\(shift): \(reverseAgreements) agreements")
    }
  }

  @Test func differentSeedsGiveDifferentZipfSequences() {
    let count = 10_000
    let first = keys(
      KeySequence(distribution: .zipf(theta: 0.99), keys: 10_000, seed: 1), count: count)
    let second = keys(
      KeySequence(distribution: .zipf(theta: 0.99), keys: 10_000, seed: 2), count: count)
    // Two independent zipf(0.99) draws over 10_000 keys agree with probability about 0.017.
    let agreements = zip(first, second).filter { $0 == $1 }.count
    #expect(agreements < count / 20)
  }

  @Test(arguments: distributions, [1, 2, 3, 7, 1_000, 1 << 20])
  func everyKeyIsInRange(distribution: KeyDistributionKind, keyCount: Int) {
    let sequence = KeySequence(distribution: distribution, keys: keyCount, seed: 9)
    for index in 0..<20_000 {
      let key = sequence.key(at: index)
      #expect(0 <= key && key < keyCount, "index \(index) drew \(key)")
    }
    #expect(sequence.key(at: Int.max) < keyCount)
  }

  @Test func uniformKeysFillTenBucketsEvenly() {
    let sequence = KeySequence(distribution: .uniform, keys: 1_000, seed: 5)
    let draws = 200_000
    var buckets = [Int](repeating: 0, count: 10)
    for index in 0..<draws {
      buckets[sequence.key(at: index) / 100] += 1
    }
    // Each bucket expects 20_000 draws with a standard deviation of 134; the bound of 3%
    // (600 draws) is 4.5 of them, and a sampler that skipped or doubled a tenth of the keys
    // would miss it by a factor of three.
    for (bucket, count) in buckets.enumerated() {
      #expect(abs(count - 20_000) <= 600, "bucket \(bucket) drew \(count)")
    }
  }

  @Test func uniformKeysPassAChiSquareTest() {
    let sequence = KeySequence(distribution: .uniform, keys: 100, seed: 6)
    let draws = 200_000
    var counts = [Int](repeating: 0, count: 100)
    for index in 0..<draws {
      counts[sequence.key(at: index)] += 1
    }
    #expect(chiSquare(counts, expected: [Double](repeating: 0.01, count: 100)) < chiSquareBound99)
  }

  @Test func consecutiveIndicesDrawIndependentKeys() {
    // Pairs (key(2i), key(2i + 1)) over 10 keys must fill all 100 cells evenly; a weak mix of
    // the index, such as one that made key i + 1 follow from key i, would crowd a few cells.
    let sequence = KeySequence(distribution: .uniform, keys: 10, seed: 8)
    var cells = [Int](repeating: 0, count: 100)
    for pair in 0..<200_000 {
      cells[sequence.key(at: 2 * pair) * 10 + sequence.key(at: 2 * pair + 1)] += 1
    }
    #expect(chiSquare(cells, expected: [Double](repeating: 0.01, count: 100)) < chiSquareBound99)
  }

  @Test func firstKeysOfConsecutiveSeedsAreIndependent() {
    var counts = [Int](repeating: 0, count: 100)
    for seed in 0..<200_000 as Range<UInt64> {
      counts[KeySequence(distribution: .uniform, keys: 100, seed: seed).key(at: 0)] += 1
    }
    #expect(chiSquare(counts, expected: [Double](repeating: 0.01, count: 100)) < chiSquareBound99)
  }

  @Test(arguments: [0.99, 1.2])
  func zipfTopKeysAreDrawnWithTheirShares(theta: Double) {
    let sequence = KeySequence(distribution: .zipf(theta: theta), keys: 10_000, seed: 11)
    let zipf = ZipfianKeys(keys: 10_000, theta: theta)
    let draws = 500_000
    var counts = [Int](repeating: 0, count: 5)
    for index in 0..<draws {
      let key = sequence.key(at: index)
      if key < 5 { counts[key] += 1 }
    }
    // The shares of keys 0...4 are 0.098...0.020 (theta 0.99) and 0.208...0.030 (theta 1.2);
    // 2% of the share plus 0.0005 is at least 4.5 standard deviations of the observed frequency,
    // while a uniform sampler would draw each of these keys with frequency 0.0001.
    for rank in 0..<5 {
      let share = zipf.share(ofRank: rank)
      let frequency = Double(counts[rank]) / Double(draws)
      #expect(
        abs(frequency - share) <= 0.02 * share + 0.0005, "rank \(rank): \(frequency) vs \(share)")
    }
  }

  @Test(arguments: [0.99, 1.2])
  func zipfRankBandsPassAChiSquareTest(theta: Double) {
    // Bands of ranks down to the coldest keys, so the tail is checked as well as the head.
    let bands = [0..<1, 1..<2, 2..<3, 3..<5, 5..<10, 10..<100, 100..<1_000, 1_000..<10_000]
    let sequence = KeySequence(distribution: .zipf(theta: theta), keys: 10_000, seed: 12)
    let zipf = ZipfianKeys(keys: 10_000, theta: theta)
    var counts = [Int](repeating: 0, count: bands.count)
    for index in 0..<500_000 {
      let key = sequence.key(at: index)
      counts[bands.firstIndex { $0.contains(key) }!] += 1
    }
    let expected = bands.map { band in band.reduce(0) { $0 + zipf.share(ofRank: $1) } }
    // 7 degrees of freedom: the chi-square statistic exceeds 29.9 with probability 0.0001.
    #expect(chiSquare(counts, expected: expected) < 29.9)
  }

  /// Above this a chi-square statistic with 99 degrees of freedom has probability about 0.0001.
  private let chiSquareBound99 = 160.0

  private func chiSquare(_ counts: [Int], expected shares: [Double]) -> Double {
    let total = Double(counts.reduce(0, +))
    return zip(counts, shares).reduce(0) { sum, pair in
      let expected = pair.1 * total
      return sum + (Double(pair.0) - expected) * (Double(pair.0) - expected) / expected
    }
  }
}

/// The hotspot distribution: the hot set gets its share of requests, spread evenly.
struct HotspotKeysTests {
  @Test(arguments: [(0.2, 0.8), (0.1, 0.9), (0.5, 0.5), (0.01, 0.99)])
  func theHotSetReceivesItsShareOfRequests(hotShare: Double, requestShare: Double) {
    let sequence = KeySequence(
      distribution: .hotspot(hotShare: hotShare, requestShare: requestShare), keys: 1_000,
      seed: 3)
    let hotKeys = Int((1_000 * hotShare).rounded())
    let count = 100_000
    let keys = (0..<count).map { sequence.key(at: $0) }
    let hot = keys.filter { $0 < hotKeys }.count
    #expect(abs(Double(hot) / Double(count) - requestShare) < 0.01, "\(hot) hot of \(count)")
    #expect(keys.allSatisfy { 0 <= $0 && $0 < 1_000 })
    // Every hot key is drawn about equally: none gets twice its even share or less than half.
    var perKey = [Int](repeating: 0, count: hotKeys)
    for key in keys where key < hotKeys { perKey[key] += 1 }
    let even = Double(hot) / Double(hotKeys)
    #expect(perKey.allSatisfy { Double($0) > even / 2 && Double($0) < even * 2 })
  }

  @Test(arguments: [1, 2, 3, 7])
  func fewKeysStillGiveAtLeastOneHotKeyAndStayInRange(keys: Int) {
    let hotspot = HotspotKeys(keys: keys, hotShare: 0.2, requestShare: 0.8)
    #expect(hotspot.hotKeys >= 1)
    for unit in [0, 0.5, 0.79999, 0.8, 0.9, 1 - 0x1p-53] {
      let key = hotspot.key(forUnit: unit)
      #expect(0 <= key && key < keys, "\(unit) gave \(key)")
    }
  }
}
