import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct RawLatencyWriterTests {
  @Test func samplesAreWrittenPerVariantInRequestOrderWithTheirKeys() {
    var naive = OutputFixtures.naiveInside
    naive.rawLatencies = [
      RawLatencySample(request: 2, issuedNanoseconds: 900, latencyNanoseconds: 41_000),
      RawLatencySample(request: 0, issuedNanoseconds: 0, latencyNanoseconds: 1_200_000),
      RawLatencySample(request: 1, issuedNanoseconds: 15, latencyNanoseconds: 1_100_000),
    ]
    var sharded = OutputFixtures.shardedOutside
    sharded.rawLatencies = [
      RawLatencySample(request: 0, issuedNanoseconds: 3, latencyNanoseconds: 7)
    ]
    sharded.repetition = 2
    let keys = KeySequence(distribution: .zipf(theta: 0.99), keys: 1_000, seed: 42)
    let expected =
      "variant,design,decode,shards,request,key,issued_ns,latency_ns,repetition\r\n"
      + "naive,naive,inside,1,0,\(keys.key(at: 0)),0,1200000,0\r\n"
      + "naive,naive,inside,1,1,\(keys.key(at: 1)),15,1100000,0\r\n"
      + "naive,naive,inside,1,2,\(keys.key(at: 2)),900,41000,0\r\n"
      + "sharded(8),sharded,outside,8,0,\(keys.key(at: 0)),3,7,2\r\n"
    #expect(
      RawLatencyWriter.render(results: [naive, sharded], scenario: OutputFixtures.scenario)
        == expected)
  }

  @Test func resultsWithoutSamplesGiveTheHeaderAlone() {
    #expect(
      RawLatencyWriter.render(
        results: [OutputFixtures.naiveInside], scenario: OutputFixtures.scenario)
        == "variant,design,decode,shards,request,key,issued_ns,latency_ns,repetition\r\n")
  }
}
