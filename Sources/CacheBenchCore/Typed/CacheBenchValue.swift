#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A value type a typed design's cache answers with (`CacheDesign.init(name:summary:traits:key:value:
/// makeCache:lookup:)`): `Data`, `[UInt8]`, `Payload`, or a type of the user's.
///
/// The harness makes one value per key per window, from the payload the key's first fetch returned, and
/// every later fetch of the key returns that same value: a fetch yields a value of the design's type with
/// no copy per request (for `Data`, a retain of its storage).
///
/// The wrong-key check: the harness compares every answer with the value it made for the key asked for,
/// through `isIdentical(to:)`. An answer that is not it counts as an answer for another key
/// (`wrong_key_answers`), an error of the design. So that the check costs the hit path a pointer
/// comparison rather than a comparison of the bytes, the conformances here compare storage first and
/// contents only when the storage differs (a value the cache rebuilt, or `Data` small enough to be stored
/// inline, at most 14 bytes).
public protocol CacheBenchValue: Sendable {
  /// The value a fetch of `payload` yields. Called once per key per window, on the fetch path.
  init(payload: Payload)

  /// Whether this answer is `expected`, the value the harness made for the key asked for: the same
  /// storage, or equal contents. Called on every request, so it should be a few nanoseconds.
  func isIdentical(to expected: Self) -> Bool
}

extension CacheBenchValue where Self: Equatable {
  /// Equal contents: the check for a value type of the user's that is `Equatable`; a type whose `==`
  /// compares a large buffer byte by byte should implement it with a storage comparison first, as
  /// `Data`'s does, or that comparison counts in its hit path.
  @inlinable
  public func isIdentical(to expected: Self) -> Bool { self == expected }
}

extension Data: CacheBenchValue {
  /// A copy of the payload's bytes, made once per key per window.
  @inlinable
  public init(payload: Payload) { self.init(payload.bytes) }

  /// The same storage (the cache kept what the fetcher returned), else equal bytes.
  @inlinable
  public func isIdentical(to expected: Data) -> Bool {
    let count = self.count
    guard count == expected.count else { return false }
    let same = withUnsafeBytes { mine in
      expected.withUnsafeBytes { theirs in mine.baseAddress == theirs.baseAddress }
    }
    return same || self == expected
  }
}

extension Array: CacheBenchValue where Element == UInt8 {
  /// The payload's bytes themselves: the array shares the payload's storage.
  @inlinable
  public init(payload: Payload) { self = payload.bytes }

  /// The same storage, else equal bytes.
  @inlinable
  public func isIdentical(to expected: [UInt8]) -> Bool {
    let same = withUnsafeBufferPointer { mine in
      expected.withUnsafeBufferPointer { theirs in
        mine.baseAddress == theirs.baseAddress && mine.count == theirs.count
      }
    }
    return same || self == expected
  }
}

extension Payload: CacheBenchValue {
  /// The payload itself.
  @inlinable
  public init(payload: Payload) { self = payload }

  /// The same key and the same bytes (storage first).
  @inlinable
  public func isIdentical(to expected: Payload) -> Bool {
    key == expected.key && bytes.isIdentical(to: expected.bytes)
  }
}
