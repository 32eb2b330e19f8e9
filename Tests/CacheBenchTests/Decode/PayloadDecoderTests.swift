import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct PayloadDecoderTests {
  @Test func zeroCostMeansNoWork() {
    #expect(PayloadDecoder.calibrated(cost: .zero).steps == 0)
  }

  @Test func calibrationScalesStepsWithTheCost() {
    let small = PayloadDecoder.calibrated(cost: .microseconds(10)).steps
    let large = PayloadDecoder.calibrated(cost: .microseconds(1_000)).steps
    #expect(small > 0)
    #expect(abs(Double(large) / Double(small) - 100) < 1)
  }

  @Test func decodingIsDeterministicAndDependsOnEveryByteStep() {
    let payload = Payload(key: 3, count: 64)
    let decoder = PayloadDecoder(steps: 1_000)
    #expect(decoder.decode(payload) == decoder.decode(payload))
    #expect(decoder.decode(payload) != PayloadDecoder(steps: 999).decode(payload))
    #expect(decoder.decode(payload) != decoder.decode(Payload(key: 4, count: 64)))
  }
}
