import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// `decodes` and `decode_on_actor_share` through every file `compare` reads, and the gate's rule for the
/// share: where the decode ran is held on any host, and a variant without a decode has nothing to hold.
struct DecodeOnActorShareGateTests {
  /// A run of `coalescing/task` whose decodes ran on the actor as `onActor` of 8 say, beside a
  /// `mutex/none` that decoded nothing.
  private static func record(onActor: Int) -> RunRecord {
    var placed = OutputFixtures.naiveInside
    placed.variant = Variant(design: .coalescing, decode: .task, shards: 1)
    placed.decodes = 8
    placed.decodesOnActor = onActor
    var undecoded = OutputFixtures.naiveInside
    undecoded.variant = Variant(design: .mutex, decode: .noDecode, shards: 1)
    return RunRecord(
      results: [placed, undecoded], scenario: OutputFixtures.scenario,
      metadata: OutputFixtures.metadata)
  }

  @Test func theCSVTheJSONResultAndTheBaselineReadTheShareBackAndNoDecodeAsUnmeasured() throws {
    let record = Self.record(onActor: 6)
    let texts = [
      CSVWriter.render(record), try JSONWriter.render(record),
      ResultDocument(kind: .baseline, record: record).json.rendered(),
    ]
    for (text, name) in zip(texts, ["run.csv", "run.json", "base.json"]) {
      let document = try ResultDocument.parse(text, path: name)
      let placed = try #require(document.variants.first { $0.key == "coalescing/task" })
      #expect(placed.value(of: "decode_on_actor_share") == .some(0.75), "\(name)")
      #expect(placed.value(of: "decodes") == .some(8), "\(name)")
      let undecoded = try #require(document.variants.first { $0.key == "mutex/none" })
      #expect(undecoded.value(of: "decode_on_actor_share") == .some(nil), "\(name): n/a, not 0")
      #expect(undecoded.value(of: "decodes") == .some(nil), "\(name)")
    }
  }

  @Test func aDecodeThatMovedOffTheActorFailsTheGateAndAnUnchangedOnePasses() throws {
    let baseline = ResultDocument(kind: .baseline, record: Self.record(onActor: 8))
    let unchanged = try Comparison(
      baseline: baseline, baselineName: "base",
      current: ResultDocument(kind: .result, record: Self.record(onActor: 8)),
      currentName: "run", thresholds: GateThresholds())
    #expect(unchanged.passed, "\(unchanged.failures)")
    let moved = try Comparison(
      baseline: baseline, baselineName: "base",
      current: ResultDocument(kind: .result, record: Self.record(onActor: 0)),
      currentName: "run", thresholds: GateThresholds())
    #expect(
      moved.failures.map { "\($0.variant) \($0.metric)" } == [
        "coalescing/task decode_on_actor_share"
      ])
  }

  @Test func theShareIsHeldOnAnyHostWithinAFewDecodesInTwenty() {
    let rule = GateThresholds().rule(for: "decode_on_actor_share", design: "coalescing")
    #expect(rule.portable)
    #expect(rule.judge(baseline: 1, current: 0.96) == .ok)
    #expect(rule.judge(baseline: 1, current: 0.9) == .regression)
    #expect(rule.judge(baseline: 0, current: 0.1) == .regression)
    #expect(GateThresholds().rule(for: "decodes", design: "coalescing") == .informational)
  }
}
