import Testing

@testable import CacheBenchCore

/// The serial hand-over of `InstrumentedExecutor`, as a value: who runs each job, in what order.
struct InstrumentedExecutorStateTests {
  typealias State = InstrumentedExecutorState<Int>

  static func queued(_ job: Int) -> State.Queued {
    State.Queued(job: job, enqueuedAt: UInt64(job), busyAtEnqueue: 0)
  }

  @Test func aJobEnqueuedOnAnIdleExecutorRunsOnTheEnqueuingThreadAndLaterOnesQueueBehindIt() {
    var state = State()
    guard case .runHere(let first) = state.enqueue(Self.queued(1), mayRunHere: true) else {
      Issue.record("an idle executor did not run the job where it was enqueued")
      return
    }
    #expect(first.job == 1)
    // While it runs, nothing else runs: later jobs queue, whoever enqueues them.
    for job in 2...4 {
      guard case .queued = state.enqueue(Self.queued(job), mayRunHere: true) else {
        Issue.record("job \(job) was not queued behind the running one")
        return
      }
    }
    let needsDrain = state.finishedHere()
    #expect(needsDrain)
    let drained = [state.next(), state.next(), state.next(), state.next()].map { $0?.job }
    #expect(drained == [2, 3, 4, nil])
    #expect(!state.isRunning)
  }

  @Test func aJobEnqueuedWhereItMayNotRunStartsOneDrainThatRunsEveryJobInOrder() {
    var state = State()
    guard case .startDrain = state.enqueue(Self.queued(1), mayRunHere: false) else {
      Issue.record("no drain was started for a job that may not run where it was enqueued")
      return
    }
    guard case .queued = state.enqueue(Self.queued(2), mayRunHere: true) else {
      Issue.record("a second drain was started")
      return
    }
    let drained = [state.next(), state.next(), state.next()].map { $0?.job }
    #expect(drained == [1, 2, nil])
    // Idle again: the next job runs where it is enqueued.
    guard case .runHere = state.enqueue(Self.queued(3), mayRunHere: true) else {
      Issue.record("the executor did not go idle after its queue emptied")
      return
    }
    let needsDrain = state.finishedHere()
    #expect(!needsDrain && !state.isRunning)
  }

  @Test func aLongQueueKeepsItsOrderAsItsFrontIsReclaimed() {
    var state = State()
    _ = state.enqueue(Self.queued(0), mayRunHere: false)
    for job in 1..<300 { _ = state.enqueue(Self.queued(job), mayRunHere: false) }
    var order: [Int] = []
    while let queued = state.next() {
      order.append(queued.job)
      if queued.job == 150 { _ = state.enqueue(Self.queued(300), mayRunHere: true) }
    }
    #expect(order == Array(0...300))
  }
}
