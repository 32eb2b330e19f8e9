/// The measured figures of one variant's window, as the writers and the gate read them.
///
/// Names follow the metric vocabulary in DESIGN.md. Times are nanoseconds.
package struct VariantResult: Sendable {
  package var variant: Variant
  /// Which measurement of its variant this is, from 0, in a run that measures each variant several
  /// times (`BenchmarkDriver.repetitions`); always 0 otherwise.
  package var repetition = 0
  /// Cache lookups completed or failed in the window.
  package var requests: Int
  package var hits: Int
  /// Requests served by a design that did not report how (no `CacheLookup.outcome`) and that the
  /// harness could not attribute exactly (`outcomeAttribution`); while any are, `hits` and `joins` are
  /// unknown and every output writes them as n/a, and `leaders` too unless `leadersReported`.
  package var unclassified = 0
  package var joins: Int
  package var leaders: Int
  package var errors: Int
  package var cancellations: Int
  /// Calls the fetcher received.
  package var fetches: Int
  /// Of `fetches`, those that returned a payload to a caller that was not cancelled: only these owe a
  /// decode, so the check that a design decodes where asked counts them, never failed or cancelled ones.
  package var succeededFetches = 0
  /// Fetches that began while another fetch of the same key was in flight, counted at the fetcher.
  package var duplicateFetches: Int
  /// Wall time of the measured window, from the first request issued to the last one completed.
  package var windowNanoseconds: UInt64
  /// Request latency, from issue to completion.
  package var latency: LatencyHistogram
  /// Realised fetch latency, measured at the fetcher.
  package var fetchLatency: LatencyHistogram
  /// The fetch latency the fetcher was configured with.
  package var configuredFetchLatency: Duration
  /// Every request's latency, in no particular order; empty unless raw latencies were asked for.
  package var rawLatencies: [RawLatencySample] = []
  /// Memory and CPU the window cost; unknown figures are nil.
  package var resources = ResourceUsage.unmeasured
  /// `Cache.invalidate` calls issued in the window (`--invalidate-rate`); not requests.
  package var invalidations = 0
  /// Whether the design's `invalidate` removed an entry it held, checked after the window
  /// (`InvalidationCheck`); nil for a run that invalidates nothing, or when the check had no outcome.
  package var invalidationCheck: InvalidationCheck? = nil
  /// How far `--cancel-rate`'s cancellation of waiting reads got into the design
  /// (`CancellationReach`); nil for a run that cancels no read once it waits.
  package var cancellationReach: CancellationReach.Figures? = nil
  /// Fetches still running at the fetcher when the window had drained; anything but 0 means a task
  /// outlived the window.
  var fetchesInFlightAfterWindow = 0
  /// Leaders that missed because their key's entry had been evicted to respect `--capacity`.
  package var evictions = 0
  /// Leaders that missed because their key's entry had outlived `--ttl`.
  package var expirations = 0
  /// The repository figures, for the repository designs only; nil for the others, whose columns are
  /// then empty rather than 0.
  package var repository: RepositoryFigures? = nil
  /// Completed fetches (loads) refused admission because their entry's identity or generation moved on;
  /// nil only for a design that cannot tell.
  package var staleRejected: Int? = nil
  /// `actor_wait`: per request that returned a value, its queue delay before entering the cache's isolation
  /// (the actor, the shard actor, or the lock for `mutex`); see `IsolationTiming`.
  package var actorWait = LatencyHistogram()
  /// `actor_service`: per request that returned a value, its time inside the cache's isolation.
  package var actorService = LatencyHistogram()
  /// `actor_busy_wait`: the part of each request's `actor_wait` during which the isolation was running
  /// other work (`IsolationBusyTime`): contention proper, an upper bound.
  package var actorBusyWait = LatencyHistogram()
  /// Timed requests whose design did not measure the busy part of their wait; while any are,
  /// `actor_busy_wait` is unknown.
  package var busyUntimed = 0
  /// How busy the design's isolation domains were over the window; nil for a design that keeps no busy
  /// totals (`Cache.isolationBusyTimes`).
  package var utilisation: IsolationUtilisation? = nil

  /// `sched_delay`: how long a runnable task waited for a thread during the window, sampled by a probe
  /// (`SchedulingProbe`) beside the clients; not per request.
  package var schedulingDelay = LatencyHistogram()
  /// `main_delay` and its hitches and hangs: how long main-actor jobs waited during the window, for a run
  /// whose clients are on the main actor (`--caller main`); nil otherwise, and under valgrind, where no
  /// probe runs.
  package var mainActorResponsiveness: MainActorResponsiveness? = nil

  /// Requests per client, over the clients that returned; nil when none did or none completed a request.
  package var clientSpread: ClientSpread? = nil

  /// Histograms a result keeps (latency, fetch latency, actor wait, its busy part, actor service,
  /// scheduling delay), which outlive the variant's window as part of the result rather than as a leak.
  static let histogramCount = 6
  /// Whether the run this result belongs to was cut short by a signal or its deadline: this window may
  /// have served fewer requests than the scenario asked for, and later variants were not measured.
  package var interrupted = false
  /// Clients of an interrupted window that were still inside a request when it was given up on (see
  /// `DrainPolicy`); their requests are counted in no figure of this result.
  package var undrainedClients = 0
  /// Whether the window was stopped because it made no progress for `stallTimeout` (a request hung in
  /// the cache); the run went on with the next variant.
  package var stalled = false
  /// How long the window could go without progress before it counted as stalled.
  package var stallTimeout: Duration = .zero

  /// Requests served by a design that did not time its isolation (no `CacheLookup.timing`); while any
  /// are, `actor_wait` and `actor_service` are unknown and written as n/a.
  package var untimed = 0
  /// The jobs of the design's instrumented executors and locks that `actor_wait`, `actor_busy_wait`
  /// and `actor_service` were taken from (`adoptUnhookedIsolation`); nil when they are the requests'
  /// own (the hooks) or n/a.
  package var isolationJobs: Int? = nil
  /// Answers for another key than the one asked for, each counted in `errors` too.
  package var wrongKeyAnswers = 0
  /// What the first failed request said, when any failed; for the variant's report on stderr.
  package var firstErrorDescription: String? = nil
  /// Decodes the design ran with a placement where the cache decodes (`inside`, `nonsending`,
  /// `concurrent`, `task`, `detached`), counted by the decoder it was handed; nil for the others.
  package var insideDecodes: Int? = nil
  /// Decodes in the window, wherever they ran (in the cache, or in the caller for `outside`); nil for
  /// `none`.
  package var decodes: Int? = nil
  /// Of `decodes`, those that ran on an actor's executor, as the concurrency runtime said at each decode
  /// (`CurrentExecutor.isActor`); nil for `none`.
  package var decodesOnActor: Int? = nil
  /// Of `decodesOnActor`, those on the main actor (`CurrentExecutor.isIsolated(to:)`), counted only
  /// with `--caller main`: decodes that held the main thread; nil otherwise.
  package var decodesOnMainActor: Int? = nil
  /// What the decodes did after their request was cancelled (`DecodeCancellation`); nil for a run
  /// that cancels no request (`--cancel-rate 0`) and for `none`.
  package var decodeCancellation: DecodeCancellationFigures? = nil

  /// `decode_on_actor_share`: the share of the window's decodes that ran isolated to an actor, in a
  /// cache design its own actor (the clients, fetch tasks and off-actor placements run on no actor); nil
  /// when nothing decoded (`none`, or a window that fetched nothing).
  package var decodeOnActorShare: Double? {
    guard let decodes, let decodesOnActor, decodes > 0 else { return nil }
    return Double(decodesOnActor) / Double(decodes)
  }

  /// Whether the design said how every request was served, or the harness could tell exactly for those
  /// it did not (`outcomeAttribution`), so `hits`, `joins` and `leaders` are known.
  package var outcomesReported: Bool { unclassified == 0 }
  /// Whether `leaders` is known: with the others, or alone when the harness could count the leaders
  /// but not tell hits from joins.
  package var leadersReported: Bool {
    outcomesReported || outcomeAttribution?.leadersExact == true
  }
  /// For a design that left some outcomes unreported, what the harness attributed and why any figure
  /// still reads n/a; nil when the design reported every one.
  package var outcomeAttribution: OutcomeAttribution? = nil
  /// Whether the design timed every served request's isolation, so `actor_wait` and `actor_service`
  /// are known.
  package var isolationTimed: Bool { untimed == 0 }
  /// Whether the design also measured the busy part of every timed request's wait.
  package var busyWaitTimed: Bool { isolationTimed && busyUntimed == 0 }

  /// Time fetches waited for a fetch-pool slot (`--fetch-limit`), apart from actor queueing; nil without a pool.
  package var fetchQueue: LatencyHistogram? = nil
  /// Open-loop figures (`--rate`); nil in a closed-loop run.
  package var openLoop: OpenLoopFigures? = nil

  /// Histograms this result actually holds: the `histogramCount` always kept, plus the fetch-queue
  /// histogram with a pool and the actual-start latency of an open-loop run. `retained_bytes` does not
  /// charge them to the variant.
  var heldHistogramCount: Int {
    Self.histogramCount + (fetchQueue == nil ? 0 : 1) + (openLoop == nil ? 0 : 1)
  }

  /// Requests per second of window wall time.
  package var throughput: Double {
    windowNanoseconds == 0 ? 0 : Double(requests) * 1e9 / Double(windowNanoseconds)
  }
}

/// What a repository design's window counted besides the requests.
package struct RepositoryFigures: Sendable, Equatable {
  /// Writes sent (operations, not requests).
  package var writes: Int
  /// Writes the store refused because the entity's revision was not the expected one.
  package var conflicts: Int
  /// Writes that failed for another reason (`WriteResult.failed`).
  package var writeFailures: Int = 0
  /// Reads that returned a revision older than one whose write had completed before they began; must
  /// be 0 for `repository`. Nil for a design that gives the harness no store to witness its writes
  /// (`Cache.entityStore`): nothing was checked, and nothing is reported as 0.
  package var staleServedAfterWrite: Int?
}
