/// The measured figures of one variant's window, as the writers and the gate read them.
///
/// Names follow the metric vocabulary in DESIGN.md. Times are nanoseconds.
struct VariantResult: Sendable {
  var variant: Variant
  /// Cache lookups completed or failed in the window.
  var requests: Int
  var hits: Int
  var joins: Int
  var leaders: Int
  var errors: Int
  var cancellations: Int
  /// Calls the fetcher received.
  var fetches: Int
  /// Fetches that began while another fetch of the same key was in flight, counted at the fetcher.
  var duplicateFetches: Int
  /// Wall time of the measured window, from the first request issued to the last one completed.
  var windowNanoseconds: UInt64
  /// Request latency, from issue to completion.
  var latency: LatencyHistogram
  /// Realised fetch latency, measured at the fetcher.
  var fetchLatency: LatencyHistogram
  /// The fetch latency the fetcher was configured with.
  var configuredFetchLatency: Duration
  /// Every request's latency, in no particular order; empty unless raw latencies were asked for.
  var rawLatencies: [RawLatencySample] = []
  /// Memory and CPU the window cost; unknown figures are nil.
  var resources = ResourceUsage.unmeasured
  /// `Cache.invalidate` calls issued in the window (`--invalidate-rate`); not requests.
  var invalidations = 0
  /// Fetches still running at the fetcher when the window had drained; anything but 0 means a task
  /// outlived the window.
  var fetchesInFlightAfterWindow = 0
  /// Leaders that missed because their key's entry had been evicted to respect `--capacity`.
  var evictions = 0
  /// Leaders that missed because their key's entry had outlived `--ttl`.
  var expirations = 0
  /// The repository figures, for the repository designs only; nil for the others, whose columns are
  /// then empty rather than 0.
  var repository: RepositoryFigures? = nil
  /// Completed fetches (loads) refused admission because their entry's identity or generation moved on;
  /// nil only for a design that cannot tell.
  var staleRejected: Int? = nil
  /// `actor_wait`: per request that returned a value, its queue delay before entering the cache's isolation
  /// (the actor, the shard actor, or the lock for `mutex`); see `IsolationTiming`.
  var actorWait = LatencyHistogram()
  /// `actor_service`: per request that returned a value, its time inside the cache's isolation.
  var actorService = LatencyHistogram()

  /// Histograms a result keeps (latency, fetch latency, actor wait, actor service), which outlive the
  /// variant's window as part of the result rather than as a leak.
  static let histogramCount = 4
  /// Whether the run this result belongs to was cut short by a signal or its deadline: this window may
  /// have served fewer requests than the scenario asked for, and later variants were not measured.
  var interrupted = false
  /// Clients of an interrupted window that were still inside a request when it was given up on (see
  /// `DrainPolicy`); their requests are counted in no figure of this result.
  var undrainedClients = 0

  /// Time fetches waited for a fetch-pool slot (`--fetch-limit`), apart from actor queueing; nil without a pool.
  var fetchQueue: LatencyHistogram? = nil
  /// Open-loop figures (`--rate`); nil in a closed-loop run.
  var openLoop: OpenLoopFigures? = nil

  /// Histograms this result actually holds: the `histogramCount` always kept, plus the fetch-queue
  /// histogram with a pool and the actual-start latency of an open-loop run. `retained_bytes` does not
  /// charge them to the variant.
  var heldHistogramCount: Int {
    Self.histogramCount + (fetchQueue == nil ? 0 : 1) + (openLoop == nil ? 0 : 1)
  }

  /// Requests per second of window wall time.
  var throughput: Double {
    windowNanoseconds == 0 ? 0 : Double(requests) * 1e9 / Double(windowNanoseconds)
  }
}

/// What a repository design's window counted besides the requests.
struct RepositoryFigures: Sendable, Equatable {
  /// Writes sent (operations, not requests).
  var writes: Int
  /// Writes the store refused because the entity's revision was not the expected one.
  var conflicts: Int
  /// Reads that returned a revision older than one whose write had completed before they began; must
  /// be 0 for `repository`.
  var staleServedAfterWrite: Int
}
