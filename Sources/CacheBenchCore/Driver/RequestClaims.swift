import Synchronization

/// The shared counter from which clients claim request indices, a batch at a time: one relaxed atomic add
/// per `batchSize` requests, no lock.
///
/// A batch must never starve clients: with `--requests 64 --concurrency 64` every client has to get one
/// request, or 64 overlapping callers become 2 and the reentrancy duplicates the run exists to show
/// vanish. `batchSize(requests:concurrency:)` therefore shrinks the batch until every client gets at least
/// 16 batches of a request-count window.
///
/// Claiming in batches keeps the clients from bouncing one cache line between cores on every request (an
/// atomic add on a line another core just wrote costs tens of nanoseconds, more than the rest of the
/// harness). Request i still asks for `keys.key(at: i)`; with a request-count stop every index below the
/// limit is issued exactly once. With a duration stop, a client that sees the deadline leaves the rest of
/// its batch unissued, so the issued indices are not a prefix; they never were, as each client dropped the
/// index it had claimed.
@usableFromInline
final class RequestClaims: Sendable {
  /// The largest batch: small enough that clients finish a request-count window within one batch of
  /// each other, large enough that the shared add is rare.
  static let maximumBatchSize = 32

  /// Indices per claim.
  let batchSize: Int

  private let counter = Atomic<Int>(0)

  /// A counter handing out `batchSize` indices per claim (1...`maximumBatchSize`).
  init(batchSize: Int = RequestClaims.maximumBatchSize) {
    precondition(batchSize >= 1)
    self.batchSize = batchSize
  }

  /// The batch for `concurrency` clients sharing a window of `requests` requests (nil: a duration stop,
  /// no limit): at most `maximumBatchSize`, and small enough that each client gets at least 16 batches.
  static func batchSize(requests: Int?, concurrency: Int) -> Int {
    guard let requests else { return maximumBatchSize }
    return max(1, min(maximumBatchSize, requests / max(1, concurrency * 16)))
  }

  /// A counter sized for a window that stops at `stop` with `concurrency` clients.
  convenience init(stop: StopCondition, concurrency: Int) {
    var requests: Int? = nil
    if case .requests(let count) = stop { requests = count }
    self.init(batchSize: Self.batchSize(requests: requests, concurrency: concurrency))
  }

  /// The next unclaimed batch of request indices, `batchSize` long.
  @inline(__always)
  func nextBatch() -> Range<Int> {
    let start = counter.wrappingAdd(batchSize, ordering: .relaxed).oldValue
    return start..<(start &+ batchSize)
  }

  /// The next unclaimed request index alone, for open-loop clients: they sleep until each request is
  /// due, so the shared add is cheap beside the wait, and claiming one index at a time lets whichever
  /// client is free take the next due request instead of leaving it behind another client's batch.
  @inline(__always)
  func next() -> Int {
    counter.wrappingAdd(1, ordering: .relaxed).oldValue
  }

  /// How many indices have been claimed so far, for progress displays: one relaxed load, no write,
  /// so polling it does not slow the clients. Claims are whole batches, and each client's last one
  /// reaches past the window's end, so this runs ahead of requests issued by up to a batch a client.
  var claimed: Int {
    counter.load(ordering: .relaxed)
  }
}
