import Dispatch
import Synchronization
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

#if canImport(Glibc)
  import Glibc
#endif

/// Which threads a `DedicatedThreadsExecutor` runs work on, found by thread id (`/proc/thread-self`), and
/// that its threads are gone once it is shut down. Each test names its threads uniquely, so the census
/// (`ProcessThreads.threadIDs(named:)`) sees only its own. Nothing here measures time.
@Suite(.timeLimit(.minutes(2)))
struct DedicatedThreadsExecutorTests {
  /// A default actor, as the cache designs are: no custom executor.
  actor Recorder {
    private var calls = 0

    func record(_ log: ThreadLog, as place: String) {
      calls += 1
      log.record(place)
    }
  }

  /// Holds each arriving caller's thread (spinning, yielding the core) until `count` have arrived, which
  /// proves that many distinct threads ran them at once; gives up at `deadline`.
  final class Meeting: Sendable {
    private let arrivals = Atomic<Int>(0)

    func arriveAndWait(for count: Int, until deadline: UInt64) -> Bool {
      arrivals.add(1, ordering: .acquiringAndReleasing)
      while arrivals.load(ordering: .acquiring) < count {
        guard MonotonicClock.now() < deadline else { return false }
        sched_yield()
      }
      return true
    }
  }

  /// Suspends until a thread of the global dispatch pool resumes the task: the way `Task.sleep`'s timer
  /// wakes it, without waiting for any time to pass.
  nonisolated static func resumedFromAnotherThread() async {
    await withUnsafeContinuation { (waiter: UnsafeContinuation<Void, Never>) in
      DispatchQueue.global().async { waiter.resume() }
    }
  }

  /// A nonisolated async function: where it runs is what the task prefers.
  nonisolated static func work(_ log: ThreadLog, as place: String) async {
    log.record(place)
  }

  @Test(arguments: [1, 3])
  func runsItsTasksOnExactlyItsThreadsAndLeavesNoneBehind(threads: Int) async throws {
    let name = "exactly-\(threads)"
    let executor = await DedicatedThreadsExecutor.start(threadCount: threads, name: name)
    let census = try #require(ProcessThreads.threadIDs(named: name))
    #expect(census.count == threads)
    let log = ThreadLog()
    let meeting = Meeting()
    let deadline = MonotonicClock.now() &+ 20_000_000_000
    let met = await withTaskExecutorPreference(executor) {
      await withTaskGroup(of: Bool.self) { group in
        for _ in 0..<threads {
          group.addTask {
            log.record("meeting")
            return meeting.arriveAndWait(for: threads, until: deadline)
          }
        }
        for _ in 0..<(20 * threads) {
          group.addTask {
            log.record("task")
            await Task.yield()
            log.record("task")
            return true
          }
        }
        var all = true
        for await result in group { all = all && result }
        return all
      }
    }
    await executor.shutdown()
    #expect(met)
    #expect(log["meeting"] == census)
    #expect(log["task"].isSubset(of: census))
    // `pthread_join` returns once the kernel clears the thread's id, which it does early in the thread's
    // exit, before the thread leaves `/proc/self/task`: under load (or the address sanitizer's exit
    // hooks) the census can still list a joined thread for a moment.
    await eventually("the joined threads left /proc/self/task") {
      ProcessThreads.threadIDs(named: name) == []
    }
  }

  /// What SE-0417 says runs on a preferred executor, measured: everything the task and its children do,
  /// default actors included, even after being resumed from another thread (as a timer resumes a sleeping
  /// task) or after awaiting another task; not unstructured tasks.
  @Test func withOneThreadTheTaskItsChildrenAndTheActorsItCallsShareThatThread() async throws {
    let name = "one-thread"
    let executor = await DedicatedThreadsExecutor.start(threadCount: 1, name: name)
    let thread = try #require(ProcessThreads.threadIDs(named: name)?.first)
    let log = ThreadLog()
    let recorder = Recorder()
    await withTaskExecutorPreference(executor) {
      log.record("operation, first line")
      await Self.work(log, as: "nonisolated async function")
      log.record("operation, after an await")
      await recorder.record(log, as: "default actor")
      await Self.resumedFromAnotherThread()
      log.record("after a resumption from another thread")
      async let child: Void = Self.work(log, as: "async let")
      await child
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<8 {
          group.addTask {
            log.record("child task")
            await recorder.record(log, as: "default actor from a child task")
            await Self.resumedFromAnotherThread()
            log.record("child task after a resumption from another thread")
          }
        }
      }
      await Task { log.record("unstructured task") }.value
      log.record("after awaiting an unstructured task")
      await Task.detached { log.record("detached task") }.value
    }
    await executor.shutdown()
    let onTheThread = [
      "operation, first line", "nonisolated async function", "operation, after an await",
      "default actor", "after a resumption from another thread", "async let", "child task",
      "default actor from a child task", "child task after a resumption from another thread",
      "after awaiting an unstructured task",
    ]
    #expect(Set(log.places) == Set(onTheThread + ["unstructured task", "detached task"]))
    for place in onTheThread {
      #expect(log[place] == [thread], "\(place)")
    }
    // Unstructured tasks inherit no preference: they run on the global executor's workers.
    for place in ["unstructured task", "detached task"] {
      #expect(log[place].count == 1, "\(place)")
      #expect(!log[place].contains(thread), "\(place)")
    }
  }

  @Test func aJobOfferedAfterShutdownRunsOnTheGlobalExecutor() async throws {
    let name = "after-shutdown"
    let executor = await DedicatedThreadsExecutor.start(threadCount: 1, name: name)
    let thread = try #require(ProcessThreads.threadIDs(named: name)?.first)
    await executor.shutdown()
    let log = ThreadLog()
    await Task(executorPreference: executor) { log.record("late task") }.value
    #expect(log["late task"].count == 1)
    #expect(!log["late task"].contains(thread))
  }

  @Test func abandonedThreadsExitOnceIdle() async throws {
    let name = "abandoned"
    let executor = await DedicatedThreadsExecutor.start(threadCount: 2, name: name)
    #expect(ProcessThreads.threadIDs(named: name)?.count == 2)
    executor.abandon()
    await eventually("the abandoned threads exited") {
      ProcessThreads.threadIDs(named: name) == []
    }
    // Shutting down after abandoning joins nothing and returns.
    await executor.shutdown()
  }
}
