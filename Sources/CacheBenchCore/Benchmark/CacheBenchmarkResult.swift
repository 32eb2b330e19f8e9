/// The figures of one `CacheBenchmark` window, named as in the CSV (DESIGN.md's metric vocabulary).
///
/// A figure the design did not report is nil, never 0: `hits`, `joins` and `leaders` for a cache that
/// returns no `CacheLookup.outcome`, the actor figures for one that returns no `timing`. Counts are exact;
/// times are this machine's, for reading rather than asserting.
public struct CacheBenchmarkResult: Sendable, Equatable {
  /// The variant measured, as the tool names it: `design/decode`, e.g. `sharded(8)/inside`.
  public var variant: String
  /// Cache lookups completed or failed in the window:
  /// `hits + joins + leaders + errors + cancellations` when the outcomes are known.
  public var requests: Int
  /// Requests served from a ready entry without waiting for a fetch; nil when not reported.
  public var hits: Int?
  /// Requests served by awaiting a fetch another caller started; nil when not reported.
  public var joins: Int?
  /// Requests that started a fetch; nil when not reported.
  public var leaders: Int?
  /// Requests that ended with an error, answers for another key among them (`wrongKeyAnswers`).
  public var errors: Int
  /// Requests that ended with `CancellationError`.
  public var cancellations: Int
  /// Answers for another key than the one asked for: a bug of the design, counted in `errors` too.
  public var wrongKeyAnswers: Int
  /// Calls the fetcher received.
  public var fetches: Int
  /// Fetches that began while another fetch of the same key was in flight, at the fetcher: the
  /// reentrancy duplicates, 0 for a cache that coalesces.
  public var duplicateFetches: Int
  /// Completed fetches the cache refused to admit because their entry moved on; nil when the design
  /// cannot tell.
  public var staleRejected: Int?
  /// Wall time of the measured window.
  public var window: Duration
  /// Requests per second of window wall time.
  public var throughput: Double
  /// Request latency, from issue to completion.
  public var latency: LatencyPercentiles
  /// `actor_wait`: the queue delay before each timed request entered the cache's isolation; nil when
  /// the design does not time its isolation (`CacheLookup.timing`).
  public var actorWait: LatencyPercentiles?
  /// `actor_busy_wait`: the part of `actorWait` during which the isolation ran other work; nil when
  /// the design does not measure it (`IsolationBusyTime`).
  public var actorBusyWait: LatencyPercentiles?
  /// `actor_service`: each timed request's time inside the isolation; nil as `actorWait`.
  public var actorService: LatencyPercentiles?
  /// `actor_utilisation_max`: the share of the window the busiest isolation domain (the actor, or one
  /// shard's) spent running work, from 0 to about 1; near 1 it is a queue every caller waits in. Nil
  /// for a design that keeps no busy total (`Cache.isolationBusyTimes`).
  public var actorUtilisation: Double?
  /// Decodes in the window, wherever they ran; nil for the decode `.noDecode`.
  public var decodes: Int?
  /// `decode_on_actor_share`: the share of `decodes` that ran on an actor's executor, as the
  /// concurrency runtime said at each, from 0 to 1; nil when nothing decoded.
  public var decodeOnActorShare: Double?
}

/// A latency distribution read at the percentiles the tool's table shows.
public struct LatencyPercentiles: Sendable, Equatable {
  public var p50: Duration
  public var p99: Duration
  public var p999: Duration
  public var max: Duration

  /// `histogram` at p50, p99, p99.9 and its maximum.
  init(_ histogram: LatencyHistogram) {
    func at(_ percentile: Double) -> Duration {
      .nanoseconds(Int64(clamping: histogram.value(atPercentile: percentile)))
    }
    p50 = at(50)
    p99 = at(99)
    p999 = at(99.9)
    max = .nanoseconds(Int64(clamping: histogram.max))
  }
}

extension CacheBenchmarkResult {
  /// The public figures of the driver's `result`.
  init(_ result: VariantResult) {
    variant = result.variant.description
    requests = result.requests
    let outcomes = result.outcomesReported
    hits = outcomes ? result.hits : nil
    joins = outcomes ? result.joins : nil
    leaders = result.leadersReported ? result.leaders : nil
    errors = result.errors
    cancellations = result.cancellations
    wrongKeyAnswers = result.wrongKeyAnswers
    fetches = result.fetches
    duplicateFetches = result.duplicateFetches
    staleRejected = result.staleRejected
    window = .nanoseconds(Int64(clamping: result.windowNanoseconds))
    throughput = result.throughput
    latency = LatencyPercentiles(result.latency)
    let timed = result.isolationTimed && !result.actorWait.isEmpty
    actorWait = timed ? LatencyPercentiles(result.actorWait) : nil
    actorService = timed ? LatencyPercentiles(result.actorService) : nil
    actorBusyWait = timed && result.busyWaitTimed ? LatencyPercentiles(result.actorBusyWait) : nil
    actorUtilisation = result.utilisation?.maximum
    decodes = result.decodes
    decodeOnActorShare = result.decodeOnActorShare
  }
}
