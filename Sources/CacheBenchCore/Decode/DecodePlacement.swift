/// Where the decode of a fetched payload runs.
///
/// `inside` and `outside` are the two ends; the four placements after `none` are the ways a decode
/// written inside the cache actor's code can look as if it left the actor, of which only two do
/// (SE-0461, SE-0420). A design runs those four through `PayloadDecoder.decodeAsPlaced(_:busy:isolation:)`
/// from its actor, and says so with `DesignTraits.placesDecode`; the harness checks at run time where
/// every decode really ran (`VariantResult.decodesOnActor`).
public enum DecodePlacement: String, Sendable, CaseIterable {
  /// In the cache while isolated (for `mutex`, while holding the lock), once per fetch; the decoded value is cached.
  case inside
  /// In the caller after it leaves the cache, off any actor, on every request.
  case outside
  /// No decode work at all.
  case noDecode = "none"
  /// In a `nonisolated(nonsending)` async function awaited from the cache actor: it runs on its
  /// caller's actor, so the decode still holds the actor (SE-0461).
  case nonsending
  /// In a `@concurrent` async function awaited from the cache actor: it leaves the actor, which serves
  /// other callers during the decode.
  case concurrent
  /// In a `Task { }` created in the cache actor, using its isolation, and awaited: the task inherits the
  /// actor, so the decode holds it.
  case task
  /// In a `Task.detached { }` awaited from the cache actor: it leaves the actor, and does not inherit the
  /// caller's cancellation or priority.
  case detached

  /// Whether the cache runs the decode (it is handed a decoder), rather than the caller or nobody.
  public var decodesInCache: Bool {
    switch self {
    case .outside, .noDecode: false
    case .inside, .nonsending, .concurrent, .task, .detached: true
    }
  }

  /// Whether the cache awaits its decode (`PayloadDecoder.decodeAsPlaced`), which only designs with
  /// `DesignTraits.placesDecode` do.
  public var awaitsDecode: Bool { decodesInCache && self != .inside }

}
