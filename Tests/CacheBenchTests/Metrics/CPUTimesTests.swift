import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct CPUTimesTests {
  @Test func sinceSubtractsEveryFigure() {
    let earlier = CPUTimes(
      userMicroseconds: 100, systemMicroseconds: 20, totalNanoseconds: 120_500,
      voluntarySwitches: 3, involuntarySwitches: 1)
    let later = CPUTimes(
      userMicroseconds: 350, systemMicroseconds: 25, totalNanoseconds: 375_900,
      voluntarySwitches: 10, involuntarySwitches: 4)
    #expect(
      later.since(earlier)
        == CPUTimes(
          userMicroseconds: 250, systemMicroseconds: 5, totalNanoseconds: 255_400,
          voluntarySwitches: 7, involuntarySwitches: 3))
  }

  @Test func theProcessClockCountsWorkDone() throws {
    let before = try #require(CPUTimes.now())
    var state: UInt64 = 1
    for index in 0..<2_000_000 { state = state &* 6_364_136_223_846_793_005 &+ UInt64(index) }
    blackHole(state)
    let spent = try #require(CPUTimes.now()).since(before)
    #expect(spent.totalNanoseconds > 0)
    #expect(spent.userMicroseconds + spent.systemMicroseconds >= 0)
  }
}
