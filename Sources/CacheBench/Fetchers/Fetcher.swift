/// The remote side of a cache: something that produces the payload for a key after some latency.
protocol Fetcher: Sendable {
  /// Fetches the payload for `key`. Throws `CancellationError` when the calling task is cancelled
  /// (unless the fetcher is configured to ignore cancellation) or a fetch error when one is injected.
  func fetch(_ key: Int) async throws -> Payload
}

/// The bytes a fetcher returns for one key, as a server response would arrive.
struct Payload: Sendable, Equatable {
  var bytes: [UInt8]

  /// A payload of `count` bytes whose content depends on `key`, so decoding different keys does different work.
  init(key: Int, count: Int) {
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

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }
}
