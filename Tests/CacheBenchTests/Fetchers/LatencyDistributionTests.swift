import Foundation
import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// Latency distributions: their spellings, and samples drawn from them through `FetchDraws` on a fixed
/// seed that match the distribution's mean or median.
struct LatencyDistributionTests {
  /// 20 000 latencies drawn the way fetches draw them: 200 keys, 100 fetches each.
  private func samples(_ distribution: LatencyDistribution) -> [Double] {
    let draws = FetchDraws(latency: distribution, seed: 7)
    return (0..<200).flatMap { key in
      (0..<100).map { Double(draws.draw(key: key, ordinal: $0).nanoseconds) }
    }
  }

  private func mean(_ values: [Double]) -> Double {
    values.reduce(0, +) / Double(values.count)
  }

  private func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
  }

  /// Each distribution, its expected mean in ns and the relative tolerance of the sample mean.
  static let means: [(LatencyDistribution, Double, Double)] = [
    (.constant(.milliseconds(2)), 2_000_000, 0),
    (.uniform(.milliseconds(1), .milliseconds(5)), 3_000_000, 0.02),
    (.exponential(mean: .milliseconds(2)), 2_000_000, 0.03),
    // exp(sigma^2 / 2) * median.
    (.lognormal(median: .milliseconds(2), sigma: 0.5), 2_000_000 * exp(0.125), 0.03),
    (.bimodal(fast: .milliseconds(1), slow: .milliseconds(50), slowShare: 0.01), 1_490_000, 0.1),
  ]

  @Test(arguments: means)
  func theSampleMeanMatchesTheDistributionsMean(
    _ distribution: LatencyDistribution, _ expected: Double, _ tolerance: Double
  ) {
    let sample = mean(samples(distribution))
    #expect(abs(sample - expected) <= expected * tolerance + 1, "\(distribution): \(sample)")
    #expect(abs(Double(distribution.mean.nanoseconds) - expected) <= 1)
  }

  @Test func theLognormalSampleMedianIsTheConfiguredMedian() {
    let sample = median(samples(.lognormal(median: .milliseconds(2), sigma: 0.5)))
    #expect(abs(sample - 2_000_000) <= 2_000_000 * 0.03, "\(sample)")
  }

  @Test func theExponentialSampleMedianIsTheMeanTimesLnTwo() {
    let sample = median(samples(.exponential(mean: .milliseconds(2))))
    #expect(abs(sample - 2_000_000 * log(2)) <= 2_000_000 * 0.04, "\(sample)")
  }

  @Test func theBimodalSlowShareIsTheConfiguredShare() {
    let values = samples(.bimodal(fast: .milliseconds(1), slow: .milliseconds(50), slowShare: 0.01))
    let slow = values.filter { $0 == 50_000_000 }.count
    #expect(values.allSatisfy { $0 == 1_000_000 || $0 == 50_000_000 })
    #expect((160...240).contains(slow), "\(slow) slow of \(values.count)")
  }

  @Test func uniformSamplesStayWithinTheBounds() {
    let values = samples(.uniform(.milliseconds(1), .milliseconds(5)))
    #expect(values.allSatisfy { $0 >= 1_000_000 && $0 < 5_000_000 })
  }

  @Test func theSameSeedKeyAndOrdinalAlwaysDrawTheSameFetch() {
    let first = FetchDraws(latency: .exponential(mean: .milliseconds(2)), failRate: 0.5, seed: 3)
    let second = FetchDraws(latency: .exponential(mean: .milliseconds(2)), failRate: 0.5, seed: 3)
    let other = FetchDraws(latency: .exponential(mean: .milliseconds(2)), failRate: 0.5, seed: 4)
    let backward = (0..<50).reversed().map { second.draw(key: 9, ordinal: $0) }
    #expect((0..<50).map { first.draw(key: 9, ordinal: $0) } == Array(backward.reversed()))
    #expect(
      (0..<50).map { first.draw(key: 9, ordinal: $0) }
        != (0..<50).map { other.draw(key: 9, ordinal: $0) })
  }

  @Test(arguments: [0.0, 0.1, 0.5, 1.0])
  func theShareOfFailedFetchesIsTheFailRate(_ rate: Double) {
    let draws = FetchDraws(latency: .constant(.zero), failRate: rate, seed: 11)
    let failed = (0..<10_000).filter { draws.draw(key: $0 % 37, ordinal: $0 / 37).fails }.count
    #expect(abs(Double(failed) - rate * 10_000) <= 200, "\(failed)")
  }

  /// Spellings, what they parse to, and the canonical text written to the CSV.
  static let spellings: [(String, LatencyDistribution, String)] = [
    ("2ms", .constant(.milliseconds(2)), "2ms"),
    ("0s", .constant(.zero), "0ns"),
    ("1.5ms", .constant(.microseconds(1_500)), "1500us"),
    ("uniform:1ms..5ms", .uniform(.milliseconds(1), .milliseconds(5)), "uniform:1ms..5ms"),
    ("exp:2ms", .exponential(mean: .milliseconds(2)), "exp:2ms"),
    ("lognormal:2ms,0.5", .lognormal(median: .milliseconds(2), sigma: 0.5), "lognormal:2ms,0.5"),
    (
      "bimodal:1ms,50ms,0.01",
      .bimodal(fast: .milliseconds(1), slow: .milliseconds(50), slowShare: 0.01),
      "bimodal:1ms,50ms,0.01"
    ),
  ]

  @Test(arguments: spellings)
  func eachSpellingParsesAndPrintsCanonically(
    _ text: String, _ expected: LatencyDistribution, _ canonical: String
  ) throws {
    let distribution = try LatencyDistribution.parse(text, for: .latency)
    #expect(distribution == expected)
    #expect(distribution.description == canonical)
    #expect(try LatencyDistribution.parse(canonical, for: .latency) == expected)
  }

  @Test(arguments: [
    "", "2", "-2ms", "61s", "uniform:5ms..1ms", "uniform:1ms", "uniform:1ms..", "exp:",
    "exp:1ms,2ms", "lognormal:2ms", "lognormal:2ms,0", "lognormal:2ms,-1", "lognormal:2ms,6",
    "bimodal:1ms,50ms", "bimodal:1ms,50ms,1", "bimodal:1ms,50ms,0", "bimodal:1ms,50ms,1e-2",
    "pareto:2ms", "uniform:1ms..90s",
  ])
  func badSpellingsAreRefusedQuotingTheValue(_ text: String) {
    #expect {
      try LatencyDistribution.parse(text, for: .latency)
    } throws: { error in
      guard let error = error as? OptionsError,
        case .invalidValue(let option, let value, _) = error
      else {
        return (error as? OptionsError).map {
          if case .invalidDuration = $0 { return true } else { return false }
        } ?? false
      }
      return option == .latency && value == text
    }
  }
}
