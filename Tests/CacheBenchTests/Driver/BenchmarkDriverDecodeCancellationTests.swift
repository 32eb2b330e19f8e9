import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The driver's decode-after-cancellation figures on small real runs where every read is cancelled
/// (`--cancel-rate 1`): exact counts that do not depend on timing.
@Suite(.timeLimit(.minutes(2)))
struct BenchmarkDriverDecodeCancellationTests {
  /// 256-byte payloads and a decode of 12 chunks of them at this process's calibrated step speed.
  ///
  /// A fixed 20 µs decode came to 3 chunks in a debug build under load (a fresh clone's `scripts/test`),
  /// fewer than the largest checkpoint the tests use: the decoder turns a cost into steps by the speed
  /// it measured at start, so the chunk count of a fixed cost moves with the machine.
  private func scenario(
    _ variants: [Variant], moment: CancelMoment, checkpoint: Int = 0, cancelRate: Double = 1
  ) -> Scenario {
    var scenario = Scenario(variants: variants)
    scenario.keys = 40
    scenario.concurrency = 8
    scenario.stop = .requests(300)
    scenario.warmupRequests = 0
    scenario.fetchLatency = .zero
    scenario.payloadBytes = 256
    scenario.decodeCost = .nanoseconds(
      Int64((Double(12 * scenario.payloadBytes) * PayloadDecoder.stepNanoseconds).rounded(.up)))
    scenario.cancelRate = cancelRate
    scenario.cancelMoment = moment
    scenario.decodeCheckpoint = checkpoint
    return scenario
  }

  /// Chunks of one decode of the scenario's cost over its payload.
  private func chunks(_ scenario: Scenario) -> Int {
    PayloadDecoder.chunks(
      steps: PayloadDecoder.calibrated(cost: scenario.decodeCost).steps,
      over: Payload(key: 0, count: scenario.payloadBytes))
  }

  @Test(arguments: [(0, false), (1, true), (3, true)])
  func everyOutsideDecodeOfACancelledReadIsTheCallersAndIsCancelledAfterItsFirstChunk(
    checkpoint: Int, stops: Bool
  ) async throws {
    let scenario = scenario(
      [Variant(design: .coalescing, decode: .outside, shards: 1)], moment: .decode,
      checkpoint: checkpoint)
    let chunks = chunks(scenario)
    try #require(chunks > 3, "the decode has more chunks than the largest checkpoint")
    let result = try #require(try await BenchmarkDriver(scenario: scenario).run().first)
    let figures = try #require(result.decodeCancellation)
    #expect(result.cancellations == 300)
    #expect(figures.callerDecodes == 300)
    #expect(figures.decodesCancelled == 300)
    #expect(figures.decodesStopped == (stops ? 300 : 0))
    // Cancelled after chunk 1; without a checkpoint the other chunks run, with one every K chunks
    // K - 1 of them do.
    #expect(figures.wastedChunks == 300 * (stops ? checkpoint - 1 : chunks - 1))
    #expect(figures.applies)
  }

  @Test func aCoalescingDecodeInsideIsNeverACancelledCallersSoItsWasteDoesNotApply() async throws {
    let scenario = scenario(
      [Variant(design: .coalescing, decode: .inside, shards: 1)], moment: .decode)
    let result = try #require(try await BenchmarkDriver(scenario: scenario).run().first)
    let figures = try #require(result.decodeCancellation)
    #expect(figures.callerDecodes == 0)
    #expect(figures.decodesElsewhere > 0)
    #expect(!figures.applies)
    #expect(figures.wastedShare == nil)
    #expect(result.cancellations == 0, "no decode of its own cancelled the caller: it was served")
  }

  @Test func cancelledAtWaitNoBuiltInDesignDecodesForTheCancelledCaller() async throws {
    let variants = Variant.all(
      designs: [.naive, .coalescing, .mutex], placements: [.inside, .outside], shards: 1)
    for result in try await BenchmarkDriver(scenario: scenario(variants, moment: .wait)).run() {
      let figures = try #require(result.decodeCancellation)
      #expect(figures.callerDecodes == 0, "\(result.variant)")
    }
  }

  @Test func withoutCancellationsNothingIsMeasured() async throws {
    let scenario = scenario(
      [Variant(design: .naive, decode: .inside, shards: 1)], moment: .wait, cancelRate: 0)
    let result = try #require(try await BenchmarkDriver(scenario: scenario).run().first)
    #expect(result.decodeCancellation == nil)
  }
}
