import Dispatch

/// A serial executor that times every job it runs: the way an actor of yours gets `actor_wait`,
/// `actor_busy_wait`, `actor_service` and `actor_utilisation` without timing hooks in its methods.
///
/// Your actor opts in with two declarations and no change to its methods:
/// ```swift
/// actor MyCache: Cache {
///   let executor = InstrumentedExecutor()
///   nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
///   // ... unchanged
/// }
/// ```
/// An executor made while a design's factory runs in a measured window reports to that window; anywhere
/// else it runs your jobs and reports nowhere.
///
/// Per job it reads the clock at the enqueue, at the job's start and at its end: `actor_wait` is the
/// enqueue to the start, `actor_service` the start to the end, and the busy total (`IsolationBusyTime`)
/// gives `actor_busy_wait` and `actor_utilisation` as the hooks' does. The figures are per job, not per
/// request (`IsolationJobFigures`).
///
/// Scheduling: jobs run one at a time, in enqueue order. A job enqueued while the executor is idle, by a
/// thread that runs no actor's job (a task hopping onto the actor from the global pool), runs at once on
/// that thread, as a default actor does; jobs that queue behind it are run by one drain on the global
/// pool (`InstrumentedExecutorState`). What it cannot keep from a default actor: the hop back off the
/// actor. Leaving a default actor for the global pool continues on the same thread; leaving this one, the
/// caller's continuation is enqueued on the global pool. docs/instrumented-executor.md measures the cost.
/// A continuation resumed by a plain thread (not a task's) onto an idle actor runs on that thread.
public final class InstrumentedExecutor: SerialExecutor, InstrumentedIsolation, @unchecked Sendable
{
  // @unchecked: `state` is a lock; `busy` is atomic; the queue's jobs are the runtime's, run once each.
  private let state = SanitizerVisibleMutex(Locked())
  private let busy = IsolationBusyTime()

  /// What the lock protects: the queue, and the window's figures.
  private struct Locked {
    var queue = InstrumentedExecutorState<UnownedJob>()
    var figures = IsolationJobFigures()
  }

  /// An executor for one actor; it registers with the measured window whose design's factory makes it.
  public init() {
    IsolationInstruments.collecting?.register(self)
  }

  public func enqueue(_ job: consuming ExecutorJob) {
    let queued = InstrumentedExecutorState.Queued(
      job: UnownedJob(job), enqueuedAt: MonotonicClock.now(), busyAtEnqueue: busy.nanoseconds)
    let mayRunHere = !CurrentExecutor.isActor
    let action = state.withLock { $0.queue.enqueue(queued, mayRunHere: mayRunHere) }
    switch action {
    case .runHere(let queued):
      run(queued)
      if state.withLock({ $0.queue.finishedHere() }) { startDrain() }
    case .startDrain:
      startDrain()
    case .queued:
      break
    }
  }

  public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  /// Runs the queue on the global pool until it is empty.
  private func startDrain() {
    DispatchQueue.global().async { [self] in
      while let queued = state.withLock({ $0.queue.next() }) { run(queued) }
    }
  }

  /// Runs one job, timing it, and records its figures.
  private func run(_ queued: InstrumentedExecutorState<UnownedJob>.Queued) {
    let segment = busy.enter()
    queued.job.runSynchronously(on: asUnownedSerialExecutor())
    let service = busy.close(segment)
    let wait = segment.entered > queued.enqueuedAt ? segment.entered &- queued.enqueuedAt : 0
    let busyWait = segment.busyWait(since: queued.busyAtEnqueue)
    state.withLock { $0.figures.record(wait: wait, busyWait: busyWait, service: service) }
  }

  package var busyTime: IsolationBusyTime { busy }

  /// Jobs waiting to run (not the running one), for tests that hold the executor until some queue up.
  package var queuedJobs: Int { state.withLock { $0.queue.queuedCount } }

  package func beginWindow() {
    state.withLock { $0.figures.begin() }
  }

  package func endWindow() -> IsolationJobFigures {
    state.withLock {
      $0.figures.end()
      return $0.figures
    }
  }
}
