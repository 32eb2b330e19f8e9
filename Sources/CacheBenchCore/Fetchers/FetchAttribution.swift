import Synchronization

/// The harness's own account of how each request of a window was served, for a design that does not
/// say (`CacheLookup.outcome` nil): which request started each fetch, and which requests overlapped a
/// fetch of their key that another request started.
///
/// The client loop binds `AttributedRequest.current` around each read (`AttributingClient`); task-locals
/// reach child tasks and unstructured `Task {}`, so the fetcher's ledger reads it when a fetch begins
/// (`fetchBegan`) and learns which request's task started it. The rule, per request that returned a value
/// with no outcome of the design's:
/// - **leader**: its task (or a task made from it, not `Task.detached`) began a fetch of its key while
///   the request was open. Exact.
/// - **hit**: it began no fetch, and at no instant between its start and its end was a fetch of its key
///   in flight at the fetcher, or the leader of one still open. Exact, as long as a design stores a
///   fetched value before the request that led its fetch returns (every built-in design does: a leader
///   awaits the fetch it leads, admission included).
/// - otherwise it overlapped someone else's fetch (`contended`): it may have waited for it (a join) or
///   been served a value stored before (a hit). From outside the cache the two cannot be told apart in
///   general: a join may start after the fetch ended but before its value was stored, and a hit may run
///   while a duplicate fetch or the leader's return is still under way. So `hits` and `joins` read n/a for
///   a window with any contended request, and `leaders` stays exact; joins are never guessed.
///
/// A fetch that begins with no open request of its key in its task (`Task.detached`, a background
/// refresh, a fetch of another key, or one started by a request that had returned) is `stray`: nothing
/// bounds when its value is stored, so the window's hits, joins and leaders all read n/a.
///
/// Each key maps to a slot (`key` modulo the slot count; two keys sharing one only make more requests
/// contended, never fewer) holding one atomic word: in the low 32 bits the fetches in flight plus the
/// open leaders of its keys, in the high 32 bits a count of every change. A request reads it when it
/// starts and when it ends: it overlapped activity if the count of activity was non-zero at the start
/// or anything changed since.
///
/// `@unchecked Sendable`: `slots` points at atomics allocated in `init` and freed in `deinit`, never
/// reassigned; every access goes through the atomics. The locks are `SanitizerVisibleMutex`, so the
/// thread sanitizer sees what they order.
@usableFromInline
final class FetchAttribution: @unchecked Sendable {
  /// Adds one to the activity and one to the change count.
  static let opened: UInt64 = (1 << 32) &+ 1
  /// Removes one from the activity and adds one to the change count (the activity is non-zero then).
  static let closed: UInt64 = (1 << 32) &- 1

  private let slots: UnsafeMutablePointer<Atomic<UInt64>>
  private let slotCount: Int
  /// Fetches that began with no open request of their key in their task.
  private let strayCount = Atomic<Int>(0)
  private let totals = SanitizerVisibleMutex(AttributionTotals())
  /// Every client of the window, kept for as long as a fetch may read one through its request
  /// (`AttributedRequest` holds them unretained).
  private let clients = SanitizerVisibleMutex<[AttributingClient]>([])

  /// An attribution over `keys` keys: a slot each, at most 65,536 (512 KiB), which more keys share.
  init(keys: Int) {
    slotCount = min(max(keys, 1), 1 << 16)
    slots = .allocate(capacity: slotCount)
    for index in 0..<slotCount { (slots + index).initialize(to: Atomic(0)) }
  }

  deinit {
    slots.deinitialize(count: slotCount)
    slots.deallocate()
  }

  private func slot(_ key: Int) -> Int {
    Int(UInt(bitPattern: key) % UInt(slotCount))
  }

  /// The activity word of `key`'s slot now.
  func activity(of key: Int) -> UInt64 {
    slots[slot(key)].load(ordering: .sequentiallyConsistent)
  }

  /// Whether a request of `key` that read `start` from `activity(of:)` when it began overlapped a fetch
  /// of its key, or an open leader of one, at some instant until now.
  func overlapped(_ key: Int, since start: UInt64) -> Bool {
    start & 0xFFFF_FFFF != 0 || activity(of: key) != start
  }

  /// Records that a leader of `key` is open (`opened`) or has returned (`closed`).
  func change(_ key: Int, by delta: UInt64) {
    slots[slot(key)].wrappingAdd(delta, ordering: .sequentiallyConsistent)
  }

  /// A fetch of `key` began in the current task: marks its request the leader, or counts it stray.
  func fetchBegan(_ key: Int) {
    change(key, by: Self.opened)
    guard let request = AttributedRequest.current, request.key == key,
      request.client.lead(request, in: self)
    else {
      strayCount.wrappingAdd(1, ordering: .sequentiallyConsistent)
      return
    }
  }

  /// A fetch of `key` ended, however.
  func fetchEnded(_ key: Int) {
    change(key, by: Self.closed)
  }

  /// Keeps `client` alive as long as this attribution.
  func keep(_ client: AttributingClient) {
    clients.withLock { $0.append(client) }
  }

  /// Adds a client's counts, once it has returned.
  func add(_ client: AttributionTotals) {
    totals.withLock { $0.add(client) }
  }

  /// The clients' counts and the stray fetches, once the window has drained.
  var figures: AttributionTotals {
    var figures = totals.withLock { $0 }
    figures.strayFetches = strayCount.load(ordering: .sequentiallyConsistent)
    return figures
  }
}

/// What the harness attributed in a window, for the requests the design did not classify.
package struct AttributionTotals: Sendable, Equatable {
  /// Requests that returned a value, with no outcome of the design's, that led a fetch of their key.
  package var leaders = 0
  /// Those that led none and overlapped no fetch of their key: hits.
  package var hits = 0
  /// Those that led none but overlapped another request's fetch of their key: hits or joins.
  package var contended = 0
  /// Fetches that began with no open request of their key in their task.
  package var strayFetches = 0

  /// Requests the harness classified.
  package var classified: Int { leaders + hits + contended }

  mutating func add(_ other: AttributionTotals) {
    leaders += other.leaders
    hits += other.hits
    contended += other.contended
    strayFetches += other.strayFetches
  }
}
