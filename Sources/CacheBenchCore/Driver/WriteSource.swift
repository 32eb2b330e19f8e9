/// Where a window's writes come from: the value each one stores and the revision it expects, which is
/// the revision the key's last write in the window left, as the design reported it. Shared by the
/// window's clients; read and updated only on writes (`--write-rate`), never on a read.
@usableFromInline
final class WriteSource: Sendable {
  /// The size of each write's value: the run's `--payload-bytes`.
  let payloadBytes: Int
  private let revisions = SanitizerVisibleMutex([Int: UInt64]())

  init(payloadBytes: Int) {
    self.payloadBytes = payloadBytes
  }

  /// Sends a write of `key` through `cache` with a new value and the key's last known revision, and
  /// keeps the revision the design reports back for the key's next write.
  @usableFromInline
  func send(_ key: Int, to cache: some Cache) async -> WriteResult? {
    let expected = revisions.withLock { $0[key] }
    let result = await cache.write(
      CacheWrite(
        key: key, value: Payload(key: key, count: payloadBytes), expectedRevision: expected))
    if let revision = result?.revision {
      revisions.withLock { $0[key] = max($0[key] ?? revision, revision) }
    }
    return result
  }
}

extension ClientLoop.Arguments {
  /// Sends a write of `key` through `cache`: through the window's `WriteSource`, or with the key alone
  /// when the window has none (a caller of the loop that made no source).
  @usableFromInline
  func send(write key: Int, to cache: some Cache) async -> WriteResult? {
    if let writes { return await writes.send(key, to: cache) }
    return await cache.write(key)
  }
}
