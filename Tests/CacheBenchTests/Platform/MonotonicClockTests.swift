import CCycleCounter
import Testing

@testable import CacheBenchCore

/// The hot-path clock: the scale it publishes for its inlined readings, and readings that keep time
/// with `CLOCK_MONOTONIC`.
struct MonotonicClockTests {
  @Test func aReadingPublishesTheMeasuredScaleOrTheSystemClockMarker() {
    _ = MonotonicClock.now()
    let measured = MonotonicClock.nanosecondsPerTickTimes2To32
    #expect(cachebench_clock_scale() == (measured == 0 ? MonotonicClock.usesSystemClock : measured))
    #expect(MonotonicClock.readsTimeStampCounter == (measured != 0))
  }

  /// Both clocks read back to back, the tightest of a few pairs, so a preemption between the two reads
  /// of one pair does not count.
  private static func pair() -> (clock: UInt64, system: UInt64) {
    var best = (clock: UInt64(0), system: UInt64(0), spread: UInt64.max)
    for _ in 0..<8 {
      let before = MonotonicClock.systemNow()
      let clock = MonotonicClock.now()
      let after = MonotonicClock.systemNow()
      if after &- before < best.spread { best = (clock, before / 2 &+ after / 2, after &- before) }
    }
    return (best.clock, best.system)
  }

  @Test func readingsAdvanceAsClockMonotonicDoes() {
    let start = Self.pair()
    var previous = MonotonicClock.now()
    // 20 ms of readings, each no earlier than the one before it on this thread.
    while MonotonicClock.systemNow() &- start.system < 20_000_000 {
      let reading = MonotonicClock.now()
      #expect(reading &+ 100 >= previous)
      previous = max(previous, reading)
    }
    let end = Self.pair()
    let clock = Double(end.clock &- start.clock)
    let system = Double(end.system &- start.system)
    #expect(abs(clock - system) <= system * 0.02, "clock \(clock) ns against \(system) ns")
  }
}
