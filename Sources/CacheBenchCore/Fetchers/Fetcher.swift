/// The remote side of a cache: something that produces the payload for a key after some latency.
///
/// The harness's fetchers count every call they receive (`fetches`, `duplicate_fetches`); a design
/// fetches only through the one its `CacheEnvironment` hands it.
public protocol Fetcher: Sendable {
  /// Fetches the payload for `key`. Throws `CancellationError` when the calling task is cancelled
  /// (unless the fetcher is configured to ignore cancellation) or a fetch error when one is injected.
  func fetch(_ key: Int) async throws -> Payload
}

/// The bytes a fetcher returns for one key, as a server response would arrive, and the key they are for.
///
/// The harness checks the key of every value a cache answers against the key it asked for: an answer for
/// another key counts as an error of the design (`wrong_key_answers`), not as a served request.
public struct Payload: Sendable, Equatable {
  /// The key this payload was fetched for.
  public var key: Int
  public var bytes: [UInt8]

  /// A payload of `count` bytes whose content depends on `key`, so decoding different keys does different work.
  public init(key: Int, count: Int) {
    self.key = key
    // An empty payload (a write's response) skips the uninitialized-capacity initializer: for 0 it
    // stores the count into the shared empty-array singleton, a write the thread sanitizer reports as
    // a race between any two threads that do it.
    guard count > 0 else {
      bytes = []
      return
    }
    var state = UInt64(truncatingIfNeeded: key) &* 0x9E37_79B9_7F4A_7C15 | 1
    bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      for index in 0..<count {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        buffer[index] = UInt8(truncatingIfNeeded: state)
      }
      initialized = count
    }
  }

  /// The payload of `key` made of `bytes`, e.g. one shared buffer served for every key.
  public init(key: Int, bytes: [UInt8]) {
    self.key = key
    self.bytes = bytes
  }
}
