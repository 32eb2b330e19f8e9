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
/// no copy per request (for `Data`, a retain of its storage). `cachebench check` alone has a value made
/// per fetch, to tell which fetch an answer came from (`FetchIdentifyingFetcher`).
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
  /// storage, or equal contents. Called when the storage identities differ or are 0.
  func isIdentical(to expected: Self) -> Bool

  /// A word naming this value's heap storage (its buffer's address), or 0 when it has none that stays
  /// put. The harness keeps the identity of each key's value, and an answer with the same nonzero
  /// identity is that value, checked with no retain; the default, 0, sends every answer to
  /// `isIdentical(to:)`. Two live values never share storage, and the harness keeps every key's value
  /// alive for the whole window, so an equal identity cannot belong to another key's value.
  var storageIdentity: UInt { get }
}

extension CacheBenchValue {
  /// None: every answer is checked with `isIdentical(to:)`.
  @inlinable
  public var storageIdentity: UInt { 0 }
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

  /// The address of its bytes when they are on the heap: at least 64 bytes, beyond what `Data` keeps
  /// inline (14 on a 64-bit platform), whose bytes `withUnsafeBytes` copies to the stack.
  @inlinable
  public var storageIdentity: UInt {
    guard count >= 64 else { return 0 }
    return withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
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

  /// The address of its buffer; 0 when empty (the shared empty buffer belongs to no key).
  @inlinable
  public var storageIdentity: UInt {
    guard !isEmpty else { return 0 }
    return withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
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

  /// Its bytes' address; the key is checked by `isIdentical(to:)` when the bytes are shared.
  @inlinable
  public var storageIdentity: UInt { 0 }
}
