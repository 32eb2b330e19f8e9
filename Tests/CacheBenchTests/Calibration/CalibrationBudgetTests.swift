import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Which calibration budget a process uses: standard unless its environment asks for quick.
struct CalibrationBudgetTests {
  @Test(arguments: [
    ([:], CalibrationBudget.standard),
    (["CACHEBENCH_CALIBRATION": "quick"], .quick),
    (["CACHEBENCH_CALIBRATION": "standard"], .standard),
    (["CACHEBENCH_CALIBRATION": "Quick"], .standard),
    (["CACHEBENCH_CALIBRATION": ""], .standard),
  ])
  func onlyQuickInTheEnvironmentShortensCalibration(
    environment: [String: String], budget: CalibrationBudget
  ) {
    #expect(CalibrationBudget.chosen(by: environment) == budget)
  }

  @Test func quickDoesFewerRoundsOfFewerOperations() {
    #expect(CalibrationBudget.quick.rounds < CalibrationBudget.standard.rounds)
    #expect(
      CalibrationBudget.quick.operationsPerRound < CalibrationBudget.standard.operationsPerRound)
  }
}
