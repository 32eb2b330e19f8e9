extension BenchmarkDriver {
  /// The kernel's name of the clients' threads under `--threads`, as `top -H`, perf and
  /// `ProcessThreads.threadIDs(named:)` show them.
  static let clientThreadsName = "bench-client"

  /// The executor a window's clients prefer: `threads` threads of their own, all running, or nil for
  /// Swift's global concurrent executor.
  ///
  /// Started per window (the warm-up's and the measured one's), before its clock starts, and shut down
  /// by it, so the threads' start is not timed and their exit is within the memory and CPU readings. The
  /// window starts its clients' task with `Task(executorPreference:)`: the SE-0417 preference that
  /// `withTaskExecutorPreference` sets for a scope, set here for the whole task, so its task group and
  /// every child the window adds to it inherit it, with no change to the group's code; nil is no
  /// preference, Swift's global concurrent executor as without `--threads`.
  /// What runs on them: the clients, the nonisolated code they call (`lookup`, a decode outside the
  /// cache), child tasks, and the isolated code of the default actors they call (every built-in design's
  /// actor) while a client holds it; not unstructured tasks such as the coalescing designs' fetch tasks,
  /// nor what those run in the actor, nor the timers of `Task.sleep` (see `DedicatedThreadsExecutor`).
  static func clientExecutor(threads: Int?) async -> DedicatedThreadsExecutor? {
    guard let threads else { return nil }
    return await DedicatedThreadsExecutor.start(threadCount: threads, name: clientThreadsName)
  }
}
