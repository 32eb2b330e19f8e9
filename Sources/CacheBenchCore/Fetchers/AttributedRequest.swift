import Synchronization

/// The request a task serves, as the harness's fetcher sees it when a fetch begins
/// (`FetchAttribution.fetchBegan`): bound by the client loop around each read of a window the harness
/// attributes, and inherited by the child and unstructured tasks the cache makes while serving it (not by
/// `Task.detached`).
@usableFromInline
struct AttributedRequest: Sendable {
  /// The request the current task serves; nil outside an attributed read. A `TaskLocal` constant rather
  /// than the property wrapper, so the client loop specialised in a design's module can bind it inline.
  @usableFromInline
  static let bound = TaskLocal<AttributedRequest?>(wrappedValue: nil)

  /// `bound`'s value in the current task.
  static var current: AttributedRequest? { bound.get() }

  /// The client that issued it, whose state says whether it is still open. Unretained, so binding the
  /// request copies no reference count (a retain and a release per read, on a hit path of 80 ns): the
  /// window's `FetchAttribution` keeps every client alive, and a fetch reads this only through it.
  let unretainedClient: Unmanaged<AttributingClient>

  var client: AttributingClient { unretainedClient.takeUnretainedValue() }
  /// Its number among the client's requests, from 1.
  let serial: UInt64
  let key: Int
}

/// One client's side of `FetchAttribution`: whether its current request is open, and whether a fetch
/// has marked it the leader.
///
/// The state is one atomic word, `serial << 1` while request `serial` is open, with the low bit set once
/// it led a fetch, and 0 between requests; a fetch task may read it on another thread while the client
/// waits, or after the client moved on, which the serial tells apart.
@usableFromInline
final class AttributingClient: Sendable {
  private let state = Atomic<UInt64>(0)

  init() {}

  /// Marks `serial` open.
  func open(_ serial: UInt64) {
    state.store(serial << 1, ordering: .releasing)
  }

  /// Closes the current request: whether request `serial` led a fetch.
  func close(_ serial: UInt64) -> Bool {
    state.exchange(0, ordering: .sequentiallyConsistent) == serial << 1 | 1
  }

  /// A fetch of `request.key` began in `request`'s task: marks it the leader if it is still open,
  /// counting an open leader in `attribution` the first time. False when the request has returned.
  ///
  /// The open leader is counted before the mark, so a request overlapping it sees it from the moment
  /// the mark could be seen; a mark that fails takes it back.
  func lead(_ request: AttributedRequest, in attribution: FetchAttribution) -> Bool {
    let open = request.serial << 1
    attribution.change(request.key, by: FetchAttribution.opened)
    let (marked, original) = state.compareExchange(
      expected: open, desired: open | 1, ordering: .sequentiallyConsistent)
    if marked { return true }
    attribution.change(request.key, by: FetchAttribution.closed)
    return original == open | 1
  }
}

/// What a client loop keeps to attribute its requests: its `AttributingClient`, the serial of its last
/// request and its counts, added to the window's `FetchAttribution` when the client returns (`finish`).
@usableFromInline
struct AttributionSession {
  /// A read in progress: the request bound to its task, and its key's activity when it began.
  @usableFromInline
  struct Open {
    @usableFromInline let request: AttributedRequest
    let activity: UInt64
  }

  private let attribution: FetchAttribution
  private let client = AttributingClient()
  private var serial: UInt64 = 0
  private var totals = AttributionTotals()

  @usableFromInline
  init(_ attribution: FetchAttribution) {
    self.attribution = attribution
    attribution.keep(client)
  }

  /// Opens a read of `key`.
  @usableFromInline
  mutating func open(_ key: Int) -> Open {
    serial &+= 1
    client.open(serial)
    return Open(
      request: AttributedRequest(
        unretainedClient: Unmanaged.passUnretained(client), serial: serial, key: key),
      activity: attribution.activity(of: key))
  }

  /// Closes `read`; `served` when it returned a value of its key with no outcome of the design's, which
  /// is then counted a leader, a hit or contended (see `FetchAttribution`).
  @usableFromInline
  mutating func close(_ read: Open, served: Bool) {
    let key = read.request.key
    let led = client.close(read.request.serial)
    if led { attribution.change(key, by: FetchAttribution.closed) }
    guard served else { return }
    if led {
      totals.leaders += 1
    } else if attribution.overlapped(key, since: read.activity) {
      totals.contended += 1
    } else {
      totals.hits += 1
    }
  }

  /// Adds this client's counts to the window's.
  @usableFromInline
  func finish() {
    attribution.add(totals)
  }
}
