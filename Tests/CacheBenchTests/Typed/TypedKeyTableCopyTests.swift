import Foundation
import Synchronization
import Testing

@testable import CacheBenchCore

/// A cache that keeps its own copy of each value (equal contents, storage of its own) has its answers
/// checked by contents once per copy; later answers of that copy cost a word comparison, and the check
/// still refuses a copy of another key's value. Serialized: the comparisons are counted in one place.
@Suite(.serialized)
struct TypedKeyTableCopyTests {
  /// Counts the contents comparisons the harness makes.
  final class Comparisons: Sendable {
    let count = Atomic<Int>(0)
  }

  /// A value whose contents sit in a buffer of its own, with its buffer's address as its identity,
  /// counting every contents comparison.
  struct Blob: CacheBenchValue {
    final class Buffer: Sendable {
      let bytes: [UInt8]
      init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    static let comparisons = Comparisons()
    let buffer: Buffer

    init(payload: Payload) { buffer = Buffer(payload.bytes) }
    init(copying other: Blob) { buffer = Buffer(Array(other.buffer.bytes)) }

    func isIdentical(to expected: Blob) -> Bool {
      Self.comparisons.count.add(1, ordering: .relaxed)
      return buffer.bytes == expected.buffer.bytes
    }

    var storageIdentity: UInt { UInt(bitPattern: ObjectIdentifier(buffer)) }
  }

  private func table() throws -> TypedKeyTable<Int, Blob> {
    let table = try TypedKeyTable<Int, Blob>(
      count: 4, key: { $0 }, value: { Blob(payload: $0) }, keepsPayloads: false)
    for index in 0..<4 {
      _ = table.value(at: index, fetched: Payload(key: index, count: 256))
    }
    return table
  }

  @Test func aVerifiedCopyIsComparedByContentsOnce() throws {
    let table = try table()
    let copy = Blob(copying: try #require(table.entry(at: 2)).value)
    let before = Blob.comparisons.count.load(ordering: .relaxed)
    for _ in 0..<100 {
      #expect(table.answer(copy, at: 2, servesBytes: false).payload.key == 2)
    }
    #expect(Blob.comparisons.count.load(ordering: .relaxed) - before == 1)
    // With the bytes served (`--decode outside`), the same: the copy is known, the bytes the entry's.
    let served = table.answer(copy, at: 2, servesBytes: true).payload
    #expect(served.key == 2)
    #expect(Blob.comparisons.count.load(ordering: .relaxed) - before == 1)
  }

  @Test func aVerifiedCopyOfOneKeyIsStillAWrongAnswerForAnother() throws {
    let table = try table()
    let copy = Blob(copying: try #require(table.entry(at: 1)).value)
    #expect(table.answer(copy, at: 1, servesBytes: false).payload.key == 1)
    #expect(table.answer(copy, at: 3, servesBytes: false).payload.key == -1)
    // A second copy of key 1 replaces the first: both are its answers.
    let second = Blob(copying: copy)
    #expect(table.answer(second, at: 1, servesBytes: false).payload.key == 1)
    #expect(table.answer(copy, at: 1, servesBytes: false).payload.key == 1)
  }
}
