/// A cache that returns the same ready value for every key without suspending: with it, the cost of a
/// lookup is the call itself, so the harness's and the call's own costs are all that is left to measure.
///
/// Its timing says the request entered at clock 0 and stayed 0 ns, so a client records queue delay and
/// service time (both 0), and the busy part of the wait (0), exactly as it does for a real cache.
struct AnswerAtOnceCache: Cache {
  /// The payload's bytes, shared by every answer.
  let bytes: [UInt8]

  /// The same ready answer for every key, labelled with the key asked for (the harness checks it); the
  /// bytes are shared, so the answer allocates nothing. Building the answer costs about 4 ns more than
  /// returning a stored one, which the `async call` and harness floors include.
  nonisolated(nonsending) func lookup(_ key: Int) async throws -> CacheLookup {
    CacheLookup(
      value: CachedValue(payload: Payload(key: key, bytes: bytes)), outcome: .hit,
      timing: IsolationTiming(entered: 0, reentryWait: 0, service: 0, busyWait: 0))
  }

  /// Nothing to remove.
  func invalidate(_ key: Int) async {}

  /// A new one answering `payloadBytes`-byte payloads, built out of line and returned as an existential so that callers reach it through the
  /// same unspecialised `Cache` call the driver makes to a real cache, never inlined.
  @inline(never)
  static func existential(payloadBytes: Int = 64) -> any Cache {
    AnswerAtOnceCache(bytes: Payload(key: 0, count: payloadBytes).bytes)
  }
}
