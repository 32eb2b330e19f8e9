/// The fetcher of a cache that fetches the server's response in a shape of its own (JSON `Data`, a wire
/// struct) and decodes its answer from it, as an app's cache fetches bytes and keeps a model: the
/// design's `TypedFetcher`, with each key's value turned into that response once per window
/// (`TypedFetcher.responding(_:)`). The cache's own decode then runs on every fetch, as in the app, while
/// the harness makes no response per fetch; the fetch is counted, delayed, failed and attributed as any.
///
/// The cache's answer, decoded from the response, is checked against the value the harness made for the
/// key (`CacheBenchValue.isIdentical(to:)`: equal contents, since a decoded answer has storage of its
/// own), so the response must carry the value whole: encode it (`JSONEncoder().encode($0)`), and the
/// cache's decode gives it back.
public struct TypedResponseFetcher<
  Key: Hashable & Sendable, Value: CacheBenchValue, Response: Sendable
>: Sendable {
  let fetcher: TypedFetcher<Key, Value>
  let responses: TypedResponses<Value, Response>

  /// Fetches the response of `key`: what `TypedFetcher.fetch(_:)` throws, or the response made from
  /// the key's value.
  public func fetch(_ key: Key) async throws -> Response {
    let (index, value) = try await fetcher.fetchIndexed(key)
    return responses.response(to: value, at: index)
  }

  /// The window's keys, as `TypedFetcher.keys`.
  public var keys: [Key] { fetcher.keys }
}

extension TypedFetcher {
  /// A fetcher that answers each fetch of a key with `response(value)` of its value, made once per key
  /// per window and kept by the harness (whose memory `bytes_per_entry` leaves out), e.g.
  /// `env.fetcher.responding { try! JSONEncoder().encode($0) }` for a cache that decodes JSON. Under
  /// `cachebench check`, whose values are made per fetch, the response is too.
  public func responding<Response: Sendable>(
    _ response: @escaping @Sendable (Value) -> Response
  ) -> TypedResponseFetcher<Key, Value, Response> {
    let responses = TypedResponses(make: response, perFetch: table.valuePerFetch)
    table.hold(responses)
    return TypedResponseFetcher(fetcher: self, responses: responses)
  }

  /// Fetches `key` as `fetch(_:)` does, with its key index.
  func fetchIndexed(_ key: Key) async throws -> (index: Int, value: Value) {
    guard let index = table.indices[key] else {
      throw TypedDesignError.unknownKey(String(describing: key))
    }
    let payload = try await fetcher.fetch(index)
    return (index, table.value(at: index, fetched: payload))
  }
}

/// The responses a `TypedResponseFetcher` made, one per key index (or, with `perFetch`, one per fetch,
/// not kept): the harness's memory, which the key table counts as its own (`TypedKeyTable.hold`).
final class TypedResponses<Value: CacheBenchValue, Response: Sendable>: Sendable,
  HeldResponses
{
  private let make: @Sendable (Value) -> Response
  private let perFetch: Bool
  /// Each key index's response with its value, made under the lock at the key's first fetch.
  private let made = SanitizerVisibleMutex<[Int: (value: Value, response: Response)]>([:])

  init(make: @escaping @Sendable (Value) -> Response, perFetch: Bool) {
    self.make = make
    self.perFetch = perFetch
  }

  /// The response of key index `index`, whose value is `value`.
  func response(to value: Value, at index: Int) -> Response {
    if perFetch { return make(value) }
    return made.withLock { made in
      if let kept = made[index] { return kept.response }
      let response = make(value)
      made[index] = (value, response)
      return response
    }
  }

  /// What the kept responses hold, as `meter` counts it: one made again in the meter's arena from a
  /// kept value, times the responses kept; 0 with none kept, nil when the allocator cannot measure.
  func heldBytes(meter: ResourceMeter) -> Int? {
    let (count, sample) = made.withLock { ($0.count, $0.first?.value.value) }
    guard let sample, count > 0 else { return 0 }
    let make = self.make
    return meter.allocatedBytes(ofEach: [{ make(sample) as Any }]).map { $0[0] * count }
  }
}

/// Responses the harness keeps beside a key table, which `TypedKeyTable.harnessHeldBytes` adds.
protocol HeldResponses: Sendable {
  func heldBytes(meter: ResourceMeter) -> Int?
}
