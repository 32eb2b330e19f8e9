import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

/// The hit-scaling check: its verdict on throughputs whose answer is known (the figures of a single
/// actor and of the Mutex design measured on 2-core Linux), and one short real run for its shape. No
/// timing is asserted.
struct DesignCheckScalingTests {
  static let clients = [1, 2, 64]

  @Test func aSingleActorWhoseHitsCollapseAtTwoClientsWarnsNamingTheCountAndTheFix() {
    let outcome = DesignCheck.judge(
      .init(
        clients: Self.clients, design: [4_800_000, 920_000, 1_100_000],
        reference: [5_290_000, 4_940_000, 4_700_000]),
      referenceName: "mutex")
    #expect(outcome.verdict == .warn)
    #expect(
      outcome.evidence
        == "hits a second: 4.80M/s at 1, 920k/s at 2, 1.10M/s at 64; mutex 5.29M/s at 1, at least"
        + " 0.89× of it at every count: at 2 clients 5.22× lower than at one")
    #expect(outcome.fix?.contains("shard it") == true)
  }

  @Test func aDesignJustAboveTheFloorPasses() {
    let outcome = DesignCheck.judge(
      .init(clients: Self.clients, design: [4_000_000, 2_040_000, 2_100_000], reference: nil),
      referenceName: nil)
    #expect(outcome.verdict == .pass)
    #expect(outcome.evidence.hasSuffix(": held at least 0.51× of one client's"))
    #expect(outcome.fix == nil)
  }

  @Test func noHitAtOneClientWarnsWithoutARatio() {
    let outcome = DesignCheck.judge(
      .init(clients: Self.clients, design: [0, 0, 0], reference: nil), referenceName: nil)
    #expect(outcome.verdict == .warn)
    #expect(outcome.evidence == "no hit was measured at one client")
  }

  @Test func theClientCountsAreOneTwoTheCoresAnd64WithoutRepeats() {
    #expect(DesignCheck.scalingClients(cores: 2) == [1, 2, 64])
    #expect(DesignCheck.scalingClients(cores: 8) == [1, 2, 8, 64])
  }

  @Test func aShortRealRunMeasuresEveryCountForTheDesignAndTheReference() async throws {
    var check = DesignCheck(design: .coalescing)
    check.hitRequests = 2_000
    let outcome = try await check.hitScaling(reference: .mutex)
    #expect(outcome.check == "hit-scaling")
    #expect(outcome.verdict != .fail)
    for count in DesignCheck.scalingClients(cores: HostInfo.onlineCores) {
      #expect(outcome.evidence.contains(" at \(count)"), "\(outcome.evidence)")
    }
    #expect(outcome.evidence.contains("; mutex "))
  }
}
