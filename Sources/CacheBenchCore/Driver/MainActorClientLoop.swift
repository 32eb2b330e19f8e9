/// The closed client loop of `ClientLoop`, isolated to the main actor: the loop of `--caller main`
/// clients, the way a view model calls a cache. The loop's bookkeeping, a `nonisolated(nonsending)`
/// `lookup`'s own code and a decode outside the cache all run on the main actor, one job at a time; a
/// `lookup` into an actor hops there and back.
///
/// Why a copy rather than one body for both: `ClientLoop`'s loop is `nonisolated(nonsending)` and would
/// run on the main actor if called from it, but the pool's clients must not start there, and the main
/// actor's loop must stay on it between requests; a loop of its own says so in its type. It repeats the
/// closed loop and `issue`, calling the same out-of-line `RequestSource` and `ClientRecorder` for
/// everything else. Open loop (`--rate`) is not offered on the main actor (the options refuse it).
@usableFromInline
enum MainActorClientLoop {
  /// `ClientLoop.Runner`, isolated to the main actor.
  @usableFromInline
  typealias Runner =
    @MainActor @Sendable (any Cache, ClientLoop.Arguments, inout ClientRecorder) async -> Void

  /// Through the `Cache` witness table, for designs whose factory returns `any Cache`.
  @usableFromInline
  static let unspecialised: Runner = { cache, arguments, recorder in
    await run(cache: cache, arguments, into: &recorder)
  }

  /// Compiled for `Specialised` when the cache is one, else `unspecialised`'s; the specialised loop is
  /// inlined into the closure, as `ClientLoop.runner(for:)` does, to keep a client's frames small.
  @inlinable
  static func runner<Specialised: Cache>(for _: Specialised.Type) -> Runner {
    { @MainActor cache, arguments, recorder in
      guard let cache = ClientLoop.opened(cache, as: Specialised.self) else {
        await unspecialised(cache, arguments, &recorder)
        return
      }
      await run(cache: cache, arguments, into: &recorder)
    }
  }

  /// `ClientLoop.run(cache:_:into:)`'s closed loop, on the main actor.
  @inlinable
  @inline(__always)
  @MainActor
  static func run<C: Cache>(
    cache: C, _ arguments: ClientLoop.Arguments, into recorder: inout ClientRecorder
  ) async {
    // Checked once per client, as `ClientLoop.run` does.
    if let attribution = arguments.attribution {
      await runAttributed(cache: cache, arguments, attribution: attribution, into: &recorder)
      return
    }
    var source = RequestSource(arguments, store: cache.entityStore)
    while let request = source.nextClosedLoop() {
      let issued = MonotonicClock.now()
      guard issued < arguments.deadline else { break }
      guard
        await issue(
          request.operation, request.key, to: cache, issued: issued, floor: request.floor,
          arguments: arguments, into: &recorder)
      else { continue }
      recorder.recordLatency(
        request: request.index, issued: issued, completed: MonotonicClock.now(),
        windowStart: arguments.windowStart)
    }
  }

  /// `ClientLoop.issue`, on the main actor.
  @inlinable
  @inline(__always)
  @MainActor
  static func issue<C: Cache>(
    _ operation: OperationMix.Operation, _ key: Int, to cache: C, issued: UInt64, floor: UInt64,
    arguments: ClientLoop.Arguments,
    into recorder: inout ClientRecorder
  ) async -> Bool {
    guard operation == .read else {
      return await issueOther(
        operation, key, to: cache, issued: issued, floor: floor, arguments: arguments,
        into: &recorder)
    }
    do {
      let lookup = try await cache.lookup(key)
      recorder.record(read: lookup, of: key, issued: issued, floor: floor, decoderOf: arguments)
    } catch {
      recorder.record(failedRead: error)
    }
    return true
  }

  /// `ClientLoop.issueOther`, on the main actor: out of line, so a plain read's frame does not carry
  /// the other operations' temporaries.
  @inlinable
  @inline(never)
  @MainActor
  static func issueOther<C: Cache>(
    _ operation: OperationMix.Operation, _ key: Int, to cache: C, issued: UInt64, floor: UInt64,
    arguments: ClientLoop.Arguments,
    into recorder: inout ClientRecorder
  ) async -> Bool {
    switch operation {
    case .invalidate:
      await cache.invalidate(key)
      recorder.recordInvalidation()
      return false
    case .write:
      recorder.record(write: await arguments.send(write: key, to: cache))
      return false
    case .read, .cancelledRead:
      break
    }
    do {
      let lookup =
        operation == .cancelledRead
        ? try await WaitCancellation.cancelledLookup(key, in: cache)
        : try await cache.lookup(key)
      recorder.record(read: lookup, of: key, issued: issued, floor: floor, decoderOf: arguments)
    } catch {
      recorder.record(failedRead: error)
    }
    return true
  }
}
