import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The run-wide stop request: the first reason wins and every waiter hears it once.
@Suite(.timeLimit(.minutes(2)))
struct RunStopTests {
  @Test func theFirstRequestWinsAndLaterOnesAreIgnored() {
    let stop = RunStop()
    #expect(!stop.isRequested)
    #expect(stop.request(.signal(2)))
    #expect(!stop.request(.deadline))
    #expect(stop.isRequested)
    #expect(stop.reason == .signal(2))
  }

  @Test func aWaiterResumesWithTheReason() async {
    let stop = RunStop()
    async let reason = stop.requested()
    stop.request(.deadline)
    #expect(await reason == .deadline)
  }

  @Test func aCancelledWaiterReturnsNilWithoutAStop() async {
    let stop = RunStop()
    let waiter = Task { await stop.requested() }
    waiter.cancel()
    #expect(await waiter.value == nil)
    #expect(!stop.isRequested)
  }
}
