#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The fake remote's clock: a thread of its own that resumes each sleeping fetch at its deadline, so a
/// response leaves on time whatever the clients and caches are doing with the pool's threads.
///
/// Why not `Task.sleep`: its wake-up is a job on the global executor, so the time a fetch measured on
/// waking included the wait for a pool thread. With decode outside, 64 clients keep both threads of a
/// 2-core machine busy, and a 1 ms fetch then read 1.9–2.7 ms, a different figure for every design. A real
/// response arrives on time and the task it resumes waits for a thread; this thread makes the fake one
/// do the same. The sleeper's wait for a thread after it is resumed stays in its request's latency (and
/// shows as `sched_delay`), and the time this thread resumed it is what the fetch reports as its latency:
/// the server's view.
///
/// It aims early by what it has learnt of its own wake-up lateness (`DeadlineQueue`'s lead), so that a
/// response leaves at its deadline rather than tens of microseconds after it.
///
/// The thread asks for `SCHED_FIFO` (priority 1, the lowest real-time one) so that it runs the moment a
/// deadline comes even while the pool's threads and other processes keep every core busy; it does nothing
/// but wait and resume, and the kernel's real-time throttling bounds it regardless. Where that is refused
/// (no `CAP_SYS_NICE`, or `RLIMIT_RTPRIO` 0) it runs at normal priority with its timer slack at 1 ns
/// instead of the default 50 µs, and `schedulingNote` says so. Measured on 2-core Linux x86_64 at load 3,
/// 64 tasks decoding 20 µs at a time beside 1 ms sleeps: resumed after 1.02–1.03 ms (p50) with
/// `SCHED_FIFO`, 1.07–1.37 ms at normal priority, against 1.7–2.0 ms measured on waking from
/// `Task.sleep` (that experiment aimed at the deadline itself, with no lead).
///
/// Lifetime: one thread for the process (`shared`), started on first use and never stopped; it holds no
/// memory that grows beyond the sleepers parked at once.
package final class DeadlineTimerThread: @unchecked Sendable {
  // @unchecked: `queue` is read and written only with `mutex` locked, and `condition` is waited on with
  // it; `scheduling` is written only in `init`, before the thread that reads it is started.
  private typealias Waiter = UnsafeContinuation<UInt64, any Error>

  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  private var queue = DeadlineQueue<Waiter>()
  /// How the thread is scheduled: `SCHED_FIFO`, or why not. Written only before the thread starts.
  package private(set) var scheduling: Scheduling = .realTime

  /// How the timer thread got scheduled.
  package enum Scheduling: Sendable, Equatable {
    case realTime
    /// Normal priority: `SCHED_FIFO` was refused with this `errno`.
    case normal(refusal: Int32)
  }

  /// The process's timer thread, started on first use.
  package static let shared = DeadlineTimerThread()

  private init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    var conditionAttributes = pthread_condattr_t()
    pthread_condattr_init(&conditionAttributes)
    pthread_condattr_setclock(&conditionAttributes, CLOCK_MONOTONIC)
    pthread_cond_init(condition, &conditionAttributes)
    pthread_condattr_destroy(&conditionAttributes)
    let refusal = spawn(realTime: true)
    if refusal != 0 {
      scheduling = .normal(refusal: refusal)
      let status = spawn(realTime: false)
      precondition(status == 0, "could not start the fetch timer thread: error \(status)")
    }
  }

  /// A line for stderr at the start of a run when the thread runs at normal priority; nil otherwise.
  package var schedulingNote: String? {
    guard case .normal(let refusal) = scheduling else { return nil }
    let reason = String(cString: strerror(refusal))
    return
      "fetch responses are timed by a thread at normal priority (SCHED_FIFO refused: \(reason)): on a"
      + " busy machine they may leave late, which the fetch latency lines show"
  }

  /// Suspends until this thread resumes the caller, aiming at `deadline` and never before `notBefore`
  /// (both `MonotonicClock` readings); returns the `MonotonicClock` reading taken as it resumed it. Throws
  /// `CancellationError` at once if the task is cancelled before or while it sleeps.
  package func sleep(until deadline: UInt64, notBefore: UInt64) async throws -> UInt64 {
    let id = locked { $0.reserve() }
    return try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { (waiter: Waiter) in
        switch locked({ $0.park(id, until: deadline, notBefore: notBefore, waiter) }) {
        case .parked(let isEarliest):
          if isEarliest { pthread_cond_signal(condition) }
        case .cancelled:
          waiter.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      locked { $0.cancel(id) }?.resume(throwing: CancellationError())
    }
  }

  private func locked<Result>(_ body: (inout DeadlineQueue<Waiter>) -> Result) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body(&queue)
  }

  /// Starts the thread, as `SCHED_FIFO` priority 1 when `realTime`; 0 or the `pthread_create` error.
  private func spawn(realTime: Bool) -> Int32 {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    if realTime {
      var parameters = sched_param()
      parameters.sched_priority = 1
      pthread_attr_setinheritsched(&attributes, Int32(PTHREAD_EXPLICIT_SCHED))
      pthread_attr_setschedpolicy(&attributes, Int32(SCHED_FIFO))
      pthread_attr_setschedparam(&attributes, &parameters)
    }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let context = Unmanaged.passRetained(self).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
      &thread, &attributes,
      { context in Unmanaged<DeadlineTimerThread>.fromOpaque(context!).takeRetainedValue().run() },
      context)
    if status != 0 { Unmanaged<DeadlineTimerThread>.fromOpaque(context).release() }
    return status
  }

  /// The thread's life: resume every sleeper that is due, then wait for the next one to come due or for
  /// a new earliest sleeper. The first sleeper resumed after a timed wait ran out tells the queue how late
  /// the wake came.
  private func run() -> Never {
    ProcessThreads.nameCurrentThread("cachebench-timer")
    if case .normal = scheduling { ProcessThreads.setCurrentThreadTimerSlack(nanoseconds: 1) }
    pthread_mutex_lock(mutex)
    var timedOut = false
    while true {
      if let due = queue.popDue(at: MonotonicClock.now()) {
        let resumed = MonotonicClock.now()
        if timedOut { queue.learn(wokeAt: resumed, aimedAt: due.aimedAt) }
        timedOut = false
        // Resumed outside the lock: a resume enqueues the task, which may wake a pool thread.
        pthread_mutex_unlock(mutex)
        due.waiter.resume(returning: resumed)
        pthread_mutex_lock(mutex)
        continue
      }
      timedOut = false
      guard let due = queue.nextDue else {
        pthread_cond_wait(condition, mutex)
        continue
      }
      let remaining = due &- MonotonicClock.now()
      // `now()` can pass the due time between the two readings: popDue then takes it next round.
      guard remaining < UInt64.max / 2 else { continue }
      var wake = timespec()
      clock_gettime(CLOCK_MONOTONIC, &wake)
      let nanoseconds = UInt64(wake.tv_nsec) + remaining
      wake.tv_sec += Int(nanoseconds / 1_000_000_000)
      wake.tv_nsec = Int(nanoseconds % 1_000_000_000)
      timedOut = pthread_cond_timedwait(condition, mutex, &wake) == ETIMEDOUT
    }
  }
}
