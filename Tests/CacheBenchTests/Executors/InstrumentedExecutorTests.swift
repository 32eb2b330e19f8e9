import CacheBenchCore
import Synchronization
import Testing

/// `InstrumentedExecutor` as a user's actor adopts it: jobs run one at a time, in order, all of them, and
/// each is timed.
@Suite(.timeLimit(.minutes(1)))
struct InstrumentedExecutorTests {
  /// An actor on the instrumented executor that logs which calls ran, in order.
  actor Log {
    let executor = InstrumentedExecutor()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    private(set) var entries: [Int] = []

    func append(_ entry: Int) { entries.append(entry) }

    /// Starts `count` tasks on this actor, each appending its index, and returns them with what had
    /// run of them by the time this job ended: they inherit the actor, so they are queued on its
    /// executor while this job still runs it.
    func startAppenders(_ count: Int) -> (tasks: [Task<Void, Never>], ranMeanwhile: [Int]) {
      let tasks = (0..<count).map { index in Task { self.append(index) } }
      return (tasks, entries)
    }
  }

  @Test func jobsQueuedWhileAJobRunsWaitForItAndThenAllRunInTheOrderTheyWereEnqueued() async {
    let log = Log()
    let (tasks, ranMeanwhile) = await log.startAppenders(64)
    #expect(ranMeanwhile.isEmpty)
    for task in tasks { await task.value }
    #expect(await log.entries == Array(0..<64))
  }

  @Test func everyJobOfAWindowIsTimed() async {
    let log = Log()
    log.executor.beginWindow()
    for index in 0..<10 { await log.append(index) }
    let figures = log.executor.endWindow()
    #expect(figures.jobs == 10)
    #expect(figures.service.totalCount == 10 && figures.busyWait.totalCount == 10)
    // Outside a window nothing is recorded.
    await log.append(10)
    #expect(log.executor.endWindow().jobs == 10)
    #expect(await log.entries.count == 11)
  }

  @Test func aHoldOfTheInstrumentedMutexIsTimedAndExclusive() async {
    let counter = InstrumentedMutex(0)
    counter.beginWindow()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<100 { counter.withLock { $0 += 1 } }
        }
      }
    }
    #expect(counter.withLock { $0 } == 800)
    let figures = counter.endWindow()
    #expect(figures.jobs == 801)
    #expect(figures.wait.totalCount == 801)
  }
}
