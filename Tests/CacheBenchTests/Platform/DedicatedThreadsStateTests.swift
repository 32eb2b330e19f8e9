import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The rules the executor's threads follow, with plain values for jobs and waiters.
struct DedicatedThreadsStateTests {
  /// What a thread is told next, with the job or waiters as plain values.
  private enum Step: Equatable {
    case run(Int)
    case wait
    case exit([String])
  }

  private func next(_ state: inout DedicatedThreadsState<Int, String>) -> Step {
    switch state.next() {
    case .run(let job): .run(job)
    case .wait: .wait
    case .exit(let waiters): .exit(waiters)
    }
  }

  /// A state whose `threads` threads have all started.
  private func started(threads: Int) -> DedicatedThreadsState<Int, String> {
    var state = DedicatedThreadsState<Int, String>(threadCount: threads)
    for _ in 0..<threads { _ = state.threadStarted() }
    return state
  }

  @Test func theStartWaiterIsResumedByTheLastThreadToStart() {
    var state = DedicatedThreadsState<Int, String>(threadCount: 3)
    let waits = state.waitForStart("start")
    let resumed = [state.threadStarted(), state.threadStarted(), state.threadStarted()]
    let lateWaits = state.waitForStart("late")
    #expect(waits)
    #expect(resumed == [nil, nil, "start"])
    #expect(state.allStarted)
    #expect(!lateWaits)
  }

  @Test func jobsRunInTheOrderTheyWereEnqueued() {
    var state = started(threads: 2)
    let accepted = (1...3).map { state.enqueue($0) }
    let queued = state.queuedCount
    let steps = [next(&state), next(&state), next(&state), next(&state)]
    #expect(accepted == [true, true, true])
    #expect(queued == 3)
    #expect(steps == [.run(1), .run(2), .run(3), .wait])
    #expect(state.queuedCount == 0)
  }

  @Test func aQueueThatNeverDrainsKeepsItsOrderWhenCompacted() {
    var state = started(threads: 1)
    var ran: [Step] = []
    // Always 500 ahead of the thread, so the queue is never empty and only compaction shrinks it.
    for job in 0..<500 { _ = state.enqueue(job) }
    for job in 500..<5_500 {
      _ = state.enqueue(job)
      ran.append(next(&state))
    }
    #expect(ran == (0..<5_000).map { .run($0) })
    #expect(state.queuedCount == 500)
  }

  @Test func aStoppedStateRunsWhatWasQueuedThenLetsEachThreadLeave() {
    var state = started(threads: 2)
    let acceptedBeforeStop = state.enqueue(1)
    state.stop()
    let acceptedAfterStop = state.enqueue(2)
    let waits = state.waitForExit("shutdown")
    let steps = [next(&state), next(&state)]
    let exitedAfterOne = state.allExited
    let last = next(&state)
    #expect(acceptedBeforeStop && !acceptedAfterStop && waits)
    #expect(steps == [.run(1), .exit([])])
    #expect(!exitedAfterOne)
    #expect(last == .exit(["shutdown"]))
    #expect(state.allExited)
  }

  @Test func waitingForThreadsThatHaveAllLeftReturnsAtOnce() {
    var state = started(threads: 1)
    state.stop()
    let step = next(&state)
    let waits = state.waitForExit("late")
    #expect(step == .exit([]))
    #expect(!waits)
  }

  @Test func everyExitWaiterIsResumedOnce() {
    var state = started(threads: 1)
    state.stop()
    let waits = [state.waitForExit("first"), state.waitForExit("second")]
    let step = next(&state)
    #expect(waits == [true, true])
    #expect(step == .exit(["first", "second"]))
  }
}
