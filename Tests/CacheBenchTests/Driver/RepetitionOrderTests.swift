import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The order of a repeated run's windows, and the driver following it.
@Suite(.timeLimit(.minutes(2)))
struct RepetitionOrderTests {
  private func order(_ items: String, repetitions: Int) -> String {
    RepetitionOrder.schedule(Array(items), repetitions: repetitions)
      .map { "\($0.item)\($0.repetition)" }.joined(separator: " ")
  }

  @Test func repetitionsAlternateForwardAndBackward() {
    #expect(
      order("ABCD", repetitions: 3)
        == "A0 B0 C0 D0 D1 C1 B1 A1 A2 B2 C2 D2")
  }

  @Test(arguments: [
    ("ABCD", 1, "A0 B0 C0 D0"), ("AB", 4, "A0 B0 B1 A1 A2 B2 B3 A3"), ("A", 3, "A0 A1 A2"),
    ("ABC", 0, ""), ("", 3, ""),
  ])
  func smallCases(items: String, repetitions: Int, expected: String) {
    #expect(order(items, repetitions: repetitions) == expected)
  }

  @Test func everyVariantIsMeasuredOncePerRepetitionInTheInterleavedOrder() async throws {
    let log = DriverEventLog()
    var driver = BenchmarkDriver(
      scenario: BenchmarkDriverUserDesignTests.scenario([.coalescing, .mutex]),
      onEvent: log.record)
    driver.repetitions = 3
    let results = try await driver.run()
    #expect(
      results.map { "\($0.variant.description)#\($0.repetition)" } == [
        "coalescing/none#0", "mutex/none#0", "mutex/none#1", "coalescing/none#1",
        "coalescing/none#2", "mutex/none#2",
      ])
    #expect(results.allSatisfy { $0.requests == BenchmarkDriverUserDesignTests.requests })
    #expect(log.all.filter { if case .finished = $0 { true } else { false } }.count == 6)
  }

  @Test func aVariantWhoseFactoryThrowsIsTriedOnceWhateverTheRepetitions() async throws {
    let log = DriverEventLog()
    var driver = BenchmarkDriver(
      scenario: BenchmarkDriverUserDesignTests.scenario([.failingFactory, .hookless()]),
      onEvent: log.record)
    driver.repetitions = 3
    let results = try await driver.run()
    #expect(results.map(\.repetition) == [0, 1, 2])
    #expect(results.allSatisfy { $0.variant.description == "hookless/none" })
    #expect(log.all.filter { $0 == .started("failing-factory/none") }.count == 1)
  }
}
