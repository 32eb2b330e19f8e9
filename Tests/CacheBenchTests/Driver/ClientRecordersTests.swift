import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The recorders a window's clients record into: counters per client, merged as each returns, and
/// latency histograms shared in a few stripes, merged when the window finishes.
@Suite(.timeLimit(.minutes(2)))
struct ClientRecordersTests {
  @Test func eachClientTakesARecorderWithItsRawLatencyRoomReservedAndNoHistogramCounters() {
    let recorders = BenchmarkDriver.ClientRecorders(
      count: 3, schedule: nil, rawLatencyCapacity: 500)
    for index in 0..<3 {
      let recorder = recorders.take(index)
      #expect(recorder.pointee.requests == 0)
      #expect((recorder.pointee.rawLatencies?.capacity ?? 0) >= 500)
      #expect(recorder.pointee.actualLatency == nil)
      #expect(!recorder.pointee.latency.hasCounters && !recorder.pointee.actorWait.hasCounters)
      #expect(recorder.pointee.stripes === recorders.stripes)
      recorders.giveBack(recorder)
    }
  }

  @Test func anOpenLoopWindowsStripesKeepTheActualStartHistogram() {
    let schedule = OpenLoopSchedule(rate: 1000)
    let recorders = BenchmarkDriver.ClientRecorders(
      count: 1, schedule: schedule, rawLatencyCapacity: nil)
    let recorder = recorders.take(0)
    #expect(recorder.pointee.actualLatency != nil)
    #expect(recorder.pointee.rawLatencies == nil)
    recorder.pointee.recordOpenLoopLatency(
      request: 0, intended: 10, issued: 40, completed: 100, windowStart: 0)
    recorders.giveBack(recorder)
    let merged = recorders.finish(release: true).recorder
    #expect(merged.latency.max == 90)
    #expect(merged.actualLatency?.max == 60)
    #expect(merged.actualLatency?.totalCount == 1)
  }

  @Test func returnedCountersAreMergedAndEachClientsRequestsKept() {
    let recorders = BenchmarkDriver.ClientRecorders(
      count: 2, schedule: nil, rawLatencyCapacity: nil)
    for (index, requests) in [(0, 3), (1, 4)] {
      let recorder = recorders.take(index)
      recorder.pointee.requests = requests
      recorder.pointee.hits = requests - 1
      recorders.giveBack(recorder)
    }
    #expect(recorders.returnedClients == 2, "a returning client is progress for the stall watch")
    let finished = recorders.finish(release: true)
    #expect(finished.requestsPerClient.sorted() == [3, 4])
    #expect(finished.recorder.requests == 7)
    #expect(finished.recorder.hits == 5)
    #expect(recorders.finish(release: true).requestsPerClient.isEmpty)
  }

  @Test func requestsFlushedIntoTheStripesAreProgressBeforeAnyClientReturns() {
    let recorders = BenchmarkDriver.ClientRecorders(
      count: 2, schedule: nil, rawLatencyCapacity: nil, stripeCount: 2)
    let recorder = recorders.take(0)
    #expect(recorders.stripes.recordedRequests == 0)
    let batch = ClientRecorder.bufferedSampleCount
    for request in 0..<(2 * batch) {
      recorder.pointee.recordLatency(
        request: request, issued: UInt64(request), completed: UInt64(request) + 100,
        windowStart: 0)
    }
    // Two full batches flushed, and no client has returned.
    #expect(recorders.stripes.recordedRequests == 2 * batch)
    #expect(recorders.returnedClients == 0)
    recorders.giveBack(recorder)
  }

  /// Many clients over two stripes record what as many private recorders would have: the same
  /// counts in the same buckets, the same exact min, max and mean.
  @Test func stripedClientsRecordTheSameHistogramsAsPrivateRecorders() {
    let clients = 10
    let recorders = BenchmarkDriver.ClientRecorders(
      count: clients, schedule: nil, rawLatencyCapacity: nil, stripeCount: 2)
    var reference = ClientRecorder()
    for index in 0..<clients {
      let striped = recorders.take(index)
      var own = ClientRecorder()
      for request in 0..<50 {
        let issued = UInt64(1_000 * request)
        let timing = IsolationTiming(
          entered: issued + UInt64(index * 37 + request), reentryWait: 0,
          service: UInt64(request * 11), busyWait: UInt64(request))
        let completed = issued + UInt64(index * 997 + request * 31)
        striped.pointee.record(timing, issued: issued)
        striped.pointee.recordLatency(
          request: request, issued: issued, completed: completed, windowStart: 0)
        own.record(timing, issued: issued)
        own.recordLatency(request: request, issued: issued, completed: completed, windowStart: 0)
      }
      recorders.giveBack(striped)
      reference.merge(own)
    }
    let merged = recorders.finish(release: true).recorder
    #expect(merged.latency == reference.latency)
    #expect(merged.actorWait == reference.actorWait)
    #expect(merged.actorBusyWait == reference.actorBusyWait)
    #expect(merged.actorService == reference.actorService)
    #expect(merged.latency.totalCount == clients * 50)
  }

  /// A client whose home stripe is held records into the next free one and makes it its home, so it
  /// does not wait for the holder.
  @Test func aClientWhoseStripeIsHeldRecordsIntoTheNextFreeOne() {
    let stripes = HistogramStripes(count: 3, openLoop: false)
    var home = 1
    var sample = RequestSample()
    sample.latency = 500
    stripes.holdingStripe(1) { stripes.record(sample, home: &home) }
    #expect(home == 2)
    var recorder = ClientRecorder.mergeTarget
    stripes.merge(into: &recorder, release: true)
    #expect(recorder.latency.totalCount == 1)
    #expect(recorder.latency.max == 500)
    #expect(recorder.latency.hasCounters && recorder.actorBusyWait.hasCounters)
  }

  @Test func releasedStripesHoldNoCountersAndAnUndrainedWindowKeepsThem() {
    let stripes = HistogramStripes(count: 2, openLoop: false)
    var recorder = ClientRecorder.mergeTarget
    stripes.merge(into: &recorder, release: false)
    #expect(stripes.allHoldCounters)
    stripes.merge(into: &recorder, release: true)
    #expect(!stripes.anyHoldsCounters)
  }

  @Test(arguments: [(1, 1), (2, 2), (64, 8), (100_000, 8)])
  func stripeCountFollowsCoresAndNeverExceedsTheClients(clients: Int, atMost: Int) {
    let count = HistogramStripes.defaultCount(concurrency: clients)
    #expect(count >= 1 && count <= atMost && count <= clients)
  }
}
