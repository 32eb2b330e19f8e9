import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The operation mix: counter-based, repeatable, and drawing the shares it was given.
struct OperationMixTests {
  private func operations(_ mix: OperationMix, count: Int) -> [OperationMix.Operation] {
    (0..<count).map { mix.operation(at: $0) }
  }

  @Test func theDefaultMixIsAllReads() {
    let mix = OperationMix(invalidateRate: 0, cancelRate: 0, seed: 7)
    #expect(operations(mix, count: 10_000).allSatisfy { $0 == .read })
  }

  @Test func sameSeedGivesTheSameOperationsInAnyClaimOrder() {
    let mix = OperationMix(invalidateRate: 0.1, cancelRate: 0.3, seed: 42)
    let forward = operations(mix, count: 10_000)
    let backward = (0..<10_000).reversed().map { mix.operation(at: $0) }
    #expect(Array(backward.reversed()) == forward)
    #expect(
      operations(OperationMix(invalidateRate: 0.1, cancelRate: 0.3, seed: 42), count: 10_000)
        == forward)
    #expect(
      operations(OperationMix(invalidateRate: 0.1, cancelRate: 0.3, seed: 43), count: 10_000)
        != forward)
  }

  @Test(arguments: [(0.05, 0.2), (0.5, 0.5), (0.0, 0.9), (0.3, 0.0)])
  func theSharesDrawnAreTheRatesGiven(invalidateRate: Double, cancelRate: Double) {
    let count = 100_000
    let drawn = operations(
      OperationMix(invalidateRate: invalidateRate, cancelRate: cancelRate, seed: 1), count: count)
    let invalidations = drawn.filter { $0 == .invalidate }.count
    let reads = count - invalidations
    let cancelled = drawn.filter { $0 == .cancelledRead }.count
    // 100,000 draws: the binomial standard deviation of a share is below 0.0016, so 0.01 is > 6 sigma.
    #expect(abs(Double(invalidations) / Double(count) - invalidateRate) < 0.01)
    #expect(abs(Double(cancelled) / Double(reads) - cancelRate) < 0.01)
  }

  @Test func aRateOfOneLeavesNoOtherOperation() {
    #expect(
      operations(OperationMix(invalidateRate: 1, cancelRate: 1, seed: 3), count: 1_000)
        .allSatisfy { $0 == .invalidate })
    #expect(
      operations(OperationMix(invalidateRate: 0, cancelRate: 1, seed: 3), count: 1_000)
        .allSatisfy { $0 == .cancelledRead })
  }

  @Test(arguments: [(0.1, 0.2), (0.0, 0.5), (0.4, 0.05)])
  func theWriteShareIsTheRateOfWhatIsNotInvalidated(invalidateRate: Double, writeRate: Double) {
    let count = 100_000
    let drawn = operations(
      OperationMix(invalidateRate: invalidateRate, cancelRate: 0.2, writeRate: writeRate, seed: 9),
      count: count)
    let invalidations = drawn.filter { $0 == .invalidate }.count
    let writes = drawn.filter { $0 == .write }.count
    // As above, 0.01 is over 6 binomial standard deviations at these counts.
    #expect(abs(Double(writes) / Double(count - invalidations) - writeRate) < 0.01)
    #expect(
      operations(OperationMix(invalidateRate: 0, cancelRate: 1, writeRate: 1, seed: 3), count: 100)
        .allSatisfy { $0 == .write })
  }
}
