import CExecutorCheck

/// Where the calling code runs, as the Swift concurrency runtime tracks it for the job on this thread:
/// the evidence behind `decode_on_actor_share`.
///
/// A run-time check, not a compile-time one: `#isolation` and the isolation the compiler infers say
/// where code is meant to run, which is exactly what the decode placements put in question; these ask
/// the runtime which executor the running job is on (`swift_task_getCurrentExecutor`,
/// `swift_task_isCurrentExecutorWithFlags` without the assert flag, through the `CExecutorCheck` shim).
/// Neither traps, unlike `Actor.assumeIsolated` and `preconditionIsolated`, which make the same query
/// and crash on a mismatch. Each costs a call into the runtime and a thread-local read.
package enum CurrentExecutor {
  /// Whether the calling code runs on an actor's serial executor (any actor, the main actor included);
  /// false on the global concurrent executor, on a task executor and outside any task.
  package static var isActor: Bool { cachebench_runs_on_serial_executor() }

  /// Whether the calling code runs on `actor`'s executor.
  package static func isIsolated(to actor: some Actor) -> Bool {
    let executor = unsafeBitCast(actor.unownedExecutor, to: (UnsafeRawPointer?, UInt).self)
    return cachebench_runs_on_executor(executor.0, executor.1)
  }
}
