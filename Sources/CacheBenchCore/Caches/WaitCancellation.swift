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
public enum WaitCancellation {
  /// Whether the current task is a request to cancel once it waits.
  @TaskLocal public static var isArmed = false

  /// Cancels the current task if it is an armed request; a caches' hook, called before awaiting a fetch.
  @inlinable
  public static func waitBegins() {
    guard isArmed else { return }
    withUnsafeCurrentTask { $0?.cancel() }
  }

  /// Looks `key` up in `cache` from a child task that is cancelled as soon as the lookup waits.
  @inlinable
  public static func cancelledLookup<C: Cache>(_ key: Int, in cache: C) async throws -> CacheLookup
  {
    try await $isArmed.withValue(true) {
      async let lookup = cache.lookup(key)
      return try await lookup
    }
  }
}
