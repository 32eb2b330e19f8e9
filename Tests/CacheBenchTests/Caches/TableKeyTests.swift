import Testing

@testable import CacheBenchDesigns

/// The designs' table key: a hash that keeps `Dictionary` correct and spreads the keys the harness draws.
struct TableKeyTests {
  @Test(arguments: [0, 1, -1, 42, Int.max, Int.min])
  func equalKeysHashAlikeUnderEverySeedAndBothHashPaths(key: Int) {
    for seed in [0, 1, 0x5EED, -7] {
      #expect(TableKey(key)._rawHashValue(seed: seed) == TableKey(key)._rawHashValue(seed: seed))
    }
    #expect(TableKey(key).hashValue == TableKey(key).hashValue)
    #expect(TableKey(key) == TableKey(key))
    #expect(TableKey(key) != TableKey(key &+ 1))
  }

  @Test func theMixerGivesConsecutiveKeysDistinctHashesThatDependOnTheSeed() {
    let keys = 0..<65_536
    let seedZero = Set(keys.map { TableKey.mixed($0, seed: 0) })
    #expect(seedZero.count == keys.count)
    let seedOne = keys.map { TableKey.mixed($0, seed: 1) }
    #expect(zip(keys.map { TableKey.mixed($0, seed: 0) }, seedOne).filter { $0 == $1 }.isEmpty)
    // The low bits pick a dictionary's bucket: consecutive keys must not crowd a few of them.
    let buckets = Dictionary(grouping: keys) { TableKey.mixed($0, seed: 0) & 1_023 }
    #expect(buckets.count == 1_024)
    #expect(buckets.values.map(\.count).max()! < 2 * keys.count / 1_024)
  }

  @Test func aDictionaryKeyedByItFindsEveryKeyItHoldsAndNoOther() {
    var table: [TableKey: Int] = [:]
    for key in stride(from: 0, to: 200_000, by: 2) { table[TableKey(key)] = key &* 3 }
    #expect(table.count == 100_000)
    for key in 0..<200_000 {
      if key.isMultiple(of: 2) {
        guard table[TableKey(key)] == key &* 3 else {
          Issue.record("key \(key) is missing or holds the wrong value")
          return
        }
      } else if table[TableKey(key)] != nil {
        Issue.record("key \(key) was never stored but was found")
        return
      }
    }
    for key in stride(from: 0, to: 200_000, by: 4) { table[TableKey(key)] = nil }
    #expect(table.count == 50_000)
    #expect(table[TableKey(2)] == 6)
    #expect(table[TableKey(4)] == nil)
  }
}
