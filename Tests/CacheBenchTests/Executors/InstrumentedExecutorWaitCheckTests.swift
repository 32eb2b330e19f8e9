import CacheBenchCore
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The executor's wait figure against one taken independently, from inside the actor: each caller reads
/// the clock before its call and the actor reads it at the call's first instruction, as the hooks do.
///
/// `callers` calls are queued behind one job that holds the actor until they all wait, then each runs
/// `work` for a known time, so the i-th waits about the hold's end plus (i − 1) × `work`. Only what the
/// clock's order makes exact is asserted: the executor's enqueue comes after the caller's reading and
/// its start before the actor's, so its wait is never longer. With `CACHEBENCH_PRINT_WAIT_CHECK=1` the
/// test prints both figures (docs/instrumented-executor.md quotes them).
@Suite(.timeLimit(.minutes(1)))
struct InstrumentedExecutorWaitCheckTests {
  static let callers = 16
  static let work: UInt64 = 50_000

  actor Worker {
    let executor = InstrumentedExecutor()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Set by `hold` at its first instruction.
    let holding = Atomic<Bool>(false)

    /// Holds the actor until `count` jobs are queued behind this one; returns the wait from `issued`
    /// to its first instruction.
    func hold(until count: Int, issued: UInt64) -> UInt64 {
      let entered = MonotonicClock.now()
      holding.store(true, ordering: .releasing)
      while executor.queuedJobs < count { sched_yield() }
      return entered &- issued
    }

    /// Ends the executor's window from inside a job: every job before this one has ended and been
    /// recorded (a job's figures are recorded after it ends, which its caller may already have seen).
    func endWindow() -> IsolationJobFigures { executor.endWindow() }

    /// Runs for `nanoseconds`, and returns the wait from `issued` to its first instruction.
    func work(issued: UInt64, nanoseconds: UInt64) -> UInt64 {
      let entered = MonotonicClock.now()
      while MonotonicClock.now() &- entered < nanoseconds {}
      return entered &- issued
    }
  }

  @Test func theExecutorsWaitIsNeverLongerThanTheWaitSeenFromInsideTheActor() async {
    let worker = Worker()
    worker.executor.beginWindow()
    // The hold blocks its thread until the callers are queued, so it runs on a thread of its own (the
    // call runs on the caller's thread, the executor being idle), never on one the callers need.
    let thread = await DedicatedThreadsExecutor.start(threadCount: 1, name: "wait-check")
    let holding = Task.detached {
      await withTaskExecutorPreference(thread) {
        await worker.hold(until: Self.callers, issued: MonotonicClock.now())
      }
    }
    while !worker.holding.load(ordering: .acquiring) { await Task.yield() }
    let waits = await withTaskGroup(of: UInt64.self) { group in
      for _ in 0..<Self.callers {
        group.addTask {
          await worker.work(issued: MonotonicClock.now(), nanoseconds: Self.work)
        }
      }
      return await group.reduce(into: [UInt64]()) { $0.append($1) }
    }
    let holdWait = await holding.value
    await thread.shutdown()
    let figures = await worker.endWindow()
    #expect(figures.jobs == Self.callers + 1)
    // The hold is a job of the executor's too.
    let insideTotal = waits.reduce(holdWait, +)
    let executorTotal = figures.wait.mean * Double(figures.jobs)
    #expect(executorTotal <= Double(insideTotal) + 1)
    if getenv("CACHEBENCH_PRINT_WAIT_CHECK") != nil {
      let sorted = waits.sorted()
      print(
        "wait check: \(Self.callers) callers of \(Self.work) ns jobs; inside the actor: mean",
        Double(insideTotal - holdWait) / Double(Self.callers), "min", sorted.first ?? 0, "max",
        sorted.last ?? 0, "| executor: jobs", figures.jobs, "mean", figures.wait.mean, "min",
        figures.wait.min, "max", figures.wait.max, "busy-wait mean", figures.busyWait.mean,
        "service mean", figures.service.mean)
    }
  }
}
