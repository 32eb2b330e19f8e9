/// The queue of an `InstrumentedExecutor` and who runs it, as a value: each method says what the
/// executor must do next, so the serial hand-over is tested without threads.
///
/// At most one job runs at a time. A job enqueued while the executor is idle runs at once on the
/// enqueuing thread when the executor may run it there (`runHere`): the thread of a task hopping onto
/// the actor, which would otherwise hand the job to another thread and wait for it (the default actor's
/// switching fast path does the same), and that thread may go on with the jobs queued meanwhile (`next()`)
/// before it hands the rest over (`finishedHere()`). Otherwise one drain on the global pool runs the
/// queue in order until it is empty (`startDrain`).
struct InstrumentedExecutorState<Job> {
  /// A job waiting to run, with the readings taken as it was enqueued.
  struct Queued {
    let job: Job
    /// `MonotonicClock` reading at the enqueue.
    let enqueuedAt: UInt64
    /// The executor's busy total at the enqueue (`IsolationBusyTime.nanoseconds`).
    let busyAtEnqueue: UInt64
  }

  /// What the executor does after an enqueue.
  enum EnqueueAction {
    /// Run this job now, on the enqueuing thread; it is the running job.
    case runHere(Queued)
    /// The job is queued and nothing runs: start a drain on the global pool.
    case startDrain
    /// The job is queued behind the running one (or a drain already started).
    case queued
  }

  /// Jobs not yet run, oldest first from `head`.
  private var jobs: [Queued] = []
  private var head = 0
  /// Whether a job runs now or a drain has started.
  private(set) var isRunning = false

  /// Jobs waiting.
  var queuedCount: Int { jobs.count - head }

  /// Takes `queued`; `mayRunHere` says the enqueuing thread may run it (it runs no other serial job).
  mutating func enqueue(_ queued: Queued, mayRunHere: Bool) -> EnqueueAction {
    if isRunning {
      jobs.append(queued)
      return .queued
    }
    isRunning = true
    if mayRunHere { return .runHere(queued) }
    jobs.append(queued)
    return .startDrain
  }

  /// When the enqueuing thread stops running jobs: true when jobs queued meanwhile need a drain, false
  /// when the executor is idle again.
  mutating func finishedHere() -> Bool {
    if queuedCount > 0 { return true }
    isRunning = false
    return false
  }

  /// For the drain (or the enqueuing thread), after its previous job: the next job, or nil once the
  /// queue is empty, when the executor is idle again.
  mutating func next() -> Queued? {
    guard queuedCount > 0 else {
      isRunning = false
      jobs.removeAll(keepingCapacity: true)
      head = 0
      return nil
    }
    let queued = jobs[head]
    head += 1
    // Reclaims the consumed front once it is most of the array, so the queue stays O(1) amortised.
    if head >= 64 && head * 2 >= jobs.count {
      jobs.removeFirst(head)
      head = 0
    }
    return queued
  }
}

extension InstrumentedExecutorState: Sendable where Job: Sendable {}
extension InstrumentedExecutorState.Queued: Sendable where Job: Sendable {}
extension InstrumentedExecutorState.EnqueueAction: Sendable where Job: Sendable {}
