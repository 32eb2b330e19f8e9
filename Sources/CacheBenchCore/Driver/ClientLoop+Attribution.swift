/// The client loop of a window whose hits, joins and leaders the harness attributes itself, for a design
/// that does not report them (`FetchAttribution`).
///
/// The same loop as `run` and `runOpenLoop`, but each read is opened in the client's
/// `AttributionSession` and its lookup runs with the request bound as `AttributedRequest.current`, so
/// the fetcher can tell which request started each fetch. Kept apart, and chosen once per client, so
/// that a window of a design that reports its outcomes pays nothing for it: binding a task-local costs a
/// read a task-allocator push and pop.
///
/// Unlike the rest of the loop, these two are not `nonisolated(nonsending)` (see `ClientLoop`): the
/// closure `TaskLocal.withValue` runs is isolated to its `isolation` argument, which in a nonsending
/// function is the caller's isolation known only at run time, and that switched executors twice more a
/// read: 142 instructions a request under callgrind, and a hookless actor's p50 at one client 278 → 330
/// ns. Called once per client, so the switch onto the global executor is paid once.
extension ClientLoop {
  /// Issues requests as `run` does (open loop with `arguments.schedule`), attributing each read.
  @inlinable
  @inline(never)
  static func runAttributed<C: Cache>(
    cache: C, _ arguments: Arguments, attribution: FetchAttribution,
    into recorder: inout ClientRecorder
  ) async {
    var session = AttributionSession(attribution)
    var source = RequestSource(arguments, store: cache.entityStore)
    guard let schedule = arguments.schedule else {
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
      return
    }
    recorder.prepareOpenLoop()
    while let request = source.nextOpenLoop(schedule: schedule) {
      var issued = MonotonicClock.now()
      if request.intended > issued {
        try? await Task.sleep(
          for: .nanoseconds(Int64(request.intended &- issued)), tolerance: .zero)
        if Task.isCancelled || source.isStopped { break }
        issued = MonotonicClock.now()
      }
      guard issued < arguments.deadline else { break }
      guard
        await issueAttributed(
          request.operation, request.key, to: cache, issued: issued,
          floor: source.completedRevision(of: request.key), arguments: arguments,
          session: &session, into: &recorder)
      else { continue }
      recorder.recordOpenLoopLatency(
        request: request.index, intended: request.intended, issued: issued,
        completed: MonotonicClock.now(), windowStart: arguments.windowStart)
    }
    session.finish()
  }

  /// `issue`, with each read (plain or cancelled once it waits) attributed. Invalidations and writes
  /// are not requests and run unbound: a fetch one of them starts is stray (`FetchAttribution`).
  @inlinable
  static func issueAttributed<C: Cache>(
    _ operation: OperationMix.Operation, _ key: Int, to cache: C, issued: UInt64, floor: UInt64,
    arguments: Arguments, session: inout AttributionSession,
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
