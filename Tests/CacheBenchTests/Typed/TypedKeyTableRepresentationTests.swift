import Foundation
import Synchronization
import Testing

@testable import CacheBenchCore

/// An answer that is the very value the harness made for its key (the cache kept what the fetcher
/// returned) is recognised by its representation, with no call into the value: a value type with no
/// `storageIdentity` is not compared by contents on every hit, and `Data` pays no `withUnsafeBytes`.
/// Anything else still goes through the full check. Serialized: the comparisons are counted in one place.
@Suite(.serialized)
struct TypedKeyTableRepresentationTests {
  /// Counts the contents comparisons the harness makes.
  final class Comparisons: Sendable {
    let count = Atomic<Int>(0)
  }

  /// A model as an app decodes one: a struct of its own with no `storageIdentity`, equal by contents,
  /// counting every comparison.
  struct Record: CacheBenchValue, Equatable {
    static let comparisons = Comparisons()
    let name: String
    let bytes: [UInt8]

    init(payload: Payload) {
      name = "record \(payload.key)"
      bytes = payload.bytes
    }

    /// Equal contents in storage of its own (`Array(_:)` of an array would share its buffer).
    init(copying other: Record) {
      name = other.name
      bytes = other.bytes.map { $0 }
    }

    static func == (left: Record, right: Record) -> Bool {
      comparisons.count.add(1, ordering: .relaxed)
      return left.name == right.name && left.bytes == right.bytes
    }
  }

  private func table<Value: CacheBenchValue>(
    of _: Value.Type, payloadBytes: Int = 256
  ) throws -> TypedKeyTable<Int, Value> {
    let table = try TypedKeyTable<Int, Value>(
      count: 4, key: { $0 }, value: { Value(payload: $0) }, keepsPayloads: false)
    for index in 0..<4 {
      _ = table.value(at: index, fetched: Payload(key: index, count: payloadBytes))
    }
    return table
  }

  @Test func theValueMadeForTheKeyIsNeverComparedByContents() throws {
    let table = try table(of: Record.self)
    let value = try #require(table.entry(at: 2)).value
    let before = Record.comparisons.count.load(ordering: .relaxed)
    for _ in 0..<100 {
      #expect(table.answer(value, at: 2, servesBytes: false).payload.key == 2)
    }
    #expect(Record.comparisons.count.load(ordering: .relaxed) - before == 0)
  }

  @Test func anotherKeysValueIsStillAWrongAnswer() throws {
    let records = try table(of: Record.self)
    let recordOfOne = try #require(records.entry(at: 1)).value
    #expect(records.answer(recordOfOne, at: 3, servesBytes: false).payload.key == -1)
    let data = try table(of: Data.self)
    let dataOfOne = try #require(data.entry(at: 1)).value
    #expect(data.answer(dataOfOne, at: 3, servesBytes: false).payload.key == -1)
    #expect(data.answer(dataOfOne, at: 1, servesBytes: false).payload.key == 1)
  }

  @Test func anEqualValueInOtherStorageIsCheckedByContents() throws {
    let records = try table(of: Record.self)
    let copy = Record(copying: try #require(records.entry(at: 2)).value)
    let before = Record.comparisons.count.load(ordering: .relaxed)
    #expect(records.answer(copy, at: 2, servesBytes: false).payload.key == 2)
    #expect(Record.comparisons.count.load(ordering: .relaxed) - before == 1)
    let data = try table(of: Data.self)
    let dataCopy = Data(try #require(data.entry(at: 2)).value.map { $0 })
    #expect(data.answer(dataCopy, at: 2, servesBytes: false).payload.key == 2)
    // Altered in one byte, in storage of its own: no key's.
    var altered = dataCopy
    altered[0] &+= 1
    #expect(data.answer(altered, at: 2, servesBytes: false).payload.key == -1)
  }

  @Test func dataSmallEnoughToBeInlineIsItsKeysWhenItsBytesAre() throws {
    let data = try table(of: Data.self, payloadBytes: 8)
    let value = try #require(data.entry(at: 1)).value
    #expect(data.answer(value, at: 1, servesBytes: false).payload.key == 1)
    #expect(data.answer(Data(Array(value)), at: 1, servesBytes: false).payload.key == 1)
    #expect(data.answer(value, at: 2, servesBytes: false).payload.key == -1)
  }
}
