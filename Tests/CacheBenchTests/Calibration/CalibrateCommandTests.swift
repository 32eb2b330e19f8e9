import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The standalone `calibrate` command: which designs and payload size it calibrates for.
struct CalibrateCommandTests {
  @Test func everyDesignIsCalibratedTheOnesThatTakeWritesIncluded() {
    let scenario = CalibrateCommand.scenario(
      for: CalibrationConfiguration(), designs: CacheDesign.builtIn + [.hookless()])
    #expect(
      Calibration.hitPathDesigns(of: scenario.variants).map(\.design.name)
        == CacheDesign.builtIn.map(\.name) + ["hookless"])
    #expect(scenario.payloadBytes == 64)
  }

  @Test func payloadBytesSetsThePayloadTheHitPathsServe() throws {
    let configuration = CalibrationConfiguration(payloadBytes: 4_096)
    #expect(
      try CommandLineParser.parse(["calibrate", "--payload-bytes", "4096"])
        == .calibrate(configuration))
    let scenario = CalibrateCommand.scenario(for: configuration, designs: [.coalescing])
    #expect(scenario.payloadBytes == 4_096)
  }
}
