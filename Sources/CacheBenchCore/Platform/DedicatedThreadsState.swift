/// What the threads of a `DedicatedThreadsExecutor` share: the jobs waiting for a thread, whether the
/// executor still takes jobs, and who waits for its threads to start or to exit.
///
/// The state behind the executor's lock, generic over the job and over how a waiter is resumed so it is
/// tested with plain values. Every method returns what the caller must do once the lock is released
/// (run a job, resume waiters, hand a job elsewhere); nothing here blocks.
///
/// Policy: jobs run in the order they were enqueued, by whichever thread asks next. `stop()` ends the
/// intake: jobs queued before it still run, and a thread leaves only when the queue is empty, so no job
/// the executor accepted is dropped. A job offered after `stop()` is refused, and the executor hands it to
/// another executor rather than strand the task it belongs to.
struct DedicatedThreadsState<Job, Waiter> {
  /// What a thread does next.
  enum Next {
    /// Run this job, then ask again.
    case run(Job)
    /// Nothing to run yet: wait for a job or for `stop()`, then ask again.
    case wait
    /// Leave; when this is the last thread to, resume these waiters of `waitForExit`.
    case exit([Waiter])
  }

  /// Threads the executor starts.
  let threadCount: Int
  /// Queued jobs from `head` on; the slots before it have run. Emptied whenever the last one is taken,
  /// and compacted when the run part outgrows the rest, so a queue that never drains does not grow.
  private var jobs: [Job] = []
  private var head = 0
  private var started = 0
  private var exited = 0
  private var startWaiter: Waiter?
  private var exitWaiters: [Waiter] = []
  /// Whether `stop()` was called: no job is taken from then on.
  private(set) var isStopped = false

  init(threadCount: Int) {
    precondition(threadCount >= 1)
    self.threadCount = threadCount
  }

  /// Jobs queued and not yet taken by a thread.
  var queuedCount: Int { jobs.count - head }

  /// Whether every thread has started and none has left yet.
  var allStarted: Bool { started == threadCount }

  /// Whether every thread that started has left.
  var allExited: Bool { started == threadCount && exited == threadCount }

  /// Registers the waiter of the executor's start; false when every thread has started already, and the
  /// caller resumes it at once.
  mutating func waitForStart(_ waiter: Waiter) -> Bool {
    guard !allStarted else { return false }
    startWaiter = waiter
    return true
  }

  /// A thread is running; returns the start waiter to resume when it was the last to start.
  mutating func threadStarted() -> Waiter? {
    precondition(started < threadCount, "more threads started than the executor has")
    started += 1
    guard allStarted else { return nil }
    defer { startWaiter = nil }
    return startWaiter
  }

  /// Queues `job` for the next free thread; false after `stop()`, when the caller must run it elsewhere.
  mutating func enqueue(_ job: Job) -> Bool {
    guard !isStopped else { return false }
    jobs.append(job)
    return true
  }

  /// What the calling thread does next: the oldest queued job, a wait, or, once stopped and drained, exit.
  mutating func next() -> Next {
    if head < jobs.count {
      let job = jobs[head]
      head += 1
      if head == jobs.count {
        jobs.removeAll(keepingCapacity: true)
        head = 0
      } else if head >= 1_024 && head * 2 >= jobs.count {
        jobs.removeFirst(head)
        head = 0
      }
      return .run(job)
    }
    guard isStopped else { return .wait }
    exited += 1
    guard exited == threadCount else { return .exit([]) }
    defer { exitWaiters = [] }
    return .exit(exitWaiters)
  }

  /// Ends the intake. The threads drain the queue and leave; waiting ones must be woken to see it.
  mutating func stop() {
    isStopped = true
  }

  /// Registers a waiter for every thread to have left, which only `stop()` makes them do; false when
  /// they all have, and the caller resumes it at once.
  mutating func waitForExit(_ waiter: Waiter) -> Bool {
    precondition(isStopped, "waiting for the threads to exit before stopping them")
    guard !allExited else { return false }
    exitWaiters.append(waiter)
    return true
  }
}
