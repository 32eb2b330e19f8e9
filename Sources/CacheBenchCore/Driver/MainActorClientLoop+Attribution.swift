/// The client loop of a `--caller main` window whose hits, joins and leaders the harness attributes
/// itself (`FetchAttribution`): `ClientLoop.runAttributed`'s closed loop, on the main actor, as
/// `MainActorClientLoop.run` is `ClientLoop.run`'s. Each read is opened in the client's
/// `AttributionSession` and its lookup runs with the request bound as `AttributedRequest.current`, so the
/// fetcher can tell which request started each fetch, wherever the cache runs it. A copy of the pool's
/// for the reason `MainActorClientLoop` gives: one body for both isolations would cost every pool
/// request a hop back after each await.
extension MainActorClientLoop {
  /// Issues requests as `run` does, attributing each read.
  @inlinable
  @inline(never)
  @MainActor
  static func runAttributed<C: Cache>(
    cache: C, _ arguments: ClientLoop.Arguments, attribution: FetchAttribution,
    into recorder: inout ClientRecorder
  ) async {
    var session = AttributionSession(attribution)
    var source = RequestSource(arguments, store: cache.entityStore)
    while let request = source.nextClosedLoop() {
      let issued = MonotonicClock.now()
      guard issued < arguments.deadline else { break }
      guard
        await issueAttributed(
          request.operation, request.key, to: cache, issued: issued, floor: request.floor,
          arguments: arguments, session: &session, into: &recorder)
      else { continue }
      recorder.recordLatency(
        request: request.index, issued: issued, completed: MonotonicClock.now(),
        windowStart: arguments.windowStart)
    }
    session.finish()
  }

  /// `issue`, with each read (plain or cancelled once it waits) attributed; invalidations and writes
  /// run unbound, as in `ClientLoop.issueAttributed`.
  @inlinable
  @MainActor
  static func issueAttributed<C: Cache>(
    _ operation: OperationMix.Operation, _ key: Int, to cache: C, issued: UInt64, floor: UInt64,
    arguments: ClientLoop.Arguments, session: inout AttributionSession,
    into recorder: inout ClientRecorder
  ) async -> Bool {
    guard operation == .read || operation == .cancelledRead else {
      return await issueOther(
        operation, key, to: cache, issued: issued, floor: floor, arguments: arguments,
        into: &recorder)
    }
    let read = session.open(key)
    do {
      let lookup = try await AttributedRequest.bound.withValue(read.request) {
        operation == .cancelledRead
          ? try await WaitCancellation.cancelledLookup(key, in: cache)
          : try await cache.lookup(key)
      }
      // An answer for another key is an error of the design, not a served request.
      session.close(read, served: lookup.outcome == nil && lookup.value.payload.key == key)
      recorder.record(read: lookup, of: key, issued: issued, floor: floor, decoderOf: arguments)
    } catch {
      session.close(read, served: false)
      recorder.record(failedRead: error)
    }
    return true
  }
}
