import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
/// that thread, as a default actor does, and so do up to `jobsRunHere` − 1 jobs queued behind it
/// meanwhile; any more are run by one drain on the global pool (`InstrumentedExecutorState`). What it cannot keep from a default actor: the hop back off the
/// actor. Leaving a default actor for the global pool continues on the same thread; leaving this one, the
/// caller's continuation is enqueued on the global pool. docs/instrumented-executor.md measures the cost.
/// A continuation resumed by a plain thread (not a task's) onto an idle actor runs on that thread.
public final class InstrumentedExecutor: SerialExecutor, InstrumentedIsolation, Sendable {
  /// Jobs the enqueuing thread runs, the first and those queued behind it meanwhile, before it hands
  /// the rest to a drain on the global pool: a hand-over to another thread costs microseconds, while a
  /// caller that waits for one more short job on this thread costs a job's length.
  static let jobsRunHere = 16

  private let state = SanitizerVisibleMutex(Locked())
  private let busy = IsolationBusyTime()

  /// What the lock protects: the queue, and the window's figures.
  private struct Locked {
    var queue = InstrumentedExecutorState<UnownedJob>()
    var figures = IsolationJobFigures()

    /// Records `ran`'s figures, then says whether the enqueuing thread must hand jobs queued
    /// meanwhile to a drain (`InstrumentedExecutorState.finishedHere()`).
    mutating func recordingFinish(_ ran: Ran) -> Bool {
      figures.record(wait: ran.wait, busyWait: ran.busyWait, service: ran.service)
      return queue.finishedHere()
    }

    /// Records `ran`'s figures, then takes the next job, if any.
    mutating func recordingNext(_ ran: Ran?) -> InstrumentedExecutorState<UnownedJob>.Queued? {
      if let ran { figures.record(wait: ran.wait, busyWait: ran.busyWait, service: ran.service) }
      return queue.next()
    }
  }

  /// An executor for one actor; it registers with the measured window whose design's factory makes it.
  public init() {
    IsolationInstruments.collecting?.register(self)
  }

  /// Takes a job of the actor: runs it now on this thread when the executor is idle and this thread
  /// runs no actor's job, else queues it (see the type's description). Called by the runtime.
  public func enqueue(_ job: consuming ExecutorJob) {
    let queued = InstrumentedExecutorState.Queued(
      job: UnownedJob(job), enqueuedAt: MonotonicClock.now(), busyAtEnqueue: busy.nanoseconds)
    let mayRunHere = !CurrentExecutor.isActor
    let action = state.withLock { $0.queue.enqueue(queued, mayRunHere: mayRunHere) }
    switch action {
    case .runHere(let queued):
      // The runtime holds this executor only unowned, and a job may let its task resume on another
      // thread and drop the actor's last reference, this executor's with it, while this thread still
      // runs the loop below (the address sanitizer caught a use after free here): hold it until done.
      let retained = Unmanaged.passRetained(self)
      defer { retained.release() }
      // Each job's figures are recorded under the lock taken for the next step anyway.
      var ran = run(queued)
      for _ in 1..<Self.jobsRunHere {
        let done = ran
        guard let next = state.withLock({ $0.recordingNext(done) }) else { return }
        ran = run(next)
      }
      let done = ran
      if state.withLock({ $0.recordingFinish(done) }) { startDrain() }
    case .startDrain:
      startDrain()
    case .queued:
      break
    }
  }

  /// This executor as the actor's `unownedExecutor` returns it.
  public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }

  /// Runs the queue on the global pool until it is empty.
  private func startDrain() {
    DispatchQueue.global().async { [self] in
      var ran: Ran? = nil
      while let queued = state.withLock({ $0.recordingNext(ran) }) { ran = run(queued) }
    }
  }

  /// One job's figures, nanoseconds.
  private struct Ran {
    var wait: UInt64
    var busyWait: UInt64
    var service: UInt64
  }

  /// Runs one job, timing it; its figures are recorded by the caller's next step under the lock.
  private func run(_ queued: InstrumentedExecutorState<UnownedJob>.Queued) -> Ran {
    let segment = busy.enter()
    queued.job.runSynchronously(on: asUnownedSerialExecutor())
    let service = busy.close(segment)
    return Ran(
      wait: segment.entered > queued.enqueuedAt ? segment.entered &- queued.enqueuedAt : 0,
      busyWait: segment.busyWait(since: queued.busyAtEnqueue), service: service)
  }

  /// The busy total of the jobs run so far (`actor_utilisation`).
  package var busyTime: IsolationBusyTime { busy }

  /// Jobs waiting to run (not the running one), for tests that hold the executor until some queue up.
  package var queuedJobs: Int { state.withLock { $0.queue.queuedCount } }

  /// Starts recording each job's figures, afresh, for a measured window.
  package func beginWindow() {
    state.withLock { $0.figures.begin() }
  }

  /// How long `endWindow()` waits for the job in flight to be recorded.
  static let recordingWait: UInt64 = 250_000_000

  /// Stops recording; the jobs recorded since `beginWindow()`.
  ///
  /// A job's figures are recorded by its thread after the job returns, and the caller it resumed may
  /// run on another thread first: a window's last job could end unrecorded (9 of 10 jobs, once, in a
  /// test under the thread sanitizer and load). So this first waits for the executor to go idle, for at
  /// most `recordingWait`: a window's clients have all returned, so only that recording is left, unless
  /// work from outside the window keeps the actor busy, when the figures leave out its job in flight.
  package func endWindow() -> IsolationJobFigures {
    let deadline = MonotonicClock.now() &+ Self.recordingWait
    while state.withLock({ $0.queue.isRunning }) && MonotonicClock.now() < deadline {
      sched_yield()
    }
    return state.withLock {
      $0.figures.end()
      return $0.figures
    }
  }
}
