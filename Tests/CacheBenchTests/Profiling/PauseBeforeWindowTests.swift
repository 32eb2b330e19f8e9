import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// `--pause-before-window`: the window waits for SIGUSR1, sent in answer to the announcement.
@Suite(.timeLimit(.minutes(2)))
struct PauseBeforeWindowTests {
  @Test func theWindowOpensAfterTheSignalThatAnswersTheAnnouncement() async throws {
    let waiter = SignalWaiter(signal: SignalWaiter.userSignal1)
    let announcements = SanitizerVisibleMutex<[String]>([])
    let pause = PauseBeforeWindow(waiter: waiter) { text in
      announcements.withLock { $0.append(text) }
      waiter.raiseInProcess()
    }
    let observer = RecordingWindowObserver()
    let session = ProfilingSession(
      selection: .only(WindowObserverTests.twoVariants[1]),
      tools: [pause, ForwardingTool(observer: observer)])
    var driver = BenchmarkDriver(
      scenario: WindowObserverTests.tinyScenario(WindowObserverTests.twoVariants))
    driver.windowObserver = session
    _ = try await driver.run()
    let pid = SignalWaiter.processID
    #expect(
      announcements.withLock { $0 } == [
        "pid \(pid) paused before the window of sharded(3)/outside; attach a profiler"
          + " (e.g. perf record -p \(pid)), then continue with: kill -USR1 \(pid)"
      ])
    #expect(
      observer.calls == [
        .open("sharded(3)/outside"), .close("sharded(3)/outside", requests: 120),
      ])
  }
}

/// A profiling tool that passes the session's calls on to a window observer, to see what a session forwards.
struct ForwardingTool: ProfilingTool {
  let observer: RecordingWindowObserver

  func windowOpens(_ variant: Variant) async throws(ProfilingError) {
    await observer.windowWillOpen(variant)
  }

  func windowCloses(_ variant: Variant, requests: Int) async throws(ProfilingError) {
    await observer.windowDidClose(variant, requests: requests)
  }
}
