import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The recorders a window's clients record into: made before the window, one per client, taken out of
/// their slot so the client's copy is unshared, and handed back unmerged.
@Suite(.timeLimit(.minutes(2)))
struct ClientRecordersTests {
  @Test func eachClientTakesAPreparedRecorderWithItsRawLatencyRoomReserved() {
    let recorders = BenchmarkDriver.ClientRecorders(
      count: 3, schedule: nil, rawLatencyCapacity: 500)
    for index in 0..<3 {
      let recorder = recorders.take(index)
      #expect(recorder.requests == 0)
      #expect((recorder.rawLatencies?.capacity ?? 0) >= 500)
      #expect(recorder.actualLatency == nil)
    }
  }

  @Test func anOpenLoopWindowsRecordersKeepTheActualStartHistogram() {
    let schedule = OpenLoopSchedule(rate: 1000)
    let recorders = BenchmarkDriver.ClientRecorders(
      count: 1, schedule: schedule, rawLatencyCapacity: nil)
    let recorder = recorders.take(0)
    #expect(recorder.actualLatency != nil)
    #expect(recorder.rawLatencies == nil)
  }

  @Test func handedBackRecordersAreTakenOnceAndMergedOnlyWhenAsked() {
    let recorders = BenchmarkDriver.ClientRecorders(
      count: 2, schedule: nil, rawLatencyCapacity: nil)
    for (index, requests) in [(0, 3), (1, 4)] {
      var recorder = recorders.take(index)
      recorder.requests = requests
      recorder.hits = requests - 1
      recorders.giveBack(recorder)
    }
    let returned = recorders.takeReturned()
    #expect(returned.map(\.requests).sorted() == [3, 4])
    #expect(recorders.takeReturned().isEmpty)
    let outcome = WindowOutcome(
      clientRecorders: returned, nanoseconds: 1, undrainedClients: 0, wasStopped: false)
    #expect(outcome.requests == 7)
    #expect(outcome.recorder.requests == 7)
    #expect(outcome.recorder.hits == 5)
  }
}
