import Testing

@testable import CacheBench
@testable import CacheBenchCore
@testable import CacheBenchDesigns

struct TurnQueueTests {
  @Test func theFirstRequestGetsTheTurnAndLaterOnesWaitInOrder() {
    var queue = TurnQueue<Int>()
    var granted: [Bool] = []
    var resumed: [Int?] = []
    granted.append(queue.request(1))
    granted.append(queue.request(2))
    granted.append(queue.request(3))
    resumed.append(queue.release())
    granted.append(queue.request(4))
    resumed.append(queue.release())
    resumed.append(queue.release())
    resumed.append(queue.release())
    #expect(granted == [true, false, false, false])
    #expect(resumed == [2, 3, 4, nil])
  }

  @Test func aReleasedTurnIsFreeForTheNextRequest() {
    var queue = TurnQueue<Int>()
    let first = queue.request(1)
    let next = queue.release()
    let second = queue.request(2)
    #expect(first && next == nil && second)
  }
}
