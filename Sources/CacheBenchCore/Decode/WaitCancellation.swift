/// Cancels a request at the moment it starts waiting for a fetch, with no sleep and no race.
///
/// `--cancel-rate` asks for callers cancelled *while waiting*. Cancelling from outside after a delay would
/// sometimes land before the request entered the cache and sometimes after it was served, so the outcome
/// would depend on timing. Instead the client runs a marked request in a child task with this task-local
/// armed; every cache calls `waitBegins()` right after its table step (the entry is led or joined) and
/// before its first suspension, and an armed call cancels the current task, i.e. that child. The request
/// is therefore cancelled exactly when it waits, and what follows is each design's documented
/// cancellation policy. A marked request that hits never waits and is served as a hit. Cancellation
/// propagates down, never up, so the client task itself stays uncancelled for its next request.
///
/// With `--cancel-at decode` (`cancelsInDecode`) the marked request is not cancelled while it waits:
/// its own decode cancels it after the first chunk (`ArmedRequest.fireInDecode`), the user who scrolled
/// away mid-decode, again at a moment fixed by the work rather than by a clock.
public enum WaitCancellation {
  /// Whether the current task is a request to cancel once it waits.
  @TaskLocal public static var isArmed = false

  /// The marked request the current task runs, or inherited from (an unstructured task copies it), in
  /// a run that measures decodes after cancellation; nil in every other task. What tells a decode in the
  /// request's own task from one in an entry's task (`ArmedRequest`).
  @TaskLocal static var armedRequest: ArmedRequest? = nil

  /// Set for the clients of a window whose marked reads are cancelled in their own decode
  /// (`--cancel-at decode`), with the callers' decoder when they decode outside the cache; nil for
  /// cancellation at wait. A task-local bound once per window, so the client loop's code is the same
  /// in every run and only a marked read looks at it.
  @TaskLocal static var cancelsInDecode: InDecode? = nil

  /// What a measured window counts of its marked reads' cancellation (`CancellationReach`); bound by
  /// the driver around a window that cancels reads once they wait, nil everywhere else.
  @TaskLocal static var reach: CancellationReach? = nil

  /// How a window's marked reads are cancelled in their own decode.
  struct InDecode: Sendable {
    /// The decoder of callers that decode outside the cache; nil when the cache decodes.
    var outsideDecoder: PayloadDecoder?
  }

  /// Cancels the current task if it is an armed request; a caches' hook, called before awaiting a fetch.
  @inlinable
  public static func waitBegins() {
    guard isArmed else { return }
    cancelArmedRequest()
  }

  /// Cancels the current task, an armed request's, and notes that the design reached it. Out of line:
  /// only a marked read gets here, and the mark it notes is not public.
  @usableFromInline
  static func cancelArmedRequest() {
    armedRequest?.noteWaitBegan()
    withUnsafeCurrentTask { $0?.cancel() }
  }

  /// Looks `key` up in `cache` from a child task that is cancelled as soon as the lookup waits, or in
  /// a window that cancels reads in their decode (`cancelsInDecode`), by its own decode
  /// (`lookupCancelledInDecode`).
  public static func cancelledLookup<C: Cache>(_ key: Int, in cache: C) async throws -> CacheLookup
  {
    if let inDecode = cancelsInDecode {
      return try await lookupCancelledInDecode(key, in: cache, decoder: inDecode.outsideDecoder)
    }
    let armed = ArmedRequest(moment: .wait)
    return try await $armedRequest.withValue(armed) {
      try await $isArmed.withValue(true) {
        try await CancellationReach.$ofMarkedRead.withValue(reach) {
          async let lookup = ownLookup(key, in: cache, armed: armed, decoder: nil)
          return try await lookup
        }
      }
    }
  }

  /// Looks `key` up in `cache` from a child task that its own decode cancels after its first chunk
  /// (`CancelMoment.decode`): in the cache, where the design decodes in its caller's task, or, with
  /// `decoder` (callers decode outside the cache), in the child after the lookup, whose result then
  /// carries the decode. A child whose lookup returns after its task was cancelled ends with
  /// `CancellationError`, as a cancelled waiter does; one that was never cancelled (its design decoded
  /// in another task, or not at all) is served. The result carries the outside decode, which the
  /// recorder then takes instead of decoding again (`ClientRecorder.record(read:of:issued:floor:decoder:)`).
  static func lookupCancelledInDecode<C: Cache>(
    _ key: Int, in cache: C, decoder: PayloadDecoder?
  ) async throws -> CacheLookup {
    let armed = ArmedRequest(moment: .decode)
    return try await $armedRequest.withValue(armed) {
      async let lookup = ownLookup(key, in: cache, armed: armed, decoder: decoder)
      return try await lookup
    }
  }

  /// Counts a read marked to be cancelled once it waits in the window's `reach`, once it has ended.
  private static func recordMarkedRead(_ armed: ArmedRequest, served: Bool) {
    guard armed.moment == .wait, let reach else { return }
    reach.recordMarkedRead(reachedDesign: armed.waitBegan, served: served)
  }

  /// The marked request's own task: claims it, looks up, and decodes outside the cache with `decoder`.
  private static func ownLookup<C: Cache>(
    _ key: Int, in cache: C, armed: ArmedRequest, decoder: PayloadDecoder?
  ) async throws -> CacheLookup {
    armed.claim()
    defer { armed.release() }
    var lookup: CacheLookup
    do {
      lookup = try await cache.lookup(key)
    } catch {
      recordMarkedRead(armed, served: false)
      throw error
    }
    recordMarkedRead(armed, served: true)
    if let decoder {
      let decoded = try decoder.decodeUnlessCancelled(lookup.value.payload, busy: nil)
      lookup.value = CachedValue(payload: lookup.value.payload, decoded: decoded)
    }
    if armed.moment == .decode { try Task.checkCancellation() }
    return lookup
  }
}
