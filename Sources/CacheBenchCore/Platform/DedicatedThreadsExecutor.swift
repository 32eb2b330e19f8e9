#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A task executor with a fixed set of threads of its own: where the clients of a run with `--threads N`
/// run, and where a test puts tasks that must know exactly which threads they can run on.
///
/// Under `withTaskExecutorPreference(_:operation:)` (SE-0417) a task prefers this executor, and so do the
/// child tasks it creates there (task groups, `async let`). What then runs on these threads, as
/// `DedicatedThreadsExecutorTests` and `BenchmarkDriverThreadsTests` measure it by thread id:
/// - the task's nonisolated async code, and its child tasks';
/// - a task's code after it resumes from `Task.sleep`, from a continuation resumed on another thread, or
///   from awaiting another task;
/// - the isolated code of a default actor (one without a custom executor) that such a task calls. A
///   default actor runs on the thread of the task that takes it, and runs there whatever was queued for
///   it meanwhile. So an actor that only such tasks call stays on these threads (with one thread, a
///   client and the cache actor shared it), while an actor that an unstructured task also calls is shared
///   both ways: calls queued behind that task run on the global executor's workers, and its call can run
///   here.
/// What does not: unstructured tasks (`Task {}`, `Task.detached`) started from there, which inherit no
/// preference and run on Swift's global concurrent executor; actors with a custom executor (the main
/// actor); and the timers behind `Task.sleep`, which stay the global executor's (libdispatch's; the
/// standard library enqueues a wake-up job on it), only the resumed task comes back here.
///
/// The global executor's pool, by contrast, is shared with everything else in the process and runs as many
/// threads as the process has cores (growing when a worker blocks), so it cannot be made smaller or larger
/// to sweep parallelism.
///
/// Lifetime: `start` returns once every thread is running and named. `shutdown()` ends the intake, lets
/// the threads run what is queued, and returns once every thread has exited and been joined, so nothing of
/// them outlives it (a thread's allocator cache is flushed when it exits, which the memory figures rely
/// on). A job enqueued after that, say by a client of an abandoned window that resumes late, is handed to
/// the global concurrent executor instead of being stranded. `abandon()` ends the intake without waiting.
package final class DedicatedThreadsExecutor: TaskExecutor, @unchecked Sendable {
  // @unchecked: `state` and `threads` are read and written only with `mutex` locked, and `condition` is
  // waited on with it; the other stored properties are immutable.
  /// The threads' kernel name (at most 15 bytes are kept), which `ProcessThreads.threadIDs(named:)` finds.
  package let name: String
  package let threadCount: Int
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  private var state: DedicatedThreadsState<UnownedJob, CheckedContinuation<Void, Never>>
  /// The threads not yet joined or detached.
  private var threads: [pthread_t] = []

  private init(threadCount: Int, name: String) {
    self.threadCount = threadCount
    self.name = name
    state = DedicatedThreadsState(threadCount: threadCount)
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  deinit {
    // Every thread holds a reference until it exits, so none is left to use these.
    pthread_cond_destroy(condition)
    condition.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// An executor whose `threadCount` threads (at least 1), named `name`, are all running.
  package static func start(threadCount: Int, name: String) async -> DedicatedThreadsExecutor {
    let executor = DedicatedThreadsExecutor(threadCount: threadCount, name: name)
    await withCheckedContinuation { (ready: CheckedContinuation<Void, Never>) in
      let waits = executor.locked { $0.waitForStart(ready) }
      precondition(waits, "threads started before they were created")
      for _ in 0..<threadCount { executor.spawnThread() }
    }
    return executor
  }

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    if locked({ $0.enqueue(job) }) {
      pthread_cond_signal(condition)
    } else {
      globalConcurrentExecutor.enqueue(ExecutorJob(job))
    }
  }

  /// Ends the intake, lets the threads run the jobs already queued, and returns once every thread has
  /// exited and been joined. Calling it again, or after `abandon()`, returns once they have exited.
  ///
  /// The wait is a suspension, not a blocked thread: the last thread to leave resumes the caller, which
  /// then joins threads that have already left their loop. A job that never returns keeps its thread,
  /// and this from returning; a window whose clients did not all return calls `abandon()` instead.
  package func shutdown() async {
    stopIntake()
    await withCheckedContinuation { (exited: CheckedContinuation<Void, Never>) in
      if !locked({ $0.waitForExit(exited) }) { exited.resume() }
    }
    let joinable = locked { _ in
      defer { threads = [] }
      return threads
    }
    for thread in joinable { pthread_join(thread, nil) }
  }

  /// Ends the intake and detaches the threads: each exits once the queue is empty, and nobody waits for
  /// it. For a window abandoned with clients still inside a request.
  package func abandon() {
    stopIntake()
    let detached = locked { _ in
      defer { threads = [] }
      return threads
    }
    for thread in detached { pthread_detach(thread) }
  }

  /// Refuses further jobs (`enqueue` forwards them) and wakes every waiting thread to drain and leave.
  private func stopIntake() {
    locked { $0.stop() }
    pthread_cond_broadcast(condition)
  }

  /// Starts one thread running `work()`; it holds a reference to the executor until it exits.
  private func spawnThread() {
    let context = Unmanaged.passRetained(self).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
      &thread, nil,
      { context in
        let executor = Unmanaged<DedicatedThreadsExecutor>.fromOpaque(context!)
          .takeRetainedValue()
        executor.work()
        return nil
      }, context)
    guard status == 0 else {
      fatalError("could not start thread \(threads.count + 1) of \(threadCount): error \(status)")
    }
    locked { _ in threads.append(thread) }
  }

  /// A thread's life: name itself, report in, then run jobs until stopped and drained.
  private func work() {
    ProcessThreads.nameCurrentThread(name)
    locked { $0.threadStarted() }?.resume()
    let executor = asUnownedTaskExecutor()
    while true {
      pthread_mutex_lock(mutex)
      var next = state.next()
      while case .wait = next {
        pthread_cond_wait(condition, mutex)
        next = state.next()
      }
      pthread_mutex_unlock(mutex)
      switch next {
      case .run(let job):
        job.runSynchronously(on: executor)
      case .exit(let waiters):
        for waiter in waiters { waiter.resume() }
        return
      case .wait:
        preconditionFailure("a waiting thread was handed nothing")
      }
    }
  }

  /// Runs `body` on the state with `mutex` locked.
  private func locked<Result>(
    _ body: (inout DedicatedThreadsState<UnownedJob, CheckedContinuation<Void, Never>>) -> Result
  ) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body(&state)
  }
}
