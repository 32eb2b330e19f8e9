import Synchronization
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// What the caches report about queueing for, and time inside, their isolation.
///
/// Serialized: the tests that hold an actor (here and in `IsolationTimingTests+Split.swift`) each spin on
/// a thread of the cooperative pool, and two at once would leave a 2-thread pool none to open them with.
@Suite(.timeLimit(.minutes(2)), .serialized)
struct IsolationTimingTests {
  /// A lookup with the clock readings the caller takes around it.
  private struct TimedLookup {
    var issued: UInt64
    var lookup: CacheLookup
    var returned: UInt64
  }

  private static func timedLookup(_ cache: any Cache, _ key: Int) async throws -> TimedLookup {
    let issued = MonotonicClock.now()
    let lookup = try await cache.lookup(key)
    return TimedLookup(issued: issued, lookup: lookup, returned: MonotonicClock.now())
  }

  /// Makes `key` ready in `cache` through a fetch the test releases at once.
  private static func warm(_ cache: any Cache, _ key: Int, _ fetcher: ControllableFetcher)
    async throws
  {
    // Count before the lookup can start: read after it, the count may already include its fetch, and
    // the wait would be for a fetch that never comes.
    let startedBefore = fetcher.startedCount
    let warming = Task { try await cache.lookup(key) }
    await fetcher.waitForStarts(startedBefore + 1)
    fetcher.release()
    _ = try await warming.value
  }

  // Holding an actor spins on one thread of the cooperative pool, so the holder and the queued caller
  // need two threads, and no other holder may run at the same time.
  @Test(
    .enabled(if: HostInfo.onlineCores >= 2, "holding an actor takes a whole pool thread"),
    .serialized, arguments: HoldableDesign.all)
  func queueDelayCoversTheWholeTimeTheActorIsHeldBusy(design: HoldableDesign) async throws {
    let fetcher = ControllableFetcher()
    let (cache, hold) = design.make(fetcher)
    try await Self.warm(cache, 1, fetcher)

    let gate = OccupancyGate()
    let holder = Task { await hold(1, gate) }
    await eventually("the actor is held") { gate.isHeld }
    let issuedFlag = Atomic<Bool>(false)
    let caller = Task {
      let issued = MonotonicClock.now()
      issuedFlag.store(true, ordering: .releasing)
      return (issued, try await cache.lookup(1))
    }
    await eventually("the caller issued its request") { issuedFlag.load(ordering: .acquiring) }
    let opened = gate.open()
    await holder.value
    let (issued, lookup) = try await caller.value

    #expect(lookup.outcome == .hit)
    #expect(lookup.timing!.entered >= opened, "nobody enters a held actor")
    #expect(lookup.timing!.queueDelay(issued: issued) >= opened - issued)
    #expect(lookup.timing!.reentryWait == 0, "a hit is one isolated segment")
    #expect(lookup.timing!.busyWait >= opened - issued, "the actor was busy the whole time held")
    var recorder = ClientRecorder()
    recorder.record(lookup.timing!, issued: issued)
    // A request's timing is recorded with its latency.
    recorder.recordLatency(request: 0, issued: issued, completed: issued, windowStart: 0)
    #expect(recorder.actorWait.totalCount == 1)
    #expect(recorder.actorWait.max >= opened - issued)
    #expect(recorder.actorBusyWait.max >= opened - issued)
    #expect(recorder.actorBusyWait.max <= recorder.actorWait.max, "clamped to the wait")
  }

