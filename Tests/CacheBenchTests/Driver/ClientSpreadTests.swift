import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct ClientSpreadTests {
  @Test func anEvenSpreadIsFairAndStarvesNobody() throws {
    let spread = try #require(ClientSpread(requestsPerClient: [25, 25, 25, 25]))
    #expect(spread == ClientSpread(requestsPerClient: [25, 25, 25, 25]))
    #expect(spread.minimum == 25 && spread.median == 25 && spread.maximum == 25)
    #expect(spread.jainIndex == 1)
    #expect(spread.starved == 0)
    #expect(!spread.isExtreme)
  }

  @Test func minimumMedianMaximumAndJainsIndexOfAnUnevenSpread() throws {
    let spread = try #require(ClientSpread(requestsPerClient: [30, 10, 20]))
    #expect(spread.clients == 3)
    #expect(spread.minimum == 10 && spread.median == 20 && spread.maximum == 30)
    // (10 + 20 + 30)² / (3 × (100 + 400 + 900)) = 3600 / 4200.
    #expect(abs(spread.jainIndex - 3_600.0 / 4_200.0) < 1e-12)
    #expect(spread.starved == 0)
  }

  @Test func theMedianOfAnEvenCountIsTheLowerMiddle() throws {
    let spread = try #require(ClientSpread(requestsPerClient: [4, 1, 3, 2]))
    #expect(spread.median == 2)
  }

  /// The run that prompted it: two of 64 clients did almost all 50,000 requests.
  @Test func twoClientsDoingAlmostEverythingIsExtreme() throws {
    let spread = try #require(
      ClientSpread(requestsPerClient: Array(repeating: 1, count: 62) + [25_000, 24_938]))
    #expect(spread.starved == 62)
    #expect(spread.isExtreme)
    #expect(spread.jainIndex < 2.0 / 64 + 0.001)
  }

  @Test func aTenthOfTheFairShareIsTheStarvationLine() throws {
    // Fair share 100; a tenth is 10: 9 is starved, 10 is not.
    let spread = try #require(ClientSpread(requestsPerClient: [9, 10, 181, 200]))
    #expect(spread.starved == 1)
    #expect(!spread.isExtreme)
  }

  @Test func noClientOrNoRequestHasNoSpread() {
    #expect(ClientSpread(requestsPerClient: []) == nil)
    #expect(ClientSpread(requestsPerClient: [0, 0]) == nil)
  }

  @Test func anExtremeSpreadIsNotedOnStderrAndAnEvenOneIsNot() throws {
    var result = OutputFixtures.naiveInside
    result.clientSpread = ClientSpread(requestsPerClient: [1, 1, 1, 97])
    #expect(
      result.designNotes(failRate: 0) == [
        "3 of 4 clients completed under a tenth of their share of the requests (min 1, median 1,"
          + " max 97): the window was far less concurrent than asked, and its latency tail is mostly"
          + " the starved clients' wait"
      ])
    result.clientSpread = ClientSpread(requestsPerClient: [20, 30, 25, 25])
    #expect(result.designNotes(failRate: 0) == [])
  }
}
