import Testing

@testable import CacheBench
@testable import CacheBenchCore

/// Both spellings of a key distribution come from one switch and agree on its parameters.
struct KeyDistributionNamesTests {
  @Test(arguments: [
    (KeyDistributionKind.uniform, "uniform", "", "uniform"),
    (.zipf(theta: 0.99), "zipf", "0.99", "zipf(0.99)"),
    (.hotspot(hotShare: 0.2, requestShare: 0.8), "hotspot:0.2,0.8", "", "hotspot(0.2,0.8)"),
  ])
  func eachDistributionHasItsRecordAndSummarySpelling(
    distribution: KeyDistributionKind, record: String, theta: String, summary: String
  ) {
    #expect(distribution.recordName == record)
    #expect(CSVWriter.zipfTheta(distribution) == theta)
    #expect(distribution.summaryName == summary)
  }
}