  @Test(arguments: HoldableDesign.all.map(\.name) + ["mutex"])
  func waitAndServiceOfAHitFitInsideItsLatency(design: String) async throws {
    let fetcher = ControllableFetcher()
    let cache: any Cache =
      design == "mutex"
      ? MutexCache(fetcher: fetcher, decoder: nil)
      : HoldableDesign.all.first { $0.name == design }!.make(fetcher).cache
    try await Self.warm(cache, 3, fetcher)
    let hit = try await Self.timedLookup(cache, 3)
    #expect(hit.lookup.outcome == .hit)
    #expect(hit.lookup.timing!.entered <= hit.returned)
    #expect(hit.lookup.timing!.reentryWait == 0)
    #expect(hit.lookup.timing!.busyWait == 0, "no other segment ended while it waited")
    #expect(
      hit.lookup.timing!.queueDelay(issued: hit.issued) + hit.lookup.timing!.service
        <= hit.returned - hit.issued)
  }

  /// The fetch runs off the actor: a leader's service time leaves out the whole time its fetch was held at
  /// the fetcher, and its waits and service still fit inside its latency.
  @Test(arguments: HoldableDesign.all.map(\.name) + ["mutex"])
  func aLeadersServiceTimeLeavesOutItsFetch(design: String) async throws {
    let fetcher = ControllableFetcher()
    let cache: any Cache =
      design == "mutex"
      ? MutexCache(fetcher: fetcher, decoder: nil)
      : HoldableDesign.all.first { $0.name == design }!.make(fetcher).cache
    let leader = Task { try await Self.timedLookup(cache, 5) }
    await fetcher.waitForStarts(1)
    // The fetch can start before the leader's segment that started it has closed (its thread
    // preempted in between, as seen under the thread sanitizer on a loaded machine). Reading the
    // cache's state queues behind that segment on the same actors or lock, so the held window timed
    // below begins after it and holds none of the leader's service.
    _ = await cache.readyEntryCount
    _ = await cache.staleRejectedCount
    let fetchSeenStarted = MonotonicClock.now()
    // Keeps the fetch held for a while; the expectations hold however long that is.
    for _ in 0..<1_000 { await Task.yield() }
    let released = MonotonicClock.now()
    fetcher.release()
    let led = try await leader.value

    #expect(led.lookup.outcome == .leader)
    let timing = try #require(led.lookup.timing)
    let latency = led.returned - led.issued
    #expect(timing.service <= latency - (released - fetchSeenStarted))
    #expect(timing.queueDelay(issued: led.issued) + timing.service <= latency)
  }

  @Test func theBusyPartOfAWaitIsTheSegmentsThatEndedBetweenTheCallAndTheEntry() {
    let busy = IsolationBusyTime()
    let earlier = busy.close(busy.enter())
    let busyAtCall = busy.nanoseconds
    #expect(busyAtCall == earlier)
    let other = busy.close(busy.enter())
    let own = busy.enter()
    #expect(own.busyAtEntry == earlier + other)
    let timing = busy.end(own, busyAtCall: busyAtCall)
    #expect(timing.busyWait == other, "only the segment that ended after the call")
    #expect(timing.reentryWait == 0)
    #expect(busy.nanoseconds == earlier + other + timing.service)
  }

  @Test func aDesignThatDoesNotMeasureTheBusyPartLeavesItUnknown() {
    let timing = IsolationTiming(entered: 1_500, reentryWait: 0, service: 80)
    #expect(timing.busyWait == IsolationTiming.unknownBusyWait)
    var recorder = ClientRecorder()
    recorder.record(timing, issued: 1_000)
    recorder.recordLatency(request: 0, issued: 1_000, completed: 2_000, windowStart: 0)
    #expect(recorder.busyUntimed == 1)
    #expect(recorder.actorBusyWait.totalCount == 0)
    recorder.record(
      IsolationTiming(entered: 1_500, reentryWait: 0, service: 80, busyWait: 900), issued: 1_000)
    recorder.recordLatency(request: 1, issued: 1_000, completed: 2_000, windowStart: 0)
    #expect(recorder.actorBusyWait.max == 500, "clamped to the 500 ns wait")
  }

  @Test func aDomainThatReadsNoClockTimesNothingAndKeepsItsTotal() {
    let busy = IsolationBusyTime()
    // A segment that spans a clock read of its own is at least as long as the time between the reads.
    let timed = busy.enter()
    let inside = MonotonicClock.now()
    let length = busy.close(timed)
    #expect(timed.entered > 0 && timed.entered <= inside)
    #expect(length >= inside - timed.entered)
    let total = busy.nanoseconds
    busy.readingNoClock()
    let untimed = busy.enter()
    #expect(untimed.entered == 0, "no clock read at entry")
    #expect(untimed.busyAtEntry == total)
    let timing = busy.end(untimed, busyAtCall: total)
    #expect(timing.entered == 0)
    #expect(timing.service == 0, "no clock read at the end")
    #expect(timing.busyWait == 0)
    #expect(busy.close(busy.enter()) == 0)
    #expect(busy.nanoseconds == total, "the total stays where it was")
  }

  @Test func utilisationIsEachDomainsBusyTimeOverTheWindow() throws {
    let domains = [IsolationBusyTime(), IsolationBusyTime()]
    let start = domains.map(\.nanoseconds)
    let first = domains[0].close(domains[0].enter())
    let utilisation = try #require(
      IsolationUtilisation(domains: domains, start: start, windowNanoseconds: 1_000_000_000))
    #expect(utilisation.busyNanoseconds == [first, 0])
    #expect(utilisation.maximum == Double(first) / 1e9)
    #expect(utilisation.mean == Double(first) / 2e9)
    #expect(IsolationUtilisation(domains: nil, start: nil, windowNanoseconds: 1) == nil)
    let sharded = ShardedCache(shards: 4, fetcher: ControllableFetcher(), decoder: nil)
    #expect(sharded.isolationBusyTimes?.count == 4, "a domain per shard")
    #expect(MutexCache(fetcher: ControllableFetcher(), decoder: nil).isolationBusyTimes?.count == 1)
    #expect(IsolationUtilisation(domains: domains, start: [0], windowNanoseconds: 1) == nil)
    #expect(IsolationUtilisation(domains: domains, start: start, windowNanoseconds: 0) == nil)
  }

  @Test func theQueueDelayAddsTheReentryWaitAndNeverGoesNegative() {
    let timing = IsolationTiming(entered: 1_500, reentryWait: 200, service: 80)
    #expect(timing.queueDelay(issued: 1_000) == 700)
    #expect(timing.queueDelay(issued: 1_600) == 200, "an entry read before the issue counts as 0")
    var recorder = ClientRecorder()
    recorder.record(timing, issued: 1_000)
    recorder.recordLatency(request: 0, issued: 1_000, completed: 2_000, windowStart: 0)
    #expect(recorder.actorWait.max == 700)
    #expect(recorder.actorService.max == 80)
  }
}
