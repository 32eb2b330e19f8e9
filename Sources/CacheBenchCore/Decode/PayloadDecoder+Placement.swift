/// The decode placements that look, in an actor's code, as if they left the actor: the helper a design
/// calls from its actor to offer `--decode nonsending`, `concurrent`, `task` and `detached`, a built-in
/// design and a user's alike (`DesignTraits.placesDecode`).
extension PayloadDecoder {
  /// Decodes `payload` where `placement` says, called from the cache's actor (`isolation`, which the
  /// caller passes implicitly), and returns the decoder's checksum; nil for `outside` and `none`, where
  /// the cache does not decode.
  ///
  /// Each placement is the code a developer would write; none is forced onto or off the actor here, so
  /// what the run-time check in `decode` finds is what Swift did with that code:
  /// - `inside`: decodes synchronously, still isolated;
  /// - `nonsending`: awaits a `nonisolated(nonsending)` async function, which runs on the caller's
  ///   actor (SE-0461): the actor stays held;
  /// - `concurrent`: awaits the same function marked `@concurrent`, which runs on the global concurrent
  ///   executor (or the task's preferred executor): the actor is free until the decode returns;
  /// - `task`: awaits a `Task { }` whose closure captures `isolation`, so it is isolated to the actor
  ///   (SE-0420): it runs on the actor once the awaiting caller has suspended, and holds it;
  /// - `detached`: awaits a `Task.detached { }`, which runs on the global concurrent executor and does
  ///   not inherit the caller's cancellation (cancelling the fetch does not stop its decode) or priority.
  ///
  /// The caller's actor may serve other callers during the `await` (it always may, since an `await`
  /// is a suspension point; with `concurrent` and `detached` it does): whatever the caller checked
  /// before it must be checked again after it, an admission's identity above all.
  ///
  /// A decode that runs on an actor's executor, but outside the caller's own timed segment, is added to
  /// `busy` (the caller closes its segment before the await and opens another after it), so the
  /// actor's busy time holds the decode exactly when the decode held the actor.
  public func decodeAsPlaced(
    _ payload: Payload, busy: IsolationBusyTime? = nil,
    isolation: isolated (any Actor)? = #isolation
  ) async -> UInt64? {
    switch placement {
    case .outside, .noDecode:
      return nil
    case .inside:
      return decode(payload, busy: busy)
    case .nonsending:
      return await decodeNonsending(payload, busy: busy)
    case .concurrent:
      return await decodeConcurrently(payload, busy: busy)
    case .task:
      return await Task {
        // Capturing the isolated parameter makes the closure isolated to it: the task inherits the actor.
        _ = isolation
        return decode(payload, busy: busy)
      }.value
    case .detached:
      return await Task.detached { decode(payload, busy: busy) }.value
    }
  }

  /// Runs on the caller's executor: from an actor, still isolated to it.
  private nonisolated(nonsending) func decodeNonsending(
    _ payload: Payload, busy: IsolationBusyTime?
  ) async -> UInt64 {
    decode(payload, busy: busy)
  }

  /// Leaves the caller's actor for the global concurrent executor.
  @concurrent
  private func decodeConcurrently(_ payload: Payload, busy: IsolationBusyTime?) async -> UInt64 {
    decode(payload, busy: busy)
  }
}
