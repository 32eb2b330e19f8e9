import Testing

@testable import CacheBenchCore

/// The typed adapter's twins that `cachebench calibrate` measures (`AdapterTwin`): both hit on a warm
/// key, and the overhead is the typed hit less the Int-keyed one.
@Suite(.timeLimit(.minutes(1)))
struct AdapterTwinTests {
  @Test(arguments: [AdapterTwin.typed, AdapterTwin.keyed, AdapterTwin.untyped])
  func eachTwinHasAMeasuredHitPath(design: CacheDesign) async throws {
    let preparation = await HitPathProbe.prepare(
      design: design, shards: 1, payloadBytes: 4_096, keys: 1,
      budget: CalibrationBudget.quick.waiting(upTo: .seconds(30)))
    let round = try #require(preparation.round)
    let nanoseconds = await round()
    #expect(nanoseconds.isFinite && nanoseconds > 0)
  }

  /// Each of the three twins' figures is measured into its own field: none is left nil, as the
  /// KeyedCache one was when the figures were read from the wrong positions.
  @Test func calibrationMeasuresEachTwinIntoItsOwnField() async throws {
    let calibration = await Calibration.measure(
      concurrency: 1, keys: KeySequence(distribution: .uniform, keys: 1, seed: 1), hitPaths: [],
      payloadBytes: 4_096, budget: CalibrationBudget.quick.waiting(upTo: .seconds(30)))
    let adapter = try #require(calibration.typedAdapter)
    let typed = try #require(adapter.typed)
    let keyed = try #require(adapter.keyed)
    let intKeyed = try #require(adapter.intKeyed)
    #expect(typed.isFinite && keyed.isFinite && intKeyed.isFinite)
  }

  @Test func theOverheadIsTheTypedHitLessTheIntKeyedOne() {
    let cost = Calibration.TypedAdapterCost(typed: 84, keyed: 82, intKeyed: 80)
    #expect(cost.overhead == 4)
    #expect(cost.overheadShare == 0.05)
    #expect(cost.keyedOverhead == 2)
    #expect(cost.keyedOverheadShare == 0.025)
    #expect(Calibration.TypedAdapterCost(typed: nil, intKeyed: 80).overhead == nil)
    #expect(Calibration.TypedAdapterCost(typed: 84, intKeyed: 0).overheadShare == nil)
  }
}
